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
 * migrations as in production. `dataDir` null keeps it in memory (tests); `loadDataDir` starts
 * it from a `dumpDataDir()` tarball (the e2e suites' migrated template).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string | null;
  port?: number;
  maxConnections: number;
  loadDataDir?: Blob;
}): Promise<EmbeddedPostgres & { dump(): Promise<Blob> }> {
  // Both packages are ESM-only; a dynamic import keeps this CommonJS module loadable.
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let db;
  if (options.dataDir) {
    const dir = join(options.dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    db = await PGlite.create(dir);
  } else {
    db = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? (await freeLoopbackPort()),
    // The server must accept at least as many connections as the TypeORM pool opens.
    maxConnections: options.maxConnections,
  });
  keepExtendedQueriesTogether(server);
  await server.start();
  return {
    url: `postgres://postgres:postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
    dump: () => db.dumpDataDir('none'),
  };
}

/** Extended-protocol message types (frontend): Parse, Bind, Describe, Execute, Close, Flush. */
const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

/**
 * pglite-socket 0.2.17 queues wire-protocol messages one at a time and keeps one connection's
 * messages together only while a transaction is open. Two parameterised queries (Parse, Bind,
 * Execute, Sync) on different pooled connections outside a transaction therefore interleave on
 * PGlite's single session: both use the unnamed statement and one fails with "unnamed prepared
 * statement does not exist" (or runs the other's statement). Concurrent requests hit this
 * constantly. This replaces the queue's scheduler with the same one plus one rule: after a
 * connection's Parse/Bind/Describe/Execute, only that connection's messages run until its Sync.
 */
function keepExtendedQueriesTogether(server: object): void {
  const queue = (server as { queryQueue?: any }).queryQueue;
  if (!queue || typeof queue.processQueue !== 'function' || typeof queue.clearQueueForHandler !== 'function' || !Array.isArray(queue.queue)) {
    throw new Error('pglite-socket internals changed: review keepExtendedQueriesTogether (embedded-postgres.ts)');
  }
  let openHandler: number | null = null;
  queue.processQueue = async function processQueue(this: any): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const sticky: number | null = openHandler ?? (this.db.isInTransaction() && this.lastHandlerId ? this.lastHandlerId : null);
        let item: QueuedMessage | undefined;
        if (sticky !== null) {
          const index = (this.queue as QueuedMessage[]).findIndex((q) => q.handlerId === sticky);
          if (index === -1) break; // wait for that connection's next message
          item = this.queue.splice(index, 1)[0];
        } else item = this.queue.shift();
        if (!item) break;
        const current = item;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          if (openHandler === current.handlerId) openHandler = null;
          current.reject(error);
          continue;
        }
        const type = current.message[0];
        if (EXTENDED.has(type)) openHandler = current.handlerId;
        else if (type === SYNC || openHandler === current.handlerId) openHandler = null;
        this.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (openHandler === handlerId) {
      openHandler = null;
      void queue.processQueue();
    }
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
