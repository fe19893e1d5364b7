import { Module } from '@nestjs/common';
import { PromptStoreModule } from '../../modules/prompts/prompt-store.module';
import { ProviderStoreModule } from '../../modules/providers/provider-store.module';
import { JobHandlersModule } from '../job-handlers.module';
import { AiJobHandlers } from './ai-job-handlers';

/** The AI job handlers: for the BullMQ consumer (ProcessorsModule) or the inline runner. */
@Module({
  imports: [JobHandlersModule, ProviderStoreModule, PromptStoreModule],
  providers: [AiJobHandlers],
  exports: [JobHandlersModule],
})
export class AiJobHandlersModule {}
