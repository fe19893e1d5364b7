import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createApiApp } from '../../src/app.factory';
import { SESSION_SECRET_FILE } from '../../src/infra/config/first-run';
import { FIRST_RUN_ADMIN_EMAIL } from '../../src/modules/auth/admin-bootstrap.service';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { createTestApp, testConfig } from '../utils/create-app';
import { LogRecorder } from '../utils/log-recorder';
import request from 'supertest';

/** The embedded default: no DATABASE_URL, no REDIS_URL — PGlite under DATA_DIR, inline jobs. */
const EMBEDDED = { DATABASE_URL: undefined, REDIS_URL: undefined };
/** Each boot of a fresh PGlite runs every migration in WASM: tens of seconds on a busy machine. */
const PGLITE_TEST_TIMEOUT_MS = 240_000;

describe('Embedded default (e2e)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'skill-audit-data-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on PGlite from an empty DATA_DIR, migrates, and keeps scans across restarts', async () => {
    const env = { ...EMBEDDED, DATA_DIR: dataDir };
    const first = await createTestApp(env);
    let id: number;
    try {
      expect((await first.http().get('/api/healthz').expect(200)).body).toEqual({ status: 'ok' });
      id = (await first.http().post('/api/scans').send(textScan(BENIGN_SKILL)).expect(201)).body.id;
    } finally {
      await first.close();
    }
    expect(existsSync(join(dataDir, 'pg'))).toBe(true);
    expect(readdirSync(join(dataDir, 'pg')).length).toBeGreaterThan(0);

    const second = await createTestApp(env);
    try {
      const res = await second.http().get(`/api/scans/${id}`).expect(200);
      expect(res.body.files[0].content).toBe(BENIGN_SKILL);
    } finally {
      await second.close();
    }
  }, PGLITE_TEST_TIMEOUT_MS);

  it('first run without SESSION_SECRET and ADMIN_*: a kept secret and admin@localhost with a printed one-time password', async () => {
    /** Boots like main.ts (buffered logs, then a logger) and returns the app and its log lines. */
    const boot = async () => {
      const app = await createApiApp({ config: await testConfig({ ...EMBEDDED, DATA_DIR: dataDir }), bufferLogs: true });
      const logs = new LogRecorder();
      app.useLogger(logs);
      await app.init();
      return { app, logs, http: () => request(app.getHttpServer()) };
    };

    const first = await boot();
    let password: string;
    let secret: string;
    try {
      const secretFile = join(dataDir, SESSION_SECRET_FILE);
      secret = readFileSync(secretFile, 'utf8');
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(statSync(secretFile).mode & 0o777).toBe(0o600);

      // One clear start-up line names the admin and its password.
      const lines = first.logs.lines.filter((l) => l.includes('First run: created the admin'));
      expect(lines).toHaveLength(1);
      const match = /created the admin (\S+) with the password (\S+) /.exec(lines[0]);
      expect(match?.[1]).toBe(FIRST_RUN_ADMIN_EMAIL);
      password = match![2];
      expect(password.length).toBeGreaterThanOrEqual(20);

      // Stored only as a hash.
      const rows: Array<{ email: string; password_hash: string }> = await first.app.get(DataSource).query('SELECT email, password_hash FROM admin_users');
      expect(rows.map((r) => r.email)).toEqual([FIRST_RUN_ADMIN_EMAIL]);
      expect(rows[0].password_hash).toMatch(/^scrypt\$/);
      expect(rows[0].password_hash).not.toContain(password);

      // Sign in with the printed password; an admin-only route answers.
      const login = await first.http().post('/api/auth/login').send({ email: FIRST_RUN_ADMIN_EMAIL, password }).expect(200);
      const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).find((c) => c.startsWith('session='))!.split(';')[0];
      expect((await first.http().get('/api/providers').set('Cookie', cookie).expect(200)).body).toEqual([]);
    } finally {
      await first.app.close();
    }

    // Restart: the same secret (sessions survive), no second admin, the password is not printed again.
    const second = await boot();
    try {
      expect(readFileSync(join(dataDir, SESSION_SECRET_FILE), 'utf8')).toBe(secret);
      expect(second.logs.text).not.toContain('First run: created the admin');
      expect(second.logs.text).not.toContain(password);
      await second.http().post('/api/auth/login').send({ email: FIRST_RUN_ADMIN_EMAIL, password }).expect(200);
      expect((await second.app.get(DataSource).query('SELECT count(*)::int AS c FROM admin_users'))[0].c).toBe(1);
    } finally {
      await second.app.close();
    }
  }, PGLITE_TEST_TIMEOUT_MS);

  it('with DATABASE_URL set nothing is generated: no secret file, no admin, the warnings stay', async () => {
    const app = await createApiApp({ config: await testConfig({ DATA_DIR: dataDir }), bufferLogs: true });
    const logs = new LogRecorder();
    app.useLogger(logs);
    await app.init();
    try {
      expect(existsSync(join(dataDir, SESSION_SECRET_FILE))).toBe(false);
      expect((await app.get(DataSource).query('SELECT count(*)::int AS c FROM admin_users'))[0].c).toBe(0);
      expect(logs.text).toContain('ADMIN_EMAIL/ADMIN_PASSWORD are not set: nobody can sign in');
      expect(logs.text).toContain('SESSION_SECRET is not set');
    } finally {
      await app.close();
    }
  });
});
