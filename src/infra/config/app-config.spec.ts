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
    expect(config.ai.jobWaitMs).toBeGreaterThan(60000);
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

  it('accepts PostgreSQL and Redis URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(config.databaseUrl).toBe('postgres://u@h:5432/db');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });
});
