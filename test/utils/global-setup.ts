import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/infra/database/embedded-postgres';

/**
 * Gives the e2e run a fresh, empty database:
 * - with DATABASE_URL (CI, PostgreSQL): creates `skill_audit_e2e_<pid>_<time>` and points
 *   DATABASE_URL at it; global-teardown drops it;
 * - without it: starts the embedded default (in-memory PGlite over a socket) in this process.
 * Migrations run when the first app boots (under the advisory lock), exactly as in production.
 */
export default async function globalSetup(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `skill_audit_e2e_${process.pid}_${Date.now()}`;
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    process.env.E2E_ADMIN_DATABASE_URL = base;
    process.env.E2E_DATABASE_NAME = name;
    process.env.DATABASE_URL = url.toString();
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: null, maxConnections: 100 });
    (globalThis as any).__EMBEDDED_PG__ = embedded;
    process.env.DATABASE_URL = embedded.url;
  }
}
