import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Worker, type Job } from 'bullmq';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { JobHandlerRegistry } from '../job-handlers';
import { QueueName, type JobName } from '../queue.names';
import { Reconnect, blockingRedisOptions, throttledErrorLog, withTimeout } from '../redis-connection';

/**
 * Consumes the AI queue with BullMQ when REDIS_URL is set: always in the worker process
 * (`node dist/worker.js`), and in the API process unless WORKER_IN_PROCESS=false. Concurrency
 * from WORKER_CONCURRENCY. On shutdown it drains: no new jobs, running jobs finish (each stops
 * at its deadline), bounded by AI_JOB_WAIT_MS.
 */
@Injectable()
export class AiWorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AiWorker');
  private worker: Worker | null = null;
  private readonly reconnect = new Reconnect();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly handlers: JobHandlerRegistry,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** The API has an HTTP adapter; `node dist/worker.js` (an application context) has none. */
  private get isApiProcess(): boolean {
    return Boolean(this.adapterHost?.httpAdapter);
  }

  onApplicationBootstrap(): void {
    if (!this.config.redisUrl) return;
    if (this.isApiProcess && !this.config.workerInProcess) return;
    this.worker = new Worker(QueueName.Ai, (job: Job) => this.process(job), {
      connection: blockingRedisOptions(this.config.redisUrl, this.reconnect),
      prefix: this.config.queuePrefix,
      concurrency: this.config.workerConcurrency,
      // Recorded on each job as `processedBy`: which process ran it.
      name: `${hostname()}:${process.pid}`,
      autorun: true,
    });
    this.worker.on('error', throttledErrorLog(this.logger, 'Worker'));
    this.logger.log(
      `Consuming queue "${QueueName.Ai}" (concurrency ${this.config.workerConcurrency}${this.isApiProcess ? ', in the API process' : ''})`,
    );
  }

  private async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) throw new Error(`No handler for job "${job.name}"`);
    return handler(job.data);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    // Running jobs keep their (already open) connection; only reconnecting after a loss stops.
    this.reconnect.stop();
    try {
      await withTimeout(worker.close(), this.config.ai.jobWaitMs + 2000, 'worker drain');
      this.logger.log('Worker drained');
    } catch {
      await withTimeout(worker.close(true), 3000, 'worker close').catch(() => undefined);
    }
  }
}
