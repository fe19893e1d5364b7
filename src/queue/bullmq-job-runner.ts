import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../infra/config/app-config';
import { AiQueueEvents } from './ai-queue-events';
import { isStalledFailure, judgeJob, VerdictDebounce, workerClientNamePrefix, workerNames, type JobSnapshot } from './job-liveness';
import type { JobRunner, RunFailure, RunOutcome } from './job-runner';
import type { JobData, JobResult } from './jobs/ai-jobs.contract';
import { QueueConnections, throttledErrorLog, withTimeout } from './queue-connections';
import { JOB_RETENTION, QueueName, type JobName } from './queue.names';

/** Enqueueing must be quick; beyond this Redis counts as unavailable. */
const ADD_TIMEOUT_MS = 2000;
/** Bound of the small Redis look-ups around a wait (job, worker list, removal). */
const LOOKUP_TIMEOUT_MS = 1000;
/**
 * How often the waits check that their jobs can still finish. A verdict needs two looks in a
 * row (VerdictDebounce), so a lost job answers within about two ticks plus the look-ups (< 2 s).
 */
export const LIVENESS_TICK_MS = 500;
/** The worker list is shared by every wait and every enqueue for this long. */
const WORKERS_MAX_AGE_MS = 400;

interface Waiter {
  job: Job;
  debounce: VerdictDebounce;
  /** Consecutive ticks on which the producer connection was down. */
  unreachable: number;
  finish: (outcome: RunOutcome<unknown>) => void;
}

/**
 * The BullMQ path (STYLE conventions 8 and 10): the queue registered with @nestjs/bullmq on the
 * fail-fast producer connection, one long-lived QueueEvents (AiQueueEvents), `attempts: 1`,
 * retention by `{age, count}`. Never throws. A wait ends with the job's result, or as soon as
 * the job cannot finish:
 * - Redis down when enqueueing, or its connection down for two ticks while waiting →
 *   `queueUnavailable` (a look-up that is merely slow proves nothing and is skipped);
 * - no worker connected to the queue → `noWorker` (nothing is enqueued);
 * - the job vanished, its worker disconnected, or BullMQ failed it as stalled → `jobLost`;
 * - nobody finished it within `waitMs` → `timedOut` (the job is removed if still waiting).
 *
 * Completion arrives through the per-job `completed:<id>` / `failed:<id>` events; one shared
 * timer (only while jobs are awaited) reads the worker list once and each awaited job, so the
 * Redis cost per tick is one CLIENT LIST plus one HGETALL per waiting request. BullMQ's own
 * `waitUntilFinished` is not used: it awaits Redis inside a promise executor, so an outage
 * during a wait would surface as an unhandled rejection.
 */
@Injectable()
export class BullJobRunner implements JobRunner, OnApplicationBootstrap {
  readonly mode = 'bullmq' as const;
  private readonly logger = new Logger('JobQueue');
  private readonly waiters = new Map<string, Waiter>();
  private tick: NodeJS.Timeout | null = null;
  private workers: { names: Set<string> | null; at: number } | null = null;
  private workersLookup: Promise<Set<string> | null> | null = null;

  constructor(
    @InjectQueue(QueueName.Ai) private readonly queue: Queue,
    private readonly events: AiQueueEvents,
    private readonly connections: QueueConnections,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.queue.on('error', throttledErrorLog(this.logger, 'Queue'));
  }

  async onApplicationBootstrap(): Promise<void> {
    // Every pending wait listens for its own job's events; there may be many at once.
    this.events.queueEvents.setMaxListeners(0);
    // The first requests should not find the producer still connecting (Redis down: go on).
    await withTimeout(this.queue.waitUntilReady(), ADD_TIMEOUT_MS, 'queue ready').catch(() => undefined);
  }

  async run<N extends JobName>(name: N, data: JobData<N>, waitMs: number): Promise<RunOutcome<JobResult<N>>> {
    const started = Date.now();
    if (this.connections.producer.status !== 'ready') return { ok: false, failure: 'queueUnavailable' };
    // A slow answer (a loaded Redis or event loop) leaves liveness unknown, not failed.
    const workers = await this.liveWorkers().catch(() => null);
    if (workers !== null && workers.size === 0) return { ok: false, failure: 'noWorker' };
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
    const events = this.events.queueEvents;
    return new Promise<RunOutcome<R>>((resolve) => {
      // QueueEvents also emits `<event>:<jobId>`, which its typings do not list.
      const completedEvent = `completed:${id}` as 'completed';
      const failedEvent = `failed:${id}` as 'failed';
      const onCompleted = (args: { returnvalue: unknown }) => finish({ ok: true, result: args.returnvalue as R });
      const onFailed = (args: { failedReason?: string }) => finish({ ok: false, failure: isStalledFailure(args.failedReason ?? '') ? 'jobLost' : 'jobFailed' });
      const timer = setTimeout(() => void this.afterTimeout<R>(job).then(finish), waitMs);
      let settled = false;
      const finish = (outcome: RunOutcome<unknown>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        events.off(completedEvent, onCompleted);
        events.off(failedEvent, onFailed);
        this.waiters.delete(id);
        resolve(outcome as RunOutcome<R>);
      };
      events.on(completedEvent, onCompleted);
      events.on(failedEvent, onFailed);
      this.waiters.set(id, { job, debounce: new VerdictDebounce(), unreachable: 0, finish });
      this.scheduleTick();
    });
  }

  private scheduleTick(): void {
    if (this.tick || this.waiters.size === 0) return;
    this.tick = setTimeout(() => {
      void this.checkWaiters().finally(() => {
        this.tick = null;
        this.scheduleTick();
      });
    }, LIVENESS_TICK_MS);
  }

  /** One liveness round over every awaited job. */
  private async checkWaiters(): Promise<void> {
    // Redis lost: the producer connection is down (a closed socket shows at once). Its results
    // could not reach us either, so every wait ends after two such ticks.
    if (this.connections.producer.status !== 'ready') {
      for (const waiter of this.waiters.values()) {
        if (++waiter.unreachable >= 2) waiter.finish({ ok: false, failure: 'queueUnavailable' });
      }
      return;
    }
    const workers = await this.liveWorkers().catch(() => null);
    await Promise.all(
      [...this.waiters.values()].map(async (waiter) => {
        waiter.unreachable = 0;
        let snapshot: JobSnapshot;
        try {
          snapshot = await this.snapshot(waiter.job.id!);
        } catch {
          // A slow look-up says nothing about the job.
          return;
        }
        const verdict = waiter.debounce.settle(judgeJob(snapshot, workers));
        const failure: RunFailure | null = verdict === 'failed' ? 'jobFailed' : verdict === 'lost' ? 'jobLost' : verdict === 'noWorker' ? 'noWorker' : null;
        if (verdict === 'completed' && snapshot.state === 'completed') waiter.finish({ ok: true, result: snapshot.returnvalue });
        else if (failure) {
          if (failure !== 'jobFailed') this.logger.warn(`Job ${waiter.job.name} #${waiter.job.id} cannot finish: ${failure}`);
          waiter.finish({ ok: false, failure });
          // A waiting job nobody will take is dropped (a locked one cannot be, and fails as stalled).
          if (failure === 'noWorker') await this.remove(waiter.job);
        }
      }),
    );
  }

  private async snapshot(id: string): Promise<JobSnapshot> {
    const job = await withTimeout(this.queue.getJob(id), LOOKUP_TIMEOUT_MS, 'job');
    if (!job) return { state: 'missing' };
    if (job.finishedOn) return job.failedReason ? { state: 'failed', failedReason: job.failedReason } : { state: 'completed', returnvalue: job.returnvalue };
    if (job.processedOn) return { state: 'active', processedBy: job.processedBy ?? null };
    return { state: 'waiting' };
  }

  /** Names of the workers connected to the queue (one CLIENT LIST, shared for WORKERS_MAX_AGE_MS). */
  private async liveWorkers(): Promise<Set<string> | null> {
    if (this.workers && Date.now() - this.workers.at < WORKERS_MAX_AGE_MS) return this.workers.names;
    this.workersLookup ??= withTimeout(this.queue.getWorkers(), LOOKUP_TIMEOUT_MS, 'workers')
      .then((clients) => {
        const names = workerNames(clients as Array<Record<string, string>>, workerClientNamePrefix(this.connections.prefix, QueueName.Ai));
        this.workers = { names, at: Date.now() };
        return names;
      })
      .finally(() => {
        this.workersLookup = null;
      });
    return this.workersLookup;
  }

  private async afterTimeout<R>(job: Job): Promise<RunOutcome<R>> {
    try {
      const snapshot = await this.snapshot(job.id!);
      if (snapshot.state === 'completed') return { ok: true, result: snapshot.returnvalue as R };
      if (snapshot.state === 'failed') return { ok: false, failure: isStalledFailure(snapshot.failedReason) ? 'jobLost' : 'jobFailed' };
    } catch {
      // Redis cannot tell: the wait is over anyway.
    }
    // Nobody took it in time: drop it if still waiting (a running job stops at its deadline).
    await this.remove(job);
    return { ok: false, failure: 'timedOut' };
  }

  private async remove(job: Job): Promise<void> {
    await withTimeout(job.remove(), LOOKUP_TIMEOUT_MS, 'remove').catch(() => undefined);
  }
}
