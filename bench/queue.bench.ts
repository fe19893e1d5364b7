/**
 * Queue benchmarks (issue 6, DESIGN "Performance targets"):
 * 1. Round trip: POST /scans with useAi and an instant fake provider, inline runner vs BullMQ
 *    (in-process worker) — target: BullMQ adds ≤ 10 ms at p50. Also the bare JobRunner.run()
 *    round trip of one job, to isolate the queue's own cost.
 * 2. Throughput: AI scans per second with 1, 2 and 4 separate worker processes
 *    (`node dist/worker.js`, WORKER_CONCURRENCY=2 each) against a fake provider with a fixed
 *    200 ms latency, the API with WORKER_IN_PROCESS=false — target: near-linear growth
 *    (scaling efficiency ≥ 0.8 of k × the 1-worker throughput).
 *
 * Needs Redis: REDIS_URL, else redis://127.0.0.1:6379 if it answers; without Redis the rows are
 * reported as skipped. Database: a scratch database next to DATABASE_URL (default local
 * PostgreSQL), or the embedded PGlite when no PostgreSQL answers.
 * Standalone: node -r @swc-node/register bench/queue.bench.ts (BENCH_QUEUE_PARTS=roundtrip|throughput)
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { createApiApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { ProvidersService } from '../src/modules/providers/providers.service';
import { JOB_RUNNER, type JobRunner } from '../src/queue/job-runner';
import { JobName } from '../src/queue/queue.names';
import { selectPromptFiles } from '../src/infra/ai/prompt-template';
import { startFakeProvider, type FakeProvider } from '../test/utils/fake-provider';
import type { BenchRow } from './bench-row';
import { percentile, postgresAnswers, round, runStandalone, withEmbeddedDatabase, withScratchDatabase } from './bench-support';

const ROOT = join(__dirname, '..');
const SESSION_SECRET = 'bench-session-secret-0123456789';
const SKILL = `---\nname: csv-summary\ndescription: Summarises a CSV file.\n---\n# CSV summary\n\n1. Read the CSV file the user names.\n2. Reply with a short markdown table.\n`;

async function redisUrl(): Promise<string | null> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const client = new IORedis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return url;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

/** A scratch database next to DATABASE_URL's (default: local PostgreSQL); the embedded PGlite when none answers. */
async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  return (await postgresAnswers(2000)) ? withScratchDatabase('queue', run) : withEmbeddedDatabase(120, run);
}

interface BenchApp {
  app: INestApplication;
  base: string;
  close(): Promise<void>;
}

/** The real API on an ephemeral port, configured by `env` over this process's environment. */
async function startApp(env: Record<string, string | undefined>): Promise<BenchApp> {
  const app = await createApiApp({ config: loadConfig({ ...process.env, ...env }), logger: false });
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { app, base: `http://127.0.0.1:${port}/api`, close: () => app.close() };
}

async function postScan(base: string, i: number): Promise<{ aiUsed: boolean; aiError: string | null }> {
  const res = await fetch(`${base}/scans?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ source: 'text', useAi: true, text: `${SKILL}\nRun ${i}\n` }),
  });
  if (res.status !== 201) throw new Error(`POST /scans answered ${res.status}`);
  return (await res.json()) as { aiUsed: boolean; aiError: string | null };
}

async function timeRuns(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

async function addProvider(app: INestApplication, fake: FakeProvider): Promise<void> {
  const providers = app.get(ProvidersService, { strict: false });
  for (const p of await providers.list()) await providers.remove(p.id);
  await providers.create({ name: 'bench', apiType: 'provider_a', baseUrl: fake.baseUrl, model: 'bench-model', apiToken: 'sk-bench-0123456789abcdef', enabled: true });
}

/**
 * Scan and bare-job latencies, inline vs BullMQ, measured alternately (A, B, A, B, …) on two
 * apps that run side by side, so load drift on the machine hits both paths alike.
 */
async function measureRoundTrip(inlineEnv: Record<string, string | undefined>, queuedEnv: Record<string, string | undefined>, fake: FakeProvider, runs: number) {
  const inline = await startApp(inlineEnv);
  const queued = await startApp(queuedEnv);
  try {
    await addProvider(inline.app, fake);
    const apps = [inline, queued];
    const runners = apps.map((a) => a.app.get<JobRunner>(JOB_RUNNER, { strict: false }));
    if (runners[0].mode !== 'inline' || runners[1].mode !== 'bullmq') throw new Error('unexpected runner modes');
    // Every scan has its own text (same size), so no path benefits from an identical earlier scan.
    let text = 0;
    for (const app of apps) {
      for (let i = 0; i < 20; i++) await postScan(app.base, text++);
      const check = await postScan(app.base, text++);
      if (!check.aiUsed) throw new Error(`AI step failed in the benchmark: ${check.aiError}`);
    }
    const scans: number[][] = [[], []];
    const pairedDiffs: number[] = [];
    const jobs: number[][] = [[], []];
    // A job that returns at once (its deadline has passed): the pure runner/queue round trip.
    const expired = { providerId: 0, language: 'en' as const, skillName: 'bench', files: [], deadline: 0 };
    for (let i = 0; i < runs; i++) {
      // alternate which path goes first
      const pair: number[] = [0, 0];
      for (const k of i % 2 ? [1, 0] : [0, 1]) {
        [pair[k]] = await timeRuns(1, () => postScan(apps[k].base, text++));
        scans[k].push(pair[k]);
      }
      pairedDiffs.push(pair[1] - pair[0]);
      for (const k of [0, 1]) jobs[k].push(...(await timeRuns(2, () => runners[k].run(JobName.AiDescription, expired, 5000))));
    }
    return { scans, jobs, pairedDiffs };
  } finally {
    await queued.close();
    await inline.close();
  }
}

function spawnWorker(env: Record<string, string>): Promise<ChildProcess> {
  // `npm run bench` has just built dist/ (node dist/worker.js, as deployed); a standalone run uses the sources.
  const built = join(ROOT, 'dist', 'worker.js');
  const useDist = process.env.npm_lifecycle_event === 'bench' && existsSync(built);
  const args = useDist ? [built] : ['-r', '@swc-node/register', join(ROOT, 'src', 'worker.ts')];
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output.slice(-1000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Consuming queue')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}): ${output.slice(-1000)}`));
    });
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

type ThroughputMode = 'jobs' | 'http';

/**
 * AI scans per second with `workers` worker processes and `clients` concurrent clients:
 * - `jobs`: each client submits a scan's two AI jobs (analysis + description, the skill's
 *   files, a real provider) through the API's JobRunner and waits for both — the worker side;
 * - `http`: each client POSTs /scans with useAi — end to end, API included.
 */
async function measureThroughput(app: BenchApp, mode: ThroughputMode, workers: number, clients: number, durationMs: number): Promise<number> {
  const runner = app.app.get<JobRunner>(JOB_RUNNER, { strict: false });
  const providerId = (await app.app.get(ProvidersService, { strict: false }).list())[0].id;
  let counter = workers * 1_000_000 + (mode === 'http' ? 500_000 : 0);
  const one = async (): Promise<boolean> => {
    const i = counter++;
    if (mode === 'http') return (await postScan(app.base, i)).aiUsed;
    const text = `${SKILL}\nRun ${i}\n`;
    const files = selectPromptFiles([{ path: 'SKILL.md', kind: 'instruction', size: Buffer.byteLength(text), content: text }]);
    const data = { providerId, language: 'en' as const, skillName: 'csv-summary', files, deadline: Date.now() + 30_000 };
    const [analysis, description] = await Promise.all([
      runner.run(JobName.AiAnalysis, data, 30_000),
      runner.run(JobName.AiDescription, data, 30_000),
    ]);
    return analysis.ok && analysis.result.ok && description.ok && description.result.ok;
  };
  await Promise.all(Array.from({ length: clients }, one)); // warm-up
  let done = 0;
  let failed = 0;
  const started = Date.now();
  const until = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        if (await one()) done++;
        else failed++;
      }
    }),
  );
  if (failed > 0) throw new Error(`${failed} scans lost their AI step (check time-outs)`);
  return done / ((Date.now() - started) / 1000);
}

export async function runQueueBench(): Promise<BenchRow[]> {
  const redis = await redisUrl();
  if (!redis) {
    return [{ name: 'queue', metric: 'skipped: no Redis (set REDIS_URL)', value: 0, unit: '-', target: 'needs Redis' }];
  }
  const rows: BenchRow[] = [];
  const fake = await startFakeProvider();
  try {
    await withDatabase(async (databaseUrl) => {
      const prefix = `bench-${process.pid}`;
      const common = { DATABASE_URL: databaseUrl, SESSION_SECRET, LOG_LEVEL: 'silent', QUEUE_PREFIX: prefix, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined };

      const parts = (process.env.BENCH_QUEUE_PARTS ?? 'roundtrip,throughput').split(',');
      // 1. round trip: inline vs BullMQ, instant provider
      const runs = 200;
      if (parts.includes('roundtrip')) {
      const measured = await measureRoundTrip({ ...common, REDIS_URL: undefined }, { ...common, REDIS_URL: redis, WORKER_IN_PROCESS: 'true' }, fake, runs);
      const inline = { scans: measured.scans[0], jobs: measured.jobs[0] };
      const queued = { scans: measured.scans[1], jobs: measured.jobs[1] };
      const scanDelta = percentile(queued.scans, 50) - percentile(inline.scans, 50);
      const jobDelta = percentile(queued.jobs, 50) - percentile(inline.jobs, 50);
      rows.push(
        { name: 'scan useAi, inline runner', metric: 'p50', value: round(percentile(inline.scans, 50)), unit: 'ms' },
        { name: 'scan useAi, inline runner', metric: 'p95', value: round(percentile(inline.scans, 95)), unit: 'ms' },
        { name: 'scan useAi, BullMQ (in-process worker)', metric: 'p50', value: round(percentile(queued.scans, 50)), unit: 'ms' },
        { name: 'scan useAi, BullMQ (in-process worker)', metric: 'p95', value: round(percentile(queued.scans, 95)), unit: 'ms' },
        { name: 'scan useAi, BullMQ vs inline', metric: 'added p50', value: round(scanDelta), unit: 'ms', target: '≤ 10 ms', ok: scanDelta <= 10 },
        { name: 'scan useAi, BullMQ vs inline', metric: 'median of paired differences', value: round(percentile(measured.pairedDiffs, 50)), unit: 'ms' },
        { name: 'one job round trip, inline', metric: 'p50', value: round(percentile(inline.jobs, 50), 3), unit: 'ms' },
        { name: 'one job round trip, BullMQ', metric: 'p50', value: round(percentile(queued.jobs, 50), 3), unit: 'ms' },
        { name: 'one job round trip, BullMQ', metric: 'p95', value: round(percentile(queued.jobs, 95), 3), unit: 'ms' },
        { name: 'one job, BullMQ vs inline', metric: 'added p50', value: round(jobDelta, 3), unit: 'ms', target: '≤ 10 ms', ok: jobDelta <= 10 },
      );
      }
      if (!parts.includes('throughput')) return;

      // 2. throughput with 1, 2, 4 worker processes, provider latency 200 ms
      fake.latencyMs = 200;
      const concurrency = 2;
      const env = { ...common, REDIS_URL: redis, WORKER_IN_PROCESS: 'false', AI_REQUEST_TIMEOUT_MS: '10000', AI_JOB_WAIT_MS: '30000' };
      const app = await startApp(env);
      try {
        await addProvider(app.app, fake);
        const workerEnv = {
          DATABASE_URL: databaseUrl,
          REDIS_URL: redis,
          QUEUE_PREFIX: prefix,
          SESSION_SECRET,
          RUN_MIGRATIONS: 'false',
          LOG_LEVEL: 'info',
          WORKER_CONCURRENCY: String(concurrency),
          AI_REQUEST_TIMEOUT_MS: '10000',
          AI_JOB_WAIT_MS: '30000',
          DB_POOL_SIZE: '4',
        };
        for (const mode of ['jobs', 'http'] as const) {
          const results: Array<[number, number]> = [];
          for (const workers of [1, 2, 4]) {
            const children = await Promise.all(Array.from({ length: workers }, () => spawnWorker(workerEnv)));
            try {
              // enough scans in flight to keep every worker slot busy (2 jobs per scan)
              results.push([workers, await measureThroughput(app, mode, workers, workers * concurrency * 2, 6000)]);
            } finally {
              await Promise.all(children.map(stopWorker));
            }
          }
          const [, base] = results[0];
          const label = mode === 'jobs' ? 'AI job pairs via the queue' : 'POST /scans useAi end to end';
          for (const [workers, perSecond] of results) {
            rows.push({ name: `${label}, ${workers} worker process(es) × concurrency ${concurrency}, provider 200 ms`, metric: 'throughput', value: round(perSecond), unit: 'scans/s' });
            if (workers > 1) {
              const efficiency = perSecond / (workers * base);
              rows.push({
                name: `${label}, ${workers} vs 1 worker process`,
                metric: 'scaling efficiency',
                value: round(efficiency),
                unit: '×',
                ...(mode === 'jobs' ? { target: '≥ 0.8 (near-linear)', ok: efficiency >= 0.8 } : {}),
              });
            }
          }
        }
        const queue = new Queue('ai', { connection: { url: redis }, prefix });
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
      } finally {
        await app.close();
      }
    });
  } finally {
    await fake.close();
  }
  return rows;
}

if (require.main === module) runStandalone(runQueueBench);
