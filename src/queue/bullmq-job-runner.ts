import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, QueueEvents, type Job } from 'bullmq';
import type IORedis from 'ioredis';
import type { AppConfig } from '../infra/config/app-config';
import type { JobRunner, RunOutcome } from './job-runner';
import type { JobData, JobResult } from './jobs/ai-jobs.contract';
import { JOB_RETENTION, QueueName, type JobName } from './queue.names';
import { Reconnect, blockingRedisOptions, createProducerRedis, throttledErrorLog, withTimeout } from './redis-connection';

/** Enqueueing must be quick; beyond this Redis counts as unavailable. */
const ADD_TIMEOUT_MS = 2000;
/** Bound of the small Redis look-ups around a wait (state check, removal). */
const LOOKUP_TIMEOUT_MS = 1000;
/** How often a waiting request checks its job's state besides listening for its events. */
const STATE_POLL_MS = 2000;

/**
 * The BullMQ path (STYLE conventions 8 and 10): a fail-fast producer connection, one
 * long-lived QueueEvents for the queue, `attempts: 1`, retention by `{age, count}`, and a wait
 * that always ends after `waitMs`. Never throws: Redis down → `queueUnavailable`, nobody
 * finishing the job in time → `noWorker` (the job is then removed if it is still waiting).
 *
 * The wait is BullMQ's `waitUntilFinished` pattern (per-job `completed:<id>` / `failed:<id>`
 * events on the shared QueueEvents plus a timeout) written out here: BullMQ 6's own version
 * awaits Redis inside a promise executor, so a Redis outage during a wait would surface as an
 * unhandled rejection and take the process down.
 */
export class BullJobRunner implements JobRunner, OnApplicationShutdown {
  readonly mode = 'bullmq' as const;
  private readonly logger = new Logger('JobQueue');
  private readonly producer: IORedis;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly reconnect = new Reconnect();

  constructor(config: AppConfig) {
    const url = config.redisUrl!;
    this.producer = createProducerRedis(url, this.reconnect, this.logger);
    this.queue = new Queue(QueueName.Ai, {
      connection: this.producer,
      prefix: config.queuePrefix,
      defaultJobOptions: { attempts: 1, ...JOB_RETENTION },
    });
    this.queue.on('error', throttledErrorLog(this.logger, 'Queue'));
    this.events = new QueueEvents(QueueName.Ai, { connection: blockingRedisOptions(url, this.reconnect), prefix: config.queuePrefix });
    this.events.on('error', throttledErrorLog(this.logger, 'QueueEvents'));
    // Every pending wait listens for its own job's events; there may be many at once.
    this.events.setMaxListeners(0);
  }

  async run<N extends JobName>(name: N, data: JobData<N>, waitMs: number): Promise<RunOutcome<JobResult<N>>> {
    const started = Date.now();
    if (this.producer.status !== 'ready') return { ok: false, failure: 'queueUnavailable' };
    let job: Job;
    try {
      job = await withTimeout(this.queue.add(name, data, { attempts: 1, ...JOB_RETENTION }), ADD_TIMEOUT_MS, 'enqueue');
    } catch (error) {
      this.logger.warn(`Could not enqueue ${name}: ${error instanceof Error ? error.message : 'error'}`);
      return { ok: false, failure: 'queueUnavailable' };
    }
    return this.waitFor<JobResult<N>>(job, Math.max(0, waitMs - (Date.now() - started)));
  }

  private waitFor<R>(job: Job, waitMs: number): Promise<RunOutcome<R>> {
    const id = job.id!;
    return new Promise<RunOutcome<R>>((resolve) => {
      let settled = false;
      // QueueEvents also emits `<event>:<jobId>`, which its typings do not list.
      const completedEvent = `completed:${id}` as 'completed';
      const failedEvent = `failed:${id}` as 'failed';
      const onCompleted = (args: { returnvalue: unknown }) => finish({ ok: true, result: args.returnvalue as R });
      const onFailed = () => finish({ ok: false, failure: 'jobFailed' });
      const timer = setTimeout(() => {
        void this.afterTimeout<R>(job).then(finish);
      }, waitMs);
      // Safety net for a missed event (QueueEvents still starting, or a Redis fail-over): look
      // at the job's state now and then. Fast jobs finish before the first look.
      const poll = setInterval(() => {
        void this.finished<R>(id).then(finish);
      }, STATE_POLL_MS);
      const finish = (outcome: RunOutcome<R> | null) => {
        if (settled || outcome === null) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.events.off(completedEvent, onCompleted);
        this.events.off(failedEvent, onFailed);
        resolve(outcome);
      };
      this.events.on(completedEvent, onCompleted);
      this.events.on(failedEvent, onFailed);
    });
  }

  /** The outcome of a finished job, or null while it is not finished (or Redis cannot tell). */
  private async finished<R>(id: string): Promise<RunOutcome<R> | null> {
    try {
      const state = await withTimeout(this.queue.getJobState(id), LOOKUP_TIMEOUT_MS, 'job state');
      if (state === 'failed') return { ok: false, failure: 'jobFailed' };
      if (state !== 'completed') return null;
      const job = await withTimeout(this.queue.getJob(id), LOOKUP_TIMEOUT_MS, 'job');
      return job ? { ok: true, result: job.returnvalue as R } : null;
    } catch {
      return null;
    }
  }

  private async afterTimeout<R>(job: Job): Promise<RunOutcome<R>> {
    const outcome = await this.finished<R>(job.id!);
    if (outcome) return outcome;
    // Nobody took it in time: drop it if still waiting (a running job stops at its deadline).
    await withTimeout(job.remove(), LOOKUP_TIMEOUT_MS, 'remove').catch(() => undefined);
    return { ok: false, failure: 'noWorker' };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  async close(): Promise<void> {
    this.reconnect.stop();
    await withTimeout(this.events.close(), 3000, 'close events').catch(() => undefined);
    await withTimeout(this.queue.close(), 3000, 'close queue').catch(() => undefined);
    this.producer.disconnect();
  }
}
