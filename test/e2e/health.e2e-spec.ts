import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../src/infra/config/app-config';
import { ReadinessService } from '../../src/modules/health/readiness.service';
import { createTestApp, type TestApp } from '../utils/create-app';

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

  it('answers 503 with a localized {error} once shutdown has begun', async () => {
    const readiness = t.app.get(ReadinessService);
    readiness.onModuleDestroy();
    try {
      const res = await t.http().get('/api/readyz?lang=en').expect(503);
      expect(res.body).toEqual({ error: expect.stringMatching(/^The service is not ready \(database/) });
      const de = await t.http().get('/api/readyz').expect(503);
      expect(de.body.error).toMatch(/^Der Dienst ist nicht bereit/);
      // Liveness is unaffected.
      await t.http().get('/api/healthz').expect(200);
    } finally {
      (readiness as unknown as { shuttingDown: boolean }).shuttingDown = false;
    }
    await t.http().get('/api/readyz').expect(200);
  });
});
