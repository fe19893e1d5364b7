import type { JobData, JobResult } from './jobs/ai-jobs.contract';
import type { JobName } from './queue.names';

/** Injection token of the JobRunner the module graph chose (BullMQ with REDIS_URL, else inline). */
export const JOB_RUNNER = Symbol('JOB_RUNNER');

/**
 * Why a job produced no result: no worker consumes the queue (`noWorker`), the job vanished or
 * its worker stopped (`jobLost`), nobody finished it within the wait (`timedOut`), the queue
 * could not take it (`queueUnavailable`), or the handler threw (`jobFailed`).
 */
export type RunFailure = 'noWorker' | 'jobLost' | 'timedOut' | 'queueUnavailable' | 'jobFailed';

export type RunOutcome<R> = { ok: true; result: R } | { ok: false; failure: RunFailure };

/**
 * Runs a job and waits for its result, at most `waitMs`, less when the job cannot finish.
 * Both implementations run the same handler code (queue/processors) and never throw.
 */
export interface JobRunner {
  readonly mode: 'bullmq' | 'inline';
  run<N extends JobName>(name: N, data: JobData<N>, waitMs: number): Promise<RunOutcome<JobResult<N>>>;
}
