import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  const embedded = (globalThis as any).__EMBEDDED_PG__;
  if (embedded) {
    await embedded.stop();
    return;
  }
  const admin = process.env.E2E_ADMIN_DATABASE_URL;
  const name = process.env.E2E_DATABASE_NAME;
  if (!admin || !name) return;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.end();
}
