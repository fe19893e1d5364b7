import { Module } from '@nestjs/common';
import { QueueCoreModule } from '../queue-core.module';
import { AiJobHandlersModule } from './ai-job-handlers.module';
import { aiQueueConsumerProvider } from './ai-queue.consumer';

/**
 * The BullMQ consumers (STYLE convention 1): imported by WorkerModule, and by the API's module
 * graph only when REDIS_URL is set and WORKER_IN_PROCESS=true (ApiModule.forRoot).
 */
@Module({
  imports: [QueueCoreModule, AiJobHandlersModule],
  providers: [aiQueueConsumerProvider],
})
export class ProcessorsModule {}
