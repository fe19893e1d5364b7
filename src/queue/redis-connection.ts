import { Logger } from '@nestjs/common';
import IORedis, { type RedisOptions } from 'ioredis';
import { safeMessage } from '../infra/ai/redact';

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

export function createProducerRedis(url: string, reconnect: Reconnect, logger: Logger): IORedis {
  const client = new IORedis(url, producerRedisOptions(reconnect));
  client.on('error', throttledErrorLog(logger, 'Redis (producer)'));
  return client;
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
