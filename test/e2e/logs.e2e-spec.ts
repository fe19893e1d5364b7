import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import request from 'supertest';
import { createApiApp } from '../../src/app.factory';
import { ADMIN_ENV } from '../utils/admin-session';
import { testConfig } from '../utils/create-app';

/**
 * Captures everything the process writes (stdout, stderr, console) while a real app — set up as
 * main.ts sets it up, at LOG_LEVEL=trace — serves a login, provider tokens and failures, then
 * asserts that no password, token, cookie or secret appears in any of it.
 */
describe('Logs (e2e): structured, with request ids, never a secret', () => {
  const TOKENS = {
    create: 'sk-create-TOKEN-1111aaaa2222bbbb',
    update: 'sk-update-TOKEN-3333cccc4444dddd',
    testConnection: 'sk-testconn-TOKEN-5555eeee6666',
    invalidBody: 'sk-invalid-TOKEN-7777ffff8888',
    header: 'sk-header-TOKEN-9999gggg0000',
  };
  const WRONG_PASSWORD = 'wrong-PASSWORD-never-logged-42';
  const MALFORMED_PASSWORD = 'malformed-PASSWORD-never-logged-43';

  const captured: string[] = [];
  const restore: Array<() => void> = [];
  let app: INestApplication;
  let upstream: http.Server;
  let upstreamUrl: string;
  let sessionCookie = '';

  const env = { ...ADMIN_ENV, LOG_LEVEL: 'trace' };

  beforeAll(async () => {
    // A fake provider that echoes the presented key in its error, as real ones do.
    upstream = http.createServer((req, res) => {
      const key = String(req.headers.authorization ?? req.headers['x-api-key'] ?? '');
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`;

    for (const stream of [process.stdout, process.stderr]) {
      const spy = jest.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array) => {
        captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
        return true;
      }) as typeof stream.write);
      restore.push(() => spy.mockRestore());
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const spy = jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        captured.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
      restore.push(() => spy.mockRestore());
    }
    // As in main.ts: buffered start-up logs, then every Nest log through pino.
    app = await createApiApp({ config: await testConfig(env), bufferLogs: true });
    app.useLogger(app.get(Logger));
    await app.init();
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => upstream.close(resolve));
    for (const undo of restore) undo();
  });

  const http_ = () => request(app.getHttpServer());

  it('serves a sign-in and provider-token workload', async () => {
    await http_().post('/api/auth/login').set('X-Request-Id', 'logtest-01')
      .send({ email: ADMIN_ENV.ADMIN_EMAIL, password: WRONG_PASSWORD }).expect(401);
    await http_().post('/api/auth/login').set('X-Request-Id', 'logtest-02').set('Content-Type', 'application/json')
      .send(`{"email":"${ADMIN_ENV.ADMIN_EMAIL}","password":"${MALFORMED_PASSWORD}"`).expect(400);
    const login = await http_().post('/api/auth/login').set('X-Request-Id', 'logtest-03')
      .send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }).expect(200);
    const setCookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('session='));
    expect(setCookie).toBeDefined();
    sessionCookie = setCookie!.split(';')[0];

    const created = await http_().post('/api/providers').set('X-Request-Id', 'logtest-04').set('Cookie', sessionCookie)
      .send({ name: 'Log test', apiType: 'custom', baseUrl: upstreamUrl, model: 'm-1', apiToken: TOKENS.create }).expect(201);
    const id = created.body.id;
    await http_().patch(`/api/providers/${id}`).set('X-Request-Id', 'logtest-05').set('Cookie', sessionCookie)
      .send({ apiToken: TOKENS.update }).expect(200);
    const list = await http_().get('/api/providers').set('X-Request-Id', 'logtest-06').set('Cookie', sessionCookie).expect(200);
    expect(JSON.stringify(list.body)).not.toContain(TOKENS.update);
    await http_().post('/api/providers/test-connection').set('X-Request-Id', 'logtest-07').set('Cookie', sessionCookie)
      .send({ apiType: 'custom', baseUrl: upstreamUrl, apiToken: TOKENS.testConnection }).expect(200);
    await http_().post(`/api/providers/${id}/test`).set('X-Request-Id', 'logtest-08').set('Cookie', sessionCookie).expect(200);
    await http_().post('/api/providers').set('X-Request-Id', 'logtest-09').set('Cookie', sessionCookie)
      .send({ apiType: 'custom', apiToken: TOKENS.invalidBody, unexpected: true }).expect(400);
    await http_().get('/api/me').set('X-Request-Id', 'logtest-10').set('Cookie', sessionCookie)
      .set('Authorization', `Bearer ${TOKENS.header}`).expect(200);
    await http_().get('/api/no-such-route').set('X-Request-Id', 'logtest-11').expect(404);
  });

  it('logged every request as a JSON line carrying its request id', () => {
    const lines = captured.join('').split('\n').filter((line) => line.trim().startsWith('{'));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, any>);
    const requestLines = entries.filter((e) => e.req);
    const missing = Array.from({ length: 11 }, (_, i) => `logtest-${String(i + 1).padStart(2, '0')}`).filter(
      (id) => !requestLines.some((e) => e.reqId === id),
    );
    expect(missing).toEqual([]);
    for (const entry of requestLines) {
      expect(entry.reqId).toBe(entry.req.id);
      expect(typeof entry.level).toBe('string');
      expect(entry.req).not.toHaveProperty('body');
    }
    for (let n = 1; n <= 11; n++) {
      const id = `logtest-${String(n).padStart(2, '0')}`;
      expect(requestLines.some((e) => e.reqId === id)).toBe(true);
    }
  });

  it('never wrote a password, token, cookie or secret', () => {
    const output = captured.join('');
    expect(output.length).toBeGreaterThan(0);
    const jwt = sessionCookie.slice('session='.length);
    const secrets = [
      ADMIN_ENV.ADMIN_PASSWORD, ADMIN_ENV.SESSION_SECRET, WRONG_PASSWORD, MALFORMED_PASSWORD, jwt,
      ...Object.values(TOKENS),
      // Distinctive middle parts too, in case something logs a partial value.
      ...Object.values(TOKENS).map((token) => token.slice(3, -4)),
    ];
    expect(jwt.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
