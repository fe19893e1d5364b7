import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap, type Provider } from '@nestjs/common';
import type { Job } from 'bullmq';
import { hostname } from 'node:os';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { JobHandlerRegistry } from '../job-handlers';
import { workerClientNamePrefix } from '../job-liveness';
import { QueueConnections, throttledErrorLog, withTimeout } from '../queue-connections';
import { QueueName, type JobName } from '../queue.names';

/** How long start-up waits for the worker's connections before it goes on (Redis down: later). */
const READY_TIMEOUT_MS = 5000;

/**
 * Consumes the AI queue: `process` dispatches each job to its handler (JobHandlerRegistry). It
 * exists where ProcessorsModule is imported — the worker process, and the API when
 * WORKER_IN_PROCESS=true. It starts consuming once the application has bootstrapped (every
 * handler registered) and, on shutdown, drains: no new jobs, running jobs finish (each stops at
 * its deadline), bounded by AI_JOB_WAIT_MS.
 */
export class AiQueueConsumer extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AiWorker');
  private readonly logError = throttledErrorLog(this.logger, 'Worker');
  private draining = false;

  constructor(
    private readonly handlers: JobHandlerRegistry,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    const handler = this.handlers.get(job.name as JobName);
    if (!handler) throw new Error(`No handler for job "${job.name}"`);
    return handler(job.data);
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logError(error);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.worker.run().catch((error: unknown) => this.logError(error));
    // Connected (and listed by CLIENT LIST, which the producers' liveness check reads) before
    // the process reports that it consumes.
    await withTimeout(this.worker.waitUntilReady(), READY_TIMEOUT_MS, 'worker ready').catch(() => undefined);
    this.logger.log(`Consuming queue "${QueueName.Ai}" (concurrency ${this.worker.concurrency})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      await withTimeout(this.worker.close(), this.config.ai.jobWaitMs + 2000, 'worker drain');
      this.logger.log('Worker drained');
    } catch {
      await withTimeout(this.worker.close(true), 3000, 'worker close').catch(() => undefined);
    }
  }
}

/**
 * The consumer with this process's worker options. @Processor's options are static, and these
 * come from the validated config: concurrency (WORKER_CONCURRENCY), the blocking connection (a
 * registered queue would otherwise lend the worker the producer's fail-fast connection), the
 * worker name recorded on each job as `processedBy` and set on its connections (the producers'
 * liveness check looks for it among the connected clients), and `autorun: false` (started in onApplicationBootstrap).
 * `maxStalledCount: 0`: a job whose worker died is failed as stalled instead of being run
 * again later for a request that has already answered (attempts: 1).
 */
export const aiQueueConsumerProvider: Provider = {
  provide: AiQueueConsumer,
  inject: [JobHandlerRegistry, QueueConnections, APP_CONFIG],
  useFactory: (handlers: JobHandlerRegistry, connections: QueueConnections, config: AppConfig): AiQueueConsumer => {
    const name = `${hostname()}:${process.pid}`;
    @Processor(QueueName.Ai, {
      // BullMQ names only the blocking connection, which closes first when the worker drains;
      // naming the main one too keeps a draining worker listed while its last jobs run.
      connection: { ...connections.blocking(), connectionName: `${workerClientNamePrefix(connections.prefix, QueueName.Ai)}${name}` },
      prefix: connections.prefix,
      concurrency: config.workerConcurrency,
      name,
      autorun: false,
      maxStalledCount: 0,
    })
    class ConfiguredAiQueueConsumer extends AiQueueConsumer {}
    return new ConfiguredAiQueueConsumer(handlers, config);
  },
};
