import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeNull();
    expect(config.redisUrl).toBeNull();
    expect(config.dataDir).toBe('./data');
    expect(config.limits).toEqual({
      maxBodyBytes: 41943040,
      zipMaxEntries: 1000,
      zipMaxTotalBytes: 52428800,
      zipMaxEntryBytes: 10485760,
      zipMaxCompressionRatio: 100,
    });
    expect(config.ai.requestTimeoutMs).toBe(60000);
    // AI_JOB_WAIT_MS follows AI_REQUEST_TIMEOUT_MS (+ 5 s) unless set (README: Configuration).
    expect(config.ai.jobWaitMs).toBe(65000);
    expect(loadConfig({ AI_REQUEST_TIMEOUT_MS: '30000' }).ai.jobWaitMs).toBe(35000);
  });

  it('reports every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'nope', SESSION_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('DATABASE_URL');
    expect(problems).toContain('ADMIN_EMAIL');
    expect(problems).toContain('SESSION_SECRET');
    expect((error as ConfigError).problems.length).toBeGreaterThanOrEqual(5);
  });

  it('reads LOG_LEVEL and SHUTDOWN_TIMEOUT_MS, which must outlast the AI job wait', () => {
    const defaults = loadConfig({});
    expect(defaults.logLevel).toBe('info');
    expect(defaults.shutdownTimeoutMs).toBe(80000);
    expect(defaults.shutdownTimeoutMs).toBeGreaterThan(defaults.ai.jobWaitMs);
    const config = loadConfig({ LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: '120000' });
    expect(config.logLevel).toBe('warn');
    expect(config.shutdownTimeoutMs).toBe(120000);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '30000' })).toThrow(/SHUTDOWN_TIMEOUT_MS must be longer than AI_JOB_WAIT_MS/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });

  it('reads the queue settings', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ workerInProcess: true, workerConcurrency: 4, queuePrefix: 'skill-audit' });
    expect(defaults.ai).toEqual({ requestTimeoutMs: 60000, jobWaitMs: 65000 });
    const config = loadConfig({ WORKER_IN_PROCESS: 'false', WORKER_CONCURRENCY: '8', QUEUE_PREFIX: 'sas-e2e_1', AI_REQUEST_TIMEOUT_MS: '1000', AI_JOB_WAIT_MS: '1500' });
    expect(config).toMatchObject({ workerInProcess: false, workerConcurrency: 8, queuePrefix: 'sas-e2e_1', ai: { requestTimeoutMs: 1000, jobWaitMs: 1500 } });
    expect(() => loadConfig({ QUEUE_PREFIX: 'a:b' })).toThrow(/QUEUE_PREFIX/);
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ AI_REQUEST_TIMEOUT_MS: '1000', AI_JOB_WAIT_MS: '1000' })).toThrow(/AI_JOB_WAIT_MS/);
  });

  it('accepts PostgreSQL and Redis URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('reads sign-in settings: CORS allowlist, trust proxy, login throttle', () => {
    const defaults = loadConfig({});
    expect(defaults.corsOrigins).toEqual([]);
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.throttle).toEqual({ loginLimit: 10, loginTtlMs: 60000 });
    const config = loadConfig({
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173/',
      TRUST_PROXY: '1',
      LOGIN_RATE_LIMIT: '3',
      LOGIN_RATE_WINDOW_MS: '5000',
      ADMIN_EMAIL: ' Admin@Example.COM ',
      ADMIN_PASSWORD: 'long-enough',
    });
    expect(config.corsOrigins).toEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(config.trustProxy).toBe(1);
    expect(config.throttle).toEqual({ loginLimit: 3, loginTtlMs: 5000 });
    expect(config.adminEmail).toBe('admin@example.com');
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('rejects a wildcard or path in CORS_ORIGINS and TRUST_PROXY=true', () => {
    for (const env of [{ CORS_ORIGINS: '*' }, { CORS_ORIGINS: 'https://a.example.com/app' }, { CORS_ORIGINS: 'ftp://a.example.com' }, { TRUST_PROXY: 'true' }, { TRUST_PROXY: 'everyone' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
    }
  });
});
