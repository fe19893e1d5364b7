import { Module } from '@nestjs/common';
import { PromptStoreModule } from '../../modules/prompts/prompt-store.module';
import { ProviderStoreModule } from '../../modules/providers/provider-store.module';
import { JobHandlersModule } from '../job-handlers.module';
import { AiJobsProcessor } from './ai-jobs.processor';
import { AiWorkerHost } from './ai-worker.host';

/** The job processors and the BullMQ consumer. Imported only by WorkerModule (STYLE convention 1). */
@Module({
  imports: [JobHandlersModule, ProviderStoreModule, PromptStoreModule],
  providers: [AiJobsProcessor, AiWorkerHost],
})
export class ProcessorsModule {}
