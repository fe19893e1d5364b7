import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/infra/config/app-config';
import { ReadinessService } from '../../src/modules/health/readiness.service';
import { createTestApp, type TestApp } from '../utils/create-app';
import { LogRecorder } from '../utils/log-recorder';
import { startRedisProxy } from '../utils/redis-proxy';

describe('Health and readiness (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /healthz stays {status: "ok"}', async () => {
    const res = await t.http().get('/api/healthz').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database, and Redis when configured', async () => {
    const res = await t.http().get('/api/readyz').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: process.env.REDIS_URL ? 'ok' : 'disabled' },
    });
  });

  it('reports an unreachable Redis as down, within the check time-out', async () => {
    const config = { ...t.app.get<AppConfig>(APP_CONFIG), redisUrl: 'redis://127.0.0.1:1' };
    const readiness = new ReadinessService(config, t.app.get(DataSource));
    try {
      const started = Date.now();
      const report = await readiness.check();
      expect(report).toEqual({ ready: false, checks: { database: 'ok', redis: 'down' } });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await readiness.onApplicationShutdown();
    }
  });

  (process.env.REDIS_URL ? it : it.skip)('logs a failing check once at warn without a stack, and once when it recovers', async () => {
    const proxy = await startRedisProxy(process.env.REDIS_URL!);
    const recorder = new LogRecorder();
    t.app.useLogger(recorder);
    const config = { ...t.app.get<AppConfig>(APP_CONFIG), redisUrl: proxy.url };
    const readiness = new ReadinessService(config, t.app.get(DataSource));
    const readinessLines = () => recorder.lines.filter((line) => line.includes('Readiness'));
    try {
      expect((await readiness.check()).checks.redis).toBe('ok');
      proxy.cut();
      for (let i = 0; i < 3; i++) expect((await readiness.check()).checks.redis).toBe('down');
      expect(readinessLines()).toHaveLength(1);
      expect(readinessLines()[0]).toMatch(/^warn \{"check":"redis","reason":".+"\} Readiness check failed Readiness$/);
      expect(recorder.text).not.toMatch(/\n\s+at /);
      proxy.restore();
      const until = Date.now() + 10_000;
      while ((await readiness.check()).checks.redis !== 'ok' && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      await readiness.check();
      expect(readinessLines()).toHaveLength(2);
      expect(readinessLines()[1]).toBe('log {"check":"redis"} Readiness check recovered Readiness');
    } finally {
      await readiness.onApplicationShutdown();
      await proxy.close();
    }
  }, 30_000);

  it('answers 503 with a localized {error} once shutdown has begun', async () => {
    const readiness = t.app.get(ReadinessService);
    const recorder = new LogRecorder();
    t.app.useLogger(recorder);
    readiness.onModuleDestroy();
    try {
      const res = await t.http().get('/api/readyz?lang=en').expect(503);
      expect(res.body).toEqual({ error: expect.stringMatching(/^The service is not ready \(database/) });
      const de = await t.http().get('/api/readyz').expect(503);
      expect(de.body.error).toMatch(/^Der Dienst ist nicht bereit/);
      // Liveness is unaffected.
      await t.http().get('/api/healthz').expect(200);
      // An expected 503 is not an "Unhandled error" with a stack.
      expect(recorder.lines.filter((line) => line.startsWith('error'))).toEqual([]);
    } finally {
      (readiness as unknown as { shuttingDown: boolean }).shuttingDown = false;
    }
    await t.http().get('/api/readyz').expect(200);
  });
});
