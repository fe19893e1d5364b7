/**
 * Helpers shared by the benchmark modules: a scratch PostgreSQL database (or the embedded
 * PGlite), the built API (`dist/main.js`) as a child process on a loopback port, timed HTTP
 * requests and the child's memory, percentiles, a seeded random generator and the standalone
 * runner that prints a module's rows. Loopback only; every wait bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../src/infra/database/embedded-postgres';
import type { BenchRow } from './bench-row';
export { rng } from '../test/support/rng';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  client: Client;
  drop(): Promise<void>;
}

/**
 * A fresh database next to DATABASE_URL's (default: local PostgreSQL), dropped by `drop()`. Its
 * name starts with BENCH_DATABASE_PREFIX (default `skill_audit_bench`; lowercase letters, digits
 * and underscores), so runs sharing a server can tell their databases apart.
 */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const base = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const prefix = process.env.BENCH_DATABASE_PREFIX || 'skill_audit_bench';
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error('BENCH_DATABASE_PREFIX: lowercase letters, digits and underscores only');
  const name = `${prefix}_${label}_${process.pid}_${Date.now()}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Runs `run` on a fresh scratch database (createScratchDatabase) and drops the database
 * afterwards, whether `run` succeeds or throws. Only the URL is handed on: the helper's own
 * connection is closed first, so the benchmark sees just the connections it opens itself.
 */
export async function withScratchDatabase<T>(label: string, run: (url: string) => Promise<T>): Promise<T> {
  const db = await createScratchDatabase(label);
  try {
    await db.client.end();
    return await run(db.url);
  } finally {
    await db.drop();
  }
}

/** Runs `run` on an in-memory embedded PostgreSQL (PGlite), stopped afterwards. */
export async function withEmbeddedDatabase<T>(maxConnections: number, run: (url: string) => Promise<T>): Promise<T> {
  const embedded = await startEmbeddedPostgres({ dataDir: null, maxConnections });
  try {
    return await run(embedded.url);
  } finally {
    await embedded.stop();
  }
}

/** Whether PostgreSQL at DATABASE_URL (default: local) accepts a connection within `timeoutMs`. */
export async function postgresAnswers(timeoutMs = 2000): Promise<boolean> {
  const client = new Client({ connectionString: process.env.DATABASE_URL || DEFAULT_DATABASE_URL, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface ApiProcess {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node dist/main.js` (the production build; `npm run bench` builds first) with `env`
 * and waits until GET /api/readyz answers 200 (at most 120 s).
 */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const root = join(__dirname, '..');
  const main = join(root, 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('dist/main.js is missing: run `npm run build` (npm run bench does)');
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited during start-up (${child.exitCode}): ${stderr}`);
    const status = await request(`${baseUrl}/api/readyz`).then((r) => r.status, () => 0);
    if (status === 200) return { baseUrl, pid: child.pid!, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the API did not become ready within 120 s: ${stderr}`);
}

export const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

export interface TimedResponse {
  status: number;
  body: string;
  /** ms until the response headers and first body byte arrived. */
  ttfbMs: number;
  totalMs: number;
  bytes: number;
}

/** One HTTP request on loopback; `discardBody` counts the bytes instead of keeping them. */
export function request(
  url: string,
  options: { method?: string; body?: unknown; discardBody?: boolean; onChunk?: (chunk: Buffer) => void; timeoutMs?: number } = {},
): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const started = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: keepAlive,
        headers: payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {},
      },
      (res) => {
        let ttfbMs = -1;
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (ttfbMs < 0) ttfbMs = ms();
          bytes += chunk.length;
          options.onChunk?.(chunk);
          if (!options.discardBody) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ttfbMs: ttfbMs < 0 ? ms() : ttfbMs,
            totalMs: ms(),
            bytes,
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 600_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Current resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Samples `rssMb(pid)` every `everyMs` while `work` runs; returns its result and the peak. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>, everyMs = 20): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, rssMb(pid));
    } catch {
      // the process is gone; the request will fail on its own
    }
  }, everyMs);
  try {
    const result = await work();
    peakMb = Math.max(peakMb, rssMb(pid));
    return { result, peakMb };
  } finally {
    clearInterval(timer);
  }
}

/** Nearest-rank percentile (the ⌈p/100 × n⌉-th smallest value); sorts a copy, so any order will do. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n: number, digits = 2): number => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * A module's `if (require.main === module)` entry point: runs `bench`, prints one line per row
 * (name, metric, value, unit, target, ok/FAIL), and on an error prints it and sets exit code 1.
 * Then exits, so a handle left open (keep-alive socket, Redis, PGlite) cannot keep the run alive.
 */
export function runStandalone(bench: () => Promise<BenchRow[]>): void {
  bench()
    .then(
      (rows) => {
        const nameWidth = Math.max(0, ...rows.map((r) => r.name.length));
        const metricWidth = Math.max(0, ...rows.map((r) => r.metric.length));
        for (const r of rows) {
          const target = r.target ? `  (target ${r.target})` : '';
          const verdict = r.ok === undefined ? '' : r.ok ? '  ok' : '  FAIL';
          console.log(`${r.name.padEnd(nameWidth)} ${r.metric.padEnd(metricWidth)} ${String(r.value).padStart(10)} ${r.unit}${target}${verdict}`);
        }
      },
      (error: unknown) => {
        console.error(error);
        process.exitCode = 1;
      },
    )
    .finally(() => process.exit());
}
