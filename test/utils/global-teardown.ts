import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from 'pg';
import { E2E_RUN_VARIABLE, databasePrefix, type E2eRun } from './e2e-run';

/** Drops the run's template and every suite database (PostgreSQL), or the PGlite dump. */
export default async function globalTeardown(): Promise<void> {
  const raw = process.env[E2E_RUN_VARIABLE];
  if (!raw) return;
  const run = JSON.parse(raw) as E2eRun;
  if (run.kind === 'embedded') {
    rmSync(dirname(run.dumpFile), { recursive: true, force: true });
    return;
  }
  const client = new Client({ connectionString: run.adminUrl });
  await client.connect();
  try {
    const rows: Array<{ datname: string }> = (
      await client.query(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [databasePrefix(run.runId)])
    ).rows;
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
