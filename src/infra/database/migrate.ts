import type { DataSource } from 'typeorm';

/** Arbitrary but fixed key: every instance serialises its migrations on it. */
const MIGRATION_LOCK_KEY = 724_011_903;

/**
 * Runs pending migrations under a PostgreSQL advisory lock, so several API and worker
 * instances starting at once apply each migration exactly once.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
