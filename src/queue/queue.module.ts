import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../infra/config/app-config';
import { BullJobRunner } from './bullmq-job-runner';
import { InlineJobRunner } from './inline-job-runner';
import { JOB_RUNNER, type JobRunner } from './job-runner';
import { JobHandlerRegistry } from './job-handlers';
import { JobHandlersModule } from './job-handlers.module';

/**
 * The producer side: JOB_RUNNER is BullMQ when REDIS_URL is set, otherwise the inline runner
 * (same handlers, same interface — STYLE convention 9). Only the API imports this module.
 */
@Module({
  imports: [JobHandlersModule],
  providers: [
    {
      provide: JOB_RUNNER,
      inject: [APP_CONFIG, JobHandlerRegistry],
      useFactory: (config: AppConfig, handlers: JobHandlerRegistry): JobRunner => {
        if (config.redisUrl) return new BullJobRunner(config);
        new Logger('JobQueue').log('No REDIS_URL: AI jobs run in-process (inline runner)');
        return new InlineJobRunner(handlers);
      },
    },
  ],
  exports: [JOB_RUNNER, JobHandlersModule],
})
export class QueueModule {}
