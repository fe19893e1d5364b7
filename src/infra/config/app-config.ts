/**
 * The service's configuration, validated once at start-up. `loadConfig` reports every bad
 * variable in one error so an operator fixes them in one pass.
 */
export interface AppConfig {
  port: number;
  /** null → the embedded default (PGlite under dataDir). */
  databaseUrl: string | null;
  dbPoolSize: number;
  /** null → jobs run through the in-process runner. */
  redisUrl: string | null;
  dataDir: string;
  sessionSecret: string | null;
  tokenEncryptionKey: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  cookieSecure: boolean;
  /** Exact origins allowed to call the API cross-origin (with credentials); empty → CORS closed. */
  corsOrigins: string[];
  /** Express `trust proxy`: false, a hop count, or a list of trusted proxy addresses/subnets. */
  trustProxy: false | number | string[];
  workerInProcess: boolean;
  workerConcurrency: number;
  /** BullMQ key prefix: deployments (or test runs) sharing one Redis use different prefixes. */
  queuePrefix: string;
  runMigrations: boolean;
  /** Longest a SIGTERM/SIGINT shutdown may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  limits: {
    maxBodyBytes: number;
    zipMaxEntries: number;
    zipMaxTotalBytes: number;
    zipMaxEntryBytes: number;
    zipMaxCompressionRatio: number;
  };
  ai: {
    /** Outbound provider request time-out (spec: 60 s). */
    requestTimeoutMs: number;
    /** How long the API waits for a queued AI job; longer than the provider time-out. */
    jobWaitMs: number;
  };
  throttle: {
    loginLimit: number;
    loginTtlMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (/^(true|1|yes|on)$/i.test(raw)) return true;
    if (/^(false|0|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = read(name);
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
        return null;
      }
      return raw;
    } catch {
      problems.push(`${name} is not a valid URL`);
      return null;
    }
  };

  const sessionSecret = read('SESSION_SECRET') ?? null;
  if (sessionSecret !== null && sessionSecret.length < 16) {
    problems.push('SESSION_SECRET must be at least 16 characters long');
  }
  const tokenEncryptionKey = read('TOKEN_ENCRYPTION_KEY') ?? null;
  if (tokenEncryptionKey !== null && tokenEncryptionKey.length < 16) {
    problems.push('TOKEN_ENCRYPTION_KEY must be at least 16 characters long');
  }
  const adminEmail = read('ADMIN_EMAIL') ?? null;
  if (adminEmail !== null && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    problems.push('ADMIN_EMAIL is not an email address');
  }
  const adminPassword = env.ADMIN_PASSWORD && env.ADMIN_PASSWORD.length > 0 ? env.ADMIN_PASSWORD : null;
  if ((adminEmail === null) !== (adminPassword === null)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== null && adminPassword.length < 8) {
    problems.push('ADMIN_PASSWORD must be at least 8 characters long');
  }
  const logLevel = (read('LOG_LEVEL') ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const requestTimeoutMs = int('AI_REQUEST_TIMEOUT_MS', 60_000, 100, 600_000);
  const config: AppConfig = {
    port: int('PORT', 3000, 0, 65535),
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dbPoolSize: int('DB_POOL_SIZE', 10, 1, 200),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    dataDir: read('DATA_DIR') ?? './data',
    sessionSecret,
    tokenEncryptionKey,
    adminEmail: adminEmail?.toLowerCase() ?? null,
    adminPassword,
    cookieSecure: bool('COOKIE_SECURE', false),
    corsOrigins: corsOrigins(read('CORS_ORIGINS'), problems),
    trustProxy: trustProxy(read('TRUST_PROXY'), problems),
    workerInProcess: bool('WORKER_IN_PROCESS', true),
    workerConcurrency: int('WORKER_CONCURRENCY', 4, 1, 256),
    queuePrefix: queuePrefix(read('QUEUE_PREFIX'), problems),
    runMigrations: bool('RUN_MIGRATIONS', true),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 80_000, 1_000, 3_600_000),
    logLevel,
    limits: {
      maxBodyBytes: int('MAX_BODY_BYTES', 40 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
      zipMaxEntries: int('ZIP_MAX_ENTRIES', 1000, 1, 100_000),
      zipMaxTotalBytes: int('ZIP_MAX_TOTAL_BYTES', 50 * 1024 * 1024, 1, 1024 * 1024 * 1024),
      zipMaxEntryBytes: int('ZIP_MAX_ENTRY_BYTES', 10 * 1024 * 1024, 1, 1024 * 1024 * 1024),
      zipMaxCompressionRatio: int('ZIP_MAX_COMPRESSION_RATIO', 100, 1, 100_000),
    },
    ai: {
      requestTimeoutMs,
      jobWaitMs: int('AI_JOB_WAIT_MS', requestTimeoutMs + 5_000, 100, 900_000),
    },
    throttle: {
      loginLimit: int('LOGIN_RATE_LIMIT', 10, 1, 100_000),
      loginTtlMs: int('LOGIN_RATE_WINDOW_MS', 60_000, 1000, 86_400_000),
    },
  };
  if (config.ai.jobWaitMs <= config.ai.requestTimeoutMs) {
    problems.push('AI_JOB_WAIT_MS must be longer than AI_REQUEST_TIMEOUT_MS');
  }
  if (config.shutdownTimeoutMs <= config.ai.jobWaitMs) {
    // A request may wait AI_JOB_WAIT_MS for its AI job; shutdown lets it finish first.
    problems.push('SHUTDOWN_TIMEOUT_MS must be longer than AI_JOB_WAIT_MS');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** QUEUE_PREFIX: letters, digits, `_`, `-` and `.` (no `:`, which separates BullMQ keys). */
function queuePrefix(raw: string | undefined, problems: string[]): string {
  if (raw === undefined) return 'skill-audit';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(raw)) {
    problems.push('QUEUE_PREFIX must be 1-64 letters, digits, "_", "-" or "."');
    return 'skill-audit';
  }
  return raw;
}

/** CORS_ORIGINS: comma-separated exact origins (`https://app.example.com`); no `*`, no paths. */
function corsOrigins(raw: string | undefined, problems: string[]): string[] {
  const origins: string[] = [];
  for (const entry of (raw ?? '').split(',').map((o) => o.trim()).filter(Boolean)) {
    let origin: string | null = null;
    try {
      const parsed = new URL(entry);
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === entry.replace(/\/$/, '').toLowerCase()) origin = parsed.origin;
    } catch {
      origin = null;
    }
    if (origin === null) problems.push(`CORS_ORIGINS entries must be exact origins such as https://app.example.com (got "${entry}")`);
    else origins.push(origin);
  }
  return origins;
}

/**
 * TRUST_PROXY: unset/false → the socket address is the client IP (login throttling per IP);
 * a number n → trust n reverse-proxy hops of X-Forwarded-For; or a comma-separated list of proxy
 * addresses/CIDRs (or loopback, linklocal, uniquelocal). `true` (trust everything) is refused:
 * any client could then pick its own IP and escape the per-IP login limit.
 */
function trustProxy(raw: string | undefined, problems: string[]): false | number | string[] {
  if (raw === undefined || /^(false|0|no|off)$/i.test(raw)) return false;
  if (/^\d{1,2}$/.test(raw)) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const valid = entries.length > 0 && entries.every((e) => /^(loopback|linklocal|uniquelocal)$/.test(e) || /^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(e));
  if (!valid) {
    problems.push(`TRUST_PROXY must be false, a hop count, or a list of proxy addresses/subnets (got "${raw}")`);
    return false;
  }
  return entries;
}

/** Nest injection token for the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
