import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import IORedis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { withTimeout } from '../../queue/queue-connections';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A login must not wait on Redis: beyond this the attempt is counted in memory instead. */
const REDIS_TIMEOUT_MS = 500;

/**
 * One atomic step of a fixed-window counter with a block (KEYS: hits, block; ARGV: ttl ms,
 * limit, block ms). While blocked nothing is counted; the hit that passes the limit starts the
 * block; the first hit after a block that ended inside the window starts a new window.
 * Returns {hits, ms until the window ends, blocked 0/1, ms until the block ends}.
 */
const INCREMENT_SCRIPT = `
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl > 0 then
  return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('PTTL', KEYS[1]), 1, blockTtl }
end
local ttl, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local hits = redis.call('INCR', KEYS[1])
if hits == 1 or (block > 0 and hits > limit + 1) then
  hits = 1
  redis.call('SET', KEYS[1], 1, 'PX', ttl)
end
local hitsTtl = redis.call('PTTL', KEYS[1])
if hits > limit then
  if block > 0 then
    redis.call('SET', KEYS[2], 1, 'PX', block)
    return { hits, hitsTtl, 1, block }
  end
  return { hits, hitsTtl, 1, hitsTtl }
end
return { hits, hitsTtl, 0, 0 }
`;

type RedisWithThrottle = IORedis & {
  loginThrottleIncrement(hitsKey: string, blockKey: string, ttl: number, limit: number, block: number): Promise<[number, number, number, number]>;
};

/**
 * ThrottlerStorage of the login limits. With REDIS_URL the counters live in Redis, so every API
 * instance shares them (N instances allow LOGIN_RATE_LIMIT attempts, not N ×); the keys carry
 * QUEUE_PREFIX, so deployments or test runs sharing a Redis do not mix. Without REDIS_URL — and
 * while Redis does not answer — attempts are counted in this process's memory (per-instance
 * limits still hold; a login never waits for Redis). Keys are the throttler's sha256 of
 * route + tracker: no email or IP is stored in clear.
 */
@Injectable()
export class LoginThrottleStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger('LoginThrottle');
  private readonly memory = new ThrottlerStorageService();
  private readonly redis: RedisWithThrottle | null = null;
  private usingMemory = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (!config.redisUrl) return;
    const redis = new IORedis(config.redisUrl, {
      connectionName: `${config.queuePrefix}:login-throttle`,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
    }) as RedisWithThrottle;
    // Connection problems surface as a fallback to memory (logged there on each change).
    redis.on('error', () => undefined);
    redis.defineCommand('loginThrottleIncrement', { numberOfKeys: 2, lua: INCREMENT_SCRIPT });
    this.redis = redis;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (this.redis) {
      try {
        const base = `${this.config.queuePrefix}:login-throttle:${throttlerName}:${key}`;
        const [totalHits, ttlMs, blocked, blockMs] = await withTimeout(
          this.redis.loginThrottleIncrement(base, `${base}:block`, ttl, limit, blockDuration),
          REDIS_TIMEOUT_MS,
          'login throttle',
        );
        this.fallBack(false);
        return { totalHits, timeToExpire: seconds(ttlMs), isBlocked: blocked === 1, timeToBlockExpire: blocked === 1 ? seconds(blockMs) : 0 };
      } catch (error) {
        this.fallBack(true, error);
      }
    }
    return this.memory.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  /** Logs only the changes between shared (Redis) and per-instance (memory) counting. */
  private fallBack(toMemory: boolean, error?: unknown): void {
    if (toMemory === this.usingMemory) return;
    this.usingMemory = toMemory;
    if (toMemory) this.logger.warn(`Redis unavailable (${error instanceof Error ? error.message : 'error'}): login attempts are counted per instance until it is back`);
    else this.logger.log('Redis available again: login attempts are counted across instances');
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
    this.memory.onApplicationShutdown();
  }
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
