import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { TEST_TOKEN, providerInput, queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';
import { startFakeProvider, type FakeProvider } from '../utils/fake-provider';
import { closedPort } from '../utils/free-port';
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
      t = await createTestApp({ ...ADMIN_ENV, QUEUE_PREFIX: prefix, WORKER_IN_PROCESS: 'false', AI_REQUEST_TIMEOUT_MS: '1000', AI_JOB_WAIT_MS: '2000' });
      await withProvider(t, fake);
    });
    afterAll(async () => {
      await t.app.get(DataSource).query('DELETE FROM ai_providers');
      await t.close();
    });

    it('ends the bounded wait with aiError, completes the scan and removes the unclaimed jobs', async () => {
      const started = Date.now();
      const res = await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true })).expect(201);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(1900);
      expect(elapsed).toBeLessThan(6000);
      expect(res.body.status).toBe('completed');
      expect(res.body.aiError).toBe('AI analysis failed: no worker answered in time. AI description failed: no worker answered in time.');
      expect(fake.requests).toHaveLength(0);
      const queue = inspect(prefix);
      try {
        expect(await queue.getWaitingCount()).toBe(0);
      } finally {
        await queue.obliterate({ force: true });
        await queue.close();
      }
    });
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
