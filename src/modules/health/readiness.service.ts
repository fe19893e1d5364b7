import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';

/** Longest a single dependency check may take before it counts as down. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

export type CheckState = 'ok' | 'down' | 'disabled';

export interface ReadinessReport {
  ready: boolean;
  checks: { database: CheckState; redis: CheckState };
}

/**
 * Readiness of this API instance: the database answers `SELECT 1` and, when REDIS_URL is set,
 * Redis answers PING — each within READINESS_CHECK_TIMEOUT_MS. Once shutdown has begun the
 * instance reports not ready, so a load balancer stops sending it new requests.
 *
 * Redis is checked over a dedicated small connection (offline queue off, so a PING fails at once
 * while Redis is unreachable instead of queueing); it reconnects in the background.
 *
 * A load balancer probes every few seconds: a failure is logged once, at warn, without a stack,
 * when a check goes down, and once more when it recovers — not on every probe.
 */
@Injectable()
export class ReadinessService implements OnModuleInit, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Readiness');
  private redis: Redis | null = null;
  private shuttingDown = false;
  /** The last state of each check (absent: not checked yet). */
  private readonly lastState = new Map<'database' | 'redis', 'ok' | 'down'>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async check(): Promise<ReadinessReport> {
    if (this.shuttingDown) return { ready: false, checks: { database: 'down', redis: this.config.redisUrl ? 'down' : 'disabled' } };
    const [database, redis] = await Promise.all([this.checkDatabase(), this.checkRedis()]);
    return { ready: database === 'ok' && redis !== 'down', checks: { database, redis } };
  }

  private async checkDatabase(): Promise<CheckState> {
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), READINESS_CHECK_TIMEOUT_MS);
      return this.record('database', 'ok');
    } catch (error) {
      return this.record('database', 'down', error);
    }
  }

  private async checkRedis(): Promise<CheckState> {
    if (!this.config.redisUrl) return 'disabled';
    try {
      const reply = await withTimeout(this.ping(this.redisClient()), READINESS_CHECK_TIMEOUT_MS);
      return reply === 'PONG' ? this.record('redis', 'ok') : this.record('redis', 'down', new Error(`unexpected reply ${reply}`));
    } catch (error) {
      return this.record('redis', 'down', error);
    }
  }

  /** Returns the state; logs only its changes (down: warn with the reason; recovered: info). */
  private record(check: 'database' | 'redis', state: 'ok' | 'down', error?: unknown): CheckState {
    const previous = this.lastState.get(check);
    this.lastState.set(check, state);
    if (state === 'down' && previous !== 'down') this.logger.warn({ check, reason: errorMessage(error) }, 'Readiness check failed');
    if (state === 'ok' && previous === 'down') this.logger.log({ check }, 'Readiness check recovered');
    return state;
  }

  private redisClient(): Redis {
    if (!this.redis) {
      this.redis = new Redis(this.config.redisUrl!, {
        connectionName: 'skill-audit:readiness',
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: READINESS_CHECK_TIMEOUT_MS,
        retryStrategy: (attempt) => Math.min(attempt * 500, 5_000),
      });
      // Reconnect errors repeat every few seconds while Redis is down; the failed check is what
      // gets logged (record()).
      this.redis.on('error', () => undefined);
    }
    return this.redis;
  }

  /** PING once connected: a connection still being (re)established is waited for, within the time-out. */
  private async ping(redis: Redis): Promise<string> {
    if (redis.status !== 'ready') {
      await new Promise<void>((resolve, reject) => {
        const ready = () => {
          redis.off('end', ended);
          resolve();
        };
        const ended = () => {
          redis.off('ready', ready);
          reject(new Error('connection ended'));
        };
        redis.once('ready', ready);
        redis.once('end', ended);
        setTimeout(() => {
          redis.off('ready', ready);
          redis.off('end', ended);
          reject(new Error(`not connected (${redis.status})`));
        }, READINESS_CHECK_TIMEOUT_MS).unref();
      });
    }
    return redis.ping();
  }

  /** Connects early, so the first probe does not pay for the connection. */
  onModuleInit(): void {
    if (this.config.redisUrl) this.redisClient();
  }

  onModuleDestroy(): void {
    this.shuttingDown = true;
  }

  async onApplicationShutdown(): Promise<void> {
    const redis = this.redis;
    this.redis = null;
    if (!redis) return;
    // Resolves once the connection has really ended (a pending connect attempt included).
    await new Promise<void>((resolve) => {
      if (redis.status === 'end') return resolve();
      redis.once('end', () => resolve());
      setTimeout(resolve, READINESS_CHECK_TIMEOUT_MS + 1_000).unref();
      redis.disconnect();
    });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The error's message only: connection strings (with passwords) never reach the log. */
function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\b(rediss?|postgres(?:ql)?):\/\/[^\s@/]*@/gi, '$1://***@').slice(0, 300);
}
