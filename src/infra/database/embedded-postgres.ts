import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface EmbeddedPostgres {
  /** postgres:// URL the ordinary pg driver connects to. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The embedded default: real PostgreSQL (PGlite, WASM) persisted under `dataDir`, served on
 * 127.0.0.1 over the wire protocol so TypeORM uses the same `postgres` driver, entities and
 * migrations as in production. `dataDir` null keeps it in memory (tests).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string | null;
  port?: number;
  maxConnections: number;
}): Promise<EmbeddedPostgres> {
  // Both packages are ESM-only; a dynamic import keeps this CommonJS module loadable.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let db;
  if (options.dataDir) {
    const dir = join(options.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    db = await PGlite.create(dir);
  } else {
    db = await PGlite.create();
  }
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? (await freeLoopbackPort()),
    // The server must accept at least as many connections as the TypeORM pool opens.
    maxConnections: options.maxConnections,
  });
  await server.start();
  return {
    url: `postgres://postgres:postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
