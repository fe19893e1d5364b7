import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { runMigrationsLocked } from './migrate';

/**
 * `npm run migration:check`: applies every migration to a scratch database, then asks TypeORM
 * what it would still change to match the entities (`createSchemaBuilder().log()`, the diff
 * `migration:generate` writes). Any pending query means an entity changed without a migration
 * (or a migration is missing from migrations/index.ts): the check prints the SQL and exits 1.
 * The scratch database lives on the DATABASE_URL server (dropped afterwards), or in an
 * in-memory PGlite when DATABASE_URL is unset.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const scratch = config.databaseUrl ? await scratchDatabase(config.databaseUrl) : await embeddedDatabase();
  try {
    const dataSource = await new DataSource(dataSourceOptions(scratch.url, 2)).initialize();
    try {
      await runMigrationsLocked(dataSource);
      const pending = await dataSource.driver.createSchemaBuilder().log();
      if (pending.upQueries.length === 0) {
        console.log(`migration:check: ${dataSource.migrations.length} migrations applied; the schema matches the entities.`);
        return 0;
      }
      console.error('migration:check: the migrated schema differs from the entities. Pending changes:\n');
      for (const query of pending.upQueries) console.error(`  ${query.query};`);
      console.error('\nGenerate a migration (npm run migration:generate -- <name>) and list it in src/infra/database/migrations/index.ts.');
      return 1;
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await scratch.drop();
  }
}

async function scratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `skill_audit_migration_check_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function embeddedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: null, maxConnections: 5 });
  return { url: embedded.url, drop: () => embedded.stop() };
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('migration:check failed:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
