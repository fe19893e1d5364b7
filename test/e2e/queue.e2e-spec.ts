import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { TEST_TOKEN, providerInput, queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';
import { startFakeProvider, type FakeProvider } from '../utils/fake-provider';
import { closedPort } from '../utils/free-port';
import { startRedisProxy, type RedisProxy } from '../utils/redis-proxy';
import { startWorker, type WorkerProcess } from '../utils/worker-process';

/**
 * The BullMQ path. "Redis unavailable" runs everywhere; the rest needs a real Redis
 * (REDIS_URL, as in CI) and is skipped on the embedded default.
 */
const REDIS_URL = process.env.REDIS_URL;
const describeWithRedis = REDIS_URL ? describe : describe.skip;

type Checkpoint = { id: string; status: string };
const status = (body: { checkpoints: Checkpoint[] }, id: string) => body.checkpoints.find((c) => c.id === id)!.status;

async function withProvider(t: TestApp, fake: FakeProvider, overrides: Record<string, unknown> = {}) {
  await t.app.get(DataSource).query('DELETE FROM ai_providers');
  const cookie = await adminCookie(t);
  await t.http().post('/api/providers').set('Cookie', cookie).send(providerInput(fake.baseUrl, overrides)).expect(201);
}

describe('Queue: Redis unavailable (e2e)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await createTestApp({
      ...ADMIN_ENV,
      REDIS_URL: `redis://127.0.0.1:${await closedPort()}`,
      QUEUE_PREFIX: queuePrefix('redis-down'),
      AI_REQUEST_TIMEOUT_MS: '1000',
      AI_JOB_WAIT_MS: '2000',
    });
    await withProvider(t, fake);
  });
  afterAll(async () => {
    await t.app.get(DataSource).query('DELETE FROM ai_providers');
    await t.close();
    await fake.close();
  });

  it('answers a completed 201 report at once, with aiError and both steps in error', async () => {
    const started = Date.now();
    const res = await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true })).expect(201);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(res.body).toMatchObject({ status: 'completed', aiUsed: false, description: null });
    expect(res.body.aiError).toBe(
      'AI analysis failed: the job queue (Redis) is not available. AI description failed: the job queue (Redis) is not available.',
    );
    expect(status(res.body, 'ai-analysis')).toBe('error');
    expect(status(res.body, 'description')).toBe('error');
    expect(fake.requests).toHaveLength(0);
    await t.http().post(`/api/scans/${res.body.id}/description`).expect(422);
  });
});

describeWithRedis('Queue through Redis (e2e)', () => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const inspect = (prefix: string) => new Queue('ai', { connection: { url: REDIS_URL! }, prefix });

  describe('no worker running', () => {
    const prefix = queuePrefix('no-worker');
    let t: TestApp;
    beforeAll(async () => {
      // Waits long enough that only the liveness check can explain a quick answer.
      t = await createTestApp({ ...ADMIN_ENV, QUEUE_PREFIX: prefix, WORKER_IN_PROCESS: 'false', AI_REQUEST_TIMEOUT_MS: '20000', AI_JOB_WAIT_MS: '25000' });
      await withProvider(t, fake);
    });
    afterAll(async () => {
      await t.app.get(DataSource).query('DELETE FROM ai_providers');
      await t.close();
    });

    it('answers at once with aiError, completes the scan and enqueues nothing', async () => {
      const started = Date.now();
      const res = await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true })).expect(201);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(res.body.status).toBe('completed');
      expect(res.body.aiError).toBe('AI analysis failed: no worker is running. AI description failed: no worker is running.');
      expect(status(res.body, 'ai-analysis')).toBe('error');
      expect(status(res.body, 'description')).toBe('error');
      expect(fake.requests).toHaveLength(0);
      const queue = inspect(prefix);
      try {
        expect(await queue.getJobCounts('waiting', 'active', 'completed', 'failed')).toEqual({ waiting: 0, active: 0, completed: 0, failed: 0 });
      } finally {
        await queue.obliterate({ force: true });
        await queue.close();
      }
    });

    it('a static scan does not wait for its description job either (localized)', async () => {
      const started = Date.now();
      const res = await t.http().post('/api/scans?lang=de').send(textScan(`${BENIGN_SKILL}\nstatic\n`, { useAi: false })).expect(201);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(res.body).toMatchObject({ status: 'completed', verdict: 'pass', aiUsed: false, description: null });
      expect(res.body.aiError).toBe('KI-Beschreibung fehlgeschlagen: es läuft kein Worker.');
      expect(status(res.body, 'ai-analysis')).toBe('skipped');
      expect(status(res.body, 'description')).toBe('error');
    });
  });

  describe('jobs lost while awaited', () => {
    const prefix = queuePrefix('lost');
    const env = { QUEUE_PREFIX: prefix, SESSION_SECRET: ADMIN_ENV.SESSION_SECRET, AI_REQUEST_TIMEOUT_MS: '20000', AI_JOB_WAIT_MS: '25000' };
    const LOST = 'the job was lost (its worker stopped or the queue was reset)';
    let t: TestApp;
    const workers: WorkerProcess[] = [];
    let redisProxy: RedisProxy;
    beforeAll(async () => {
      redisProxy = await startRedisProxy(REDIS_URL!);
      // The API reaches Redis through a proxy the test can cut; workers connect directly.
      t = await createTestApp({ ...ADMIN_ENV, ...env, WORKER_IN_PROCESS: 'false', REDIS_URL: redisProxy.url });
      await withProvider(t, fake);
    });
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop('SIGKILL')));
      await t.app.get(DataSource).query('DELETE FROM ai_providers');
      await t.close();
      await redisProxy.close();
      const queue = inspect(prefix);
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    });

    /**
     * Posts an AI scan and resolves once both jobs are running in a worker (the provider holds
     * them), with the pending response (wrapped: an async function would wait for it).
     */
    async function scanWithRunningJobs(lang = 'en') {
      fake.mode = 'slow';
      fake.slowMs = 30_000;
      const request = t.http().post(`/api/scans?lang=${lang}`).send(textScan(`${BENIGN_SKILL}\n${Math.random()}\n`, { useAi: true })).then((res) => res);
      const until = Date.now() + 15_000;
      while (fake.requests.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(fake.requests).toHaveLength(2);
      return { response: request };
    }

    function expectCompleteReport(body: Record<string, any>, aiError: string) {
      expect(body).toMatchObject({ status: 'completed', verdict: 'pass', aiUsed: false, description: null, aiError });
      expect(body.checkpoints.length).toBeGreaterThan(2);
      expect(status(body as { checkpoints: Checkpoint[] }, 'ai-analysis')).toBe('error');
      expect(status(body as { checkpoints: Checkpoint[] }, 'description')).toBe('error');
    }

    it('a worker killed mid-job: the wait ends within 2 s of the kill', async () => {
      const worker = await startWorker({ ...env, WORKER_CONCURRENCY: '2' });
      workers.push(worker);
      const { response } = await scanWithRunningJobs();
      const killedAt = Date.now();
      await worker.stop('SIGKILL');
      const res = await response;
      const lostAfterMs = Date.now() - killedAt;
      expect(res.status).toBe(201);
      expect(lostAfterMs).toBeLessThan(2000);
      expectCompleteReport(res.body, `AI analysis failed: ${LOST}. AI description failed: ${LOST}.`);
    }, 60_000);

    it('jobs obliterated from Redis mid-wait: the wait ends within 2 s', async () => {
      const worker = await startWorker({ ...env, WORKER_CONCURRENCY: '2' });
      workers.push(worker);
      const { response } = await scanWithRunningJobs('es');
      const queue = inspect(prefix);
      const lostAt = Date.now();
      try {
        await queue.obliterate({ force: true });
      } finally {
        await queue.close();
      }
      const res = await response;
      expect(Date.now() - lostAt).toBeLessThan(2000);
      expect(res.status).toBe(201);
      const perdida = 'la tarea se perdió (su worker se detuvo o la cola se vació)';
      expect(res.body.aiError).toBe(`El análisis de IA ha fallado: ${perdida}. La descripción por IA ha fallado: ${perdida}.`);
      await worker.stop('SIGKILL');
    }, 60_000);

    it('Redis lost mid-wait: the wait ends within 2 s with queueUnavailable', async () => {
      const worker = await startWorker({ ...env, WORKER_CONCURRENCY: '2' });
      workers.push(worker);
      const { response } = await scanWithRunningJobs();
      const lostAt = Date.now();
      redisProxy.cut();
      const res = await response;
      expect(Date.now() - lostAt).toBeLessThan(2000);
      const down = 'the job queue (Redis) is not available';
      expectCompleteReport(res.body, `AI analysis failed: ${down}. AI description failed: ${down}.`);
      await worker.stop('SIGKILL');
    }, 60_000);
  });

  describe('separate worker processes', () => {
    const prefix = queuePrefix('workers');
    const env = { QUEUE_PREFIX: prefix, SESSION_SECRET: ADMIN_ENV.SESSION_SECRET, AI_REQUEST_TIMEOUT_MS: '4000', AI_JOB_WAIT_MS: '8000', WORKER_CONCURRENCY: '2' };
    let t: TestApp;
    let workers: WorkerProcess[] = [];
    beforeAll(async () => {
      t = await createTestApp({ ...ADMIN_ENV, ...env, WORKER_IN_PROCESS: 'false' });
      await withProvider(t, fake);
    });
    afterAll(async () => {
      await Promise.all(workers.map((w) => w.stop('SIGKILL')));
      await t.app.get(DataSource).query('DELETE FROM ai_providers');
      await t.close();
      const queue = inspect(prefix);
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    });

    it('two worker processes share one queue; a token echoed by the provider never reaches their logs', async () => {
      workers = await Promise.all([startWorker(env), startWorker(env)]);
      fake.latencyMs = 300;
      const bodies = await Promise.all(
        Array.from({ length: 4 }, (_, i) => t.http().post('/api/scans?lang=en').send(textScan(`${BENIGN_SKILL}\nVariant ${i}\n`, { useAi: true }))),
      );
      for (const res of bodies) {
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ aiUsed: true, aiError: null, description: 'Summarises a CSV file into a short table.' });
        expect(res.body.findings.some((f: { detectedBy: string }) => f.detectedBy === 'ai')).toBe(true);
      }
      expect(fake.requests).toHaveLength(8);
      // 2 processes × concurrency 2: more calls at once than one process may run
      expect(fake.maxInFlight).toBeGreaterThanOrEqual(3);
      const queue = inspect(prefix);
      try {
        const completed = await queue.getCompleted(0, 50);
        const processedBy = new Set(completed.map((job) => job.processedBy));
        expect(processedBy.size).toBe(2);
        expect([...processedBy].map((name) => Number(String(name).split(':').pop())).sort()).toEqual(workers.map((w) => w.pid).sort());
      } finally {
        await queue.close();
      }

      fake.latencyMs = 0;
      fake.mode = 'error-echo';
      const failed = await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true })).expect(201);
      expect(failed.body.aiError).toContain('HTTP status 500');
      expect(JSON.stringify(failed.body)).not.toContain(TEST_TOKEN);
      const codes = await Promise.all(workers.map((w) => w.stop('SIGTERM')));
      expect(codes).toEqual(['signal:SIGTERM', 'signal:SIGTERM']);
      const output = workers.map((w) => w.output()).join('\n');
      expect(output).toContain('failed: http 500');
      expect(output).not.toContain(TEST_TOKEN);
      expect(output).not.toContain(TEST_TOKEN.slice(3, 20));
    }, 120_000);

    it('a worker stopped with SIGTERM drains: its running job still completes', async () => {
      const worker = await startWorker(env);
      workers = [worker];
      fake.latencyMs = 1500;
      const pending = t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: false }));
      const request = pending.then((res) => res);
      const until = Date.now() + 10_000;
      while (fake.requests.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(fake.requests).toHaveLength(1);
      const ended = await worker.stop('SIGTERM');
      expect(ended).toBe('signal:SIGTERM');
      const res = await request;
      expect(res.status).toBe(201);
      expect(res.body.description).toBe('Summarises a CSV file into a short table.');
      expect(worker.output()).toContain('Worker drained');
    }, 120_000);
  });
});
