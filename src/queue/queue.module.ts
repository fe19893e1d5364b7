import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../infra/config/app-config';
import { aiQueueEventsProvider } from './ai-queue-events';
import { BullJobRunner } from './bullmq-job-runner';
import { InlineJobRunner } from './inline-job-runner';
import { JOB_RUNNER } from './job-runner';
import { AiJobHandlersModule } from './processors/ai-job-handlers.module';
import { QueueCoreModule } from './queue-core.module';

/**
 * The producer side, global: JOB_RUNNER is the BullMQ runner when REDIS_URL is set, otherwise
 * the inline runner with the AI job handlers in this process (same handlers, same interface —
 * STYLE convention 9). Only the API imports it (ApiModule.forRoot).
 */
@Module({})
export class QueueModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (!config.redisUrl) {
      return {
        module: QueueModule,
        global: true,
        imports: [AiJobHandlersModule],
        providers: [InlineJobRunner, { provide: JOB_RUNNER, useExisting: InlineJobRunner }],
        exports: [JOB_RUNNER],
      };
    }
    return {
      module: QueueModule,
      global: true,
      imports: [QueueCoreModule],
      providers: [aiQueueEventsProvider, BullJobRunner, { provide: JOB_RUNNER, useExisting: BullJobRunner }],
      exports: [JOB_RUNNER],
    };
  }
}
