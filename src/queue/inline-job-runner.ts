import { Injectable, Logger } from '@nestjs/common';
import type { JobRunner, RunOutcome } from './job-runner';
import { JobHandlerRegistry } from './job-handlers';
import type { JobData, JobResult } from './jobs/ai-jobs.contract';
import type { JobName } from './queue.names';

/**
 * Without REDIS_URL: runs the registered handler in this process, with the same bounded wait
 * as the BullMQ path (the handler itself stops at the deadline in the job data).
 */
@Injectable()
export class InlineJobRunner implements JobRunner {
  readonly mode = 'inline' as const;
  private readonly logger = new Logger('InlineJobRunner');

  constructor(private readonly handlers: JobHandlerRegistry) {}

  async run<N extends JobName>(name: N, data: JobData<N>, waitMs: number): Promise<RunOutcome<JobResult<N>>> {
    const handler = this.handlers.get(name);
    if (!handler) return { ok: false, failure: 'noWorker' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<RunOutcome<JobResult<N>>>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, failure: 'timedOut' }), waitMs);
    });
    const work = handler(data).then(
      (result): RunOutcome<JobResult<N>> => ({ ok: true, result }),
      (error: unknown): RunOutcome<JobResult<N>> => {
        this.logger.error(`Job ${name} failed: ${error instanceof Error ? error.name : 'error'}`);
        return { ok: false, failure: 'jobFailed' };
      },
    );
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
