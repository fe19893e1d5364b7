import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationShutdown } from '@nestjs/common';
import IORedis, { type RedisOptions } from 'ioredis';
import { safeMessage } from '../infra/ai/redact';
import { APP_CONFIG, type AppConfig } from '../infra/config/app-config';

/**
 * Reconnection of a component's connections: quick and endless while running (a Redis outage
 * must heal without a restart), stopped once the component closes. Without the stop, closing
 * while Redis is down would wait forever: BullMQ's close waits for a connection that only ends
 * when ioredis gives up reconnecting.
 */
export class Reconnect {
  private stopped = false;
  readonly retryStrategy = (times: number): number | null => (this.stopped ? null : Math.min(250 * times, 2000));

  stop(): void {
    this.stopped = true;
  }
}

/**
 * Producer connection (STYLE convention 10): fails fast. With `enableOfflineQueue: false` a
 * command while disconnected is rejected at once instead of waiting, so a request never hangs
 * on a Redis outage; one retry per command at most.
 */
export function producerRedisOptions(reconnect: Reconnect): RedisOptions {
  return { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: reconnect.retryStrategy };
}

/** Worker / QueueEvents connection: blocking commands need `maxRetriesPerRequest: null`. */
export function blockingRedisOptions(url: string, reconnect: Reconnect): RedisOptions & { url: string } {
  return { url, maxRetriesPerRequest: null, connectTimeout: 5000, retryStrategy: reconnect.retryStrategy };
}

/**
 * The Redis connections of the queue in one process: the fail-fast producer client (shared by
 * the Queue and the liveness look-ups) and the options of the blocking connections (Worker,
 * QueueEvents). One Reconnect for all of them: it stops before BullMQ closes anything, so a
 * shutdown while Redis is down does not wait for a connection that never comes.
 */
@Injectable()
export class QueueConnections implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private readonly reconnect = new Reconnect();
  private producerClient: IORedis | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get prefix(): string {
    return this.config.queuePrefix;
  }

  /** The producer client, created on first use. */
  get producer(): IORedis {
    if (!this.producerClient) {
      this.producerClient = new IORedis(this.url, producerRedisOptions(this.reconnect));
      this.producerClient.on('error', throttledErrorLog(this.logger, 'Redis (producer)'));
    }
    return this.producerClient;
  }

  blocking(): RedisOptions & { url: string } {
    return blockingRedisOptions(this.url, this.reconnect);
  }

  private get url(): string {
    if (!this.config.redisUrl) throw new Error('The BullMQ queue needs REDIS_URL');
    return this.config.redisUrl;
  }

  beforeApplicationShutdown(): void {
    // Running jobs keep their (already open) connections; only reconnecting after a loss stops.
    this.reconnect.stop();
  }

  onApplicationShutdown(): void {
    // BullMQ does not close a client it was given; the Queue is closed by @nestjs/bullmq.
    this.producerClient?.disconnect();
  }
}

/** Logs connection errors at most every 30 s per component (an outage would otherwise flood the log). */
export function throttledErrorLog(logger: Logger, what: string, everyMs = 30_000): (error: unknown) => void {
  let last = 0;
  let suppressed = 0;
  return (error: unknown) => {
    const now = Date.now();
    if (now - last < everyMs) {
      suppressed++;
      return;
    }
    const message = safeMessage(error instanceof Error ? error.message : String(error), [], 200);
    logger.warn(`${what}: ${message}${suppressed ? ` (${suppressed} similar errors suppressed)` : ''}`);
    last = now;
    suppressed = 0;
  };
}

/** Resolves with the promise's value, or rejects after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
