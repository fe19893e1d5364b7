import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { startEmbeddedPostgres } from '../../src/infra/database/embedded-postgres';
import { runMigrationsLocked } from '../../src/infra/database/migrate';
import { E2E_RUN_VARIABLE, databasePrefix, type E2eRun } from './e2e-run';

/**
 * Migrates one template database per e2e run; every suite then gets its own copy (see
 * e2e-run.ts), so suites never see each other's rows and need no TRUNCATE between them:
 * - with DATABASE_URL (CI, PostgreSQL): `sa_e2e_<run>_template`, copied per suite with
 *   CREATE DATABASE … TEMPLATE (a file copy: milliseconds);
 * - without it: a migrated in-memory PGlite dumped to a tarball each suite loads.
 * The run description reaches the test runtimes through E2E_RUN (set here, in jest's parent
 * process, before it starts them; no test writes the environment). global-teardown cleans up.
 */
export default async function globalSetup(): Promise<void> {
  const runId = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const base = process.env.DATABASE_URL;
  let run: E2eRun;
  if (base) {
    const template = `${databasePrefix(runId)}template`;
    const admin = new Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${template}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(base);
    url.pathname = `/${template}`;
    await migrate(url.toString());
    run = { kind: 'postgres', runId, adminUrl: base, template };
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: null, maxConnections: 10 });
    try {
      await migrate(embedded.url);
      const dumpFile = join(mkdtempSync(join(tmpdir(), 'sa-e2e-')), 'template.tar');
      writeFileSync(dumpFile, Buffer.from(await (await embedded.dump()).arrayBuffer()));
      run = { kind: 'embedded', runId, dumpFile };
    } finally {
      await embedded.stop();
    }
  }
  process.env[E2E_RUN_VARIABLE] = JSON.stringify(run);
}

async function migrate(url: string): Promise<void> {
  const dataSource = await new DataSource(dataSourceOptions(url, 2)).initialize();
  try {
    await runMigrationsLocked(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
