import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/infra/database/embedded-postgres';

/**
 * What global-setup prepared for this e2e run, handed to the test files through the
 * `E2E_RUN` environment variable (jest starts its test runtimes after globalSetup, so they
 * inherit it; tests only read it):
 * - `postgres`: a migrated template database; each suite gets `CREATE DATABASE … TEMPLATE`;
 * - `embedded`: a dump of a migrated PGlite; each suite starts its own in-memory PGlite from it.
 */
export type E2eRun =
  | { kind: 'postgres'; runId: string; adminUrl: string; template: string }
  | { kind: 'embedded'; runId: string; dumpFile: string };

export const E2E_RUN_VARIABLE = 'E2E_RUN';

/** Database names of a run share this prefix (global-teardown drops them all). */
export function databasePrefix(runId: string): string {
  return `sa_e2e_${runId}_`;
}

function currentRun(): E2eRun {
  const raw = process.env[E2E_RUN_VARIABLE];
  if (!raw) throw new Error('E2E_RUN is not set: run e2e tests through jest (test/utils/global-setup.ts prepares the databases)');
  return JSON.parse(raw) as E2eRun;
}

/** `dashboard` for test/e2e/dashboard.e2e-spec.ts: names this suite's database and queue prefix. */
function suiteName(): string {
  const path = expect.getState().testPath ?? 'suite';
  return basename(path).replace(/\.e2e-spec\.ts$/, '').replace(/[^a-z0-9]+/gi, '_').toLowerCase().slice(0, 24);
}

interface SuiteResources {
  databaseUrl: string;
  queuePrefix: string;
  embedded: EmbeddedPostgres | null;
}

// One per test file: jest gives every test file its own module registry.
let suite: Promise<SuiteResources> | null = null;

async function createSuiteResources(): Promise<SuiteResources> {
  const run = currentRun();
  const name = suiteName();
  const queuePrefix = `e2e-${run.runId}-${name}`;
  if (run.kind === 'postgres') {
    const database = `${databasePrefix(run.runId)}${name}`;
    const admin = new Client({ connectionString: run.adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${database}" TEMPLATE "${run.template}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(run.adminUrl);
    url.pathname = `/${database}`;
    return { databaseUrl: url.toString(), queuePrefix, embedded: null };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: null, maxConnections: 100, loadDataDir: new Blob([readFileSync(run.dumpFile)]) });
  return { databaseUrl: embedded.url, queuePrefix, embedded };
}

/**
 * The environment every app of this suite starts from: its own database (a fresh copy of the
 * migrated template), its own BullMQ prefix, the run's Redis (if any), quiet logs. Nothing else
 * of the developer's environment leaks in.
 */
export async function suiteEnv(): Promise<Record<string, string | undefined>> {
  suite ??= createSuiteResources();
  const { databaseUrl, queuePrefix } = await suite;
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
  };
}

/** Stops this suite's PGlite (embedded runs); PostgreSQL suite databases are dropped by global-teardown. */
export async function releaseSuite(): Promise<void> {
  const resources = await suite;
  suite = null;
  await resources?.embedded?.stop();
}
