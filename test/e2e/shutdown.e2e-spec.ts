import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '../utils/create-app';

/** Graceful shutdown: closing the app lets a request that is already streaming finish. */
describe('Graceful shutdown (e2e)', () => {
  let t: TestApp;
  let closed = false;
  const ROWS = 3000;

  beforeAll(async () => {
    t = await createTestApp();
    const ds = t.app.get(DataSource);
    await ds.query(
      `INSERT INTO scans (name, source, status, verdict, risk_score, file_count, language, fingerprint)
       SELECT 'shutdown ' || g, 'text', 'completed', 'pass', 0, 1, 'en', md5(g::text) || md5(g::text) FROM generate_series(1, $1) g`,
      [ROWS],
    );
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('finishes an in-flight GET /scans before the database closes', async () => {
    const server = t.app.getHttpServer() as http.Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    let closing: Promise<void> | null = null;
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/scans' }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            // Shut down as soon as the first bytes are out.
            if (!closing) closing = t.close();
          });
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        })
        .on('error', reject);
    });
    await closing;
    closed = true;
    const scans = JSON.parse(body);
    expect(scans).toHaveLength(ROWS);
    expect(scans[ROWS - 1].name).toBe('shutdown 1');
  });
});
