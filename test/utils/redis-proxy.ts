import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP proxy to Redis whose connections the test can cut and restore: Redis "lost" for the
 * clients behind it only, never for the real Redis other suites share.
 */
export interface RedisProxy {
  url: string;
  /** Drops every open connection and refuses new ones until restore(). */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startRedisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = createConnection(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const cut = () => {
    open = false;
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    restore: () => {
      open = true;
    },
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
