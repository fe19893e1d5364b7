import { createHmac, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AdminBootstrapService } from '../../src/modules/auth/admin-bootstrap.service';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';

const SECRET = ADMIN_ENV.SESSION_SECRET;
const THIRTY_DAYS = 30 * 24 * 60 * 60;

// --- JWTs built by hand with node:crypto, so the test does not trust the code under test ---
const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function hmacJwt(payload: object, secret = SECRET, alg: 'HS256' | 'HS384' | 'HS512' = 'HS256', header: object = {}): string {
  const input = `${b64url({ alg, typ: 'JWT', ...header })}.${b64url(payload)}`;
  const digest = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  return `${input}.${createHmac(digest, secret).update(input).digest('base64url')}`;
}

function noneJwt(payload: object, alg = 'none'): string {
  return `${b64url({ alg, typ: 'JWT' })}.${b64url(payload)}.`;
}

function rs256Jwt(payload: object): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const input = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}`;
  return `${input}.${rsaSign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
}

function decodeJwt(token: string): { header: any; payload: any; signature: string } {
  const [h, p, s] = token.split('.');
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), payload: JSON.parse(Buffer.from(p, 'base64url').toString()), signature: s };
}

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  return ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
}

function sessionSetCookie(res: { headers: Record<string, unknown> }): string {
  const cookie = setCookies(res).find((c) => c.startsWith('session='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie;
}

/** Attributes of a Set-Cookie line, keys lower-cased; flags map to true. */
function cookieAttributes(line: string): { value: string; attrs: Record<string, string | true> } {
  const [pair, ...rest] = line.split(';').map((p) => p.trim());
  const attrs: Record<string, string | true> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq === -1) attrs[part.toLowerCase()] = true;
    else attrs[part.slice(0, eq).toLowerCase()] = part.slice(eq + 1);
  }
  return { value: pair.slice(pair.indexOf('=') + 1), attrs };
}

/** Every admin-only route of DESIGN.md ("Admin-only"), with a body where the route takes one. */
const ADMIN_ROUTES: Array<{ method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: object }> = [
  { method: 'patch', path: '/api/scans/1', body: { hidden: true } },
  { method: 'delete', path: '/api/scans/1' },
  { method: 'get', path: '/api/providers' },
  { method: 'post', path: '/api/providers', body: { name: 'x', type: 'custom', baseUrl: 'https://example.com', model: 'm' } },
  { method: 'patch', path: '/api/providers/1', body: { name: 'x' } },
  { method: 'delete', path: '/api/providers/1' },
  { method: 'post', path: '/api/providers/1/test' },
  { method: 'post', path: '/api/providers/test-connection', body: { type: 'custom', baseUrl: 'https://example.com' } },
  { method: 'post', path: '/api/providers/list-models', body: { type: 'custom', baseUrl: 'https://example.com' } },
  { method: 'get', path: '/api/prompts' },
  { method: 'patch', path: '/api/prompts/1', body: { content: 'x' } },
  { method: 'patch', path: '/api/rules/1', body: { enabled: false } },
];

describe('Sign-in and sessions (e2e)', () => {
  let t: TestApp;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000' });
    // This suite's fresh database: the admin of ADMIN_ENV is the one bootstrapped at start-up.
    const db = t.app.get(DataSource);
    adminId = (await db.query('SELECT id FROM admin_users'))[0].id;
  });
  afterAll(async () => {
    await t.close();
  });

  const me = (cookie?: string) => {
    const req = t.http().get('/api/me');
    return (cookie === undefined ? req : req.set('Cookie', cookie)).expect(200);
  };
  const login = (body: object, query = '') => t.http().post(`/api/auth/login${query}`).send(body);
  const validClaims = () => ({ sub: String(adminId), email: ADMIN_ENV.ADMIN_EMAIL, iat: now(), exp: now() + THIRTY_DAYS });

  describe('POST /auth/login', () => {
    it('answers AuthMe and sets an httpOnly, SameSite=Lax, 30-day session cookie with an HS256 token', async () => {
      const before = now();
      const res = await login({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }).expect(200);
      expect(res.body).toEqual({ authenticated: true, isAdmin: true, email: ADMIN_ENV.ADMIN_EMAIL });
      expect(res.headers['cache-control']).toBe('no-store');

      const { value, attrs } = cookieAttributes(sessionSetCookie(res));
      expect(attrs.httponly).toBe(true);
      expect(String(attrs.samesite).toLowerCase()).toBe('lax');
      expect(attrs.path).toBe('/');
      expect(attrs['max-age']).toBe(String(THIRTY_DAYS));
      expect(Math.abs(new Date(String(attrs.expires)).getTime() - (Date.now() + THIRTY_DAYS * 1000))).toBeLessThan(60_000);
      expect(attrs.secure).toBeUndefined();

      const { header, payload, signature } = decodeJwt(value);
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
      expect(Object.keys(payload).sort()).toEqual(['email', 'exp', 'iat', 'sub']);
      expect(payload.sub).toBe(String(adminId));
      expect(payload.email).toBe(ADMIN_ENV.ADMIN_EMAIL);
      expect(payload.iat).toBeGreaterThanOrEqual(before - 1);
      expect(payload.exp - payload.iat).toBe(THIRTY_DAYS);
      const [h, p] = value.split('.');
      expect(signature).toBe(createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url'));
    });

    it('gives a session that GET /me and the admin guard accept', async () => {
      const cookie = await adminCookie(t);
      expect((await me(cookie)).body).toEqual({ authenticated: true, isAdmin: true, email: ADMIN_ENV.ADMIN_EMAIL });
      const scan = (await t.http().post('/api/scans').send(textScan(BENIGN_SKILL)).expect(201)).body;
      await t.http().patch(`/api/scans/${scan.id}`).set('Cookie', cookie).send({ hidden: false }).expect(200);
    });

    it('compares the email case-insensitively', async () => {
      const res = await login({ email: ' ADMIN@Example.COM ', password: ADMIN_ENV.ADMIN_PASSWORD }).expect(200);
      expect(res.body.email).toBe('admin@example.com');
      expect(decodeJwt(cookieAttributes(sessionSetCookie(res)).value).payload.email).toBe('admin@example.com');
    });

    it('answers wrong credentials with the same localized 401, whether or not the email exists, and sets no cookie', async () => {
      const wrongPassword = await login({ email: ADMIN_ENV.ADMIN_EMAIL, password: 'wrong-password' }).expect(401);
      const unknownEmail = await login({ email: 'nobody@example.com', password: ADMIN_ENV.ADMIN_PASSWORD }).expect(401);
      expect(wrongPassword.body).toEqual({ error: 'Ungültige Anmeldedaten.' });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(setCookies(wrongPassword)).toEqual([]);
      expect(setCookies(unknownEmail)).toEqual([]);
      expect((await login({ email: 'nobody@example.com', password: 'x' }, '?lang=en').expect(401)).body).toEqual({ error: 'Invalid credentials.' });
      expect((await login({ email: 'nobody@example.com', password: 'x' }, '?lang=es').expect(401)).body.error).toMatch(/credenciales/i);
      // The password is case-sensitive.
      await login({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD.toUpperCase() }).expect(401);
    });

    it('rejects invalid bodies with a localized 400', async () => {
      const bodies = [
        {},
        { email: ADMIN_ENV.ADMIN_EMAIL },
        { password: ADMIN_ENV.ADMIN_PASSWORD },
        { email: 42, password: ADMIN_ENV.ADMIN_PASSWORD },
        { email: ADMIN_ENV.ADMIN_EMAIL, password: ['x'] },
        { email: '', password: ADMIN_ENV.ADMIN_PASSWORD },
        { email: ADMIN_ENV.ADMIN_EMAIL, password: 'x'.repeat(1025) },
        { email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD, isAdmin: true },
      ];
      for (const body of bodies) {
        const res = await login(body).expect(400);
        expect(Object.keys(res.body)).toEqual(['error']);
        expect(typeof res.body.error).toBe('string');
        expect(setCookies(res)).toEqual([]);
      }
      expect((await login({}, '?lang=en').expect(400)).body).toEqual({ error: 'The field "email" is missing.' });
    });

    it('accepts only JSON bodies (HTML forms cannot post to it)', async () => {
      const form = `email=${encodeURIComponent(ADMIN_ENV.ADMIN_EMAIL)}&password=${encodeURIComponent(ADMIN_ENV.ADMIN_PASSWORD)}`;
      const res = await t.http().post('/api/auth/login?lang=en').type('form').send(form).expect(415);
      expect(res.body).toEqual({ error: expect.any(String) });
      await t.http().post('/api/auth/login').set('Content-Type', 'text/plain').send(JSON.stringify({ email: 'a', password: 'b' })).expect(415);
      await t.http().post('/api/auth/logout').type('form').send('x=1').expect(415);
      expect(setCookies(res)).toEqual([]);
    });
  });

  describe('session token verification', () => {
    const admin = () => t.http().patch('/api/scans/1').send({ hidden: true });

    it('accepts a token signed with the known secret (positive control)', async () => {
      const cookie = `session=${hmacJwt(validClaims())}`;
      expect((await me(cookie)).body).toEqual({ authenticated: true, isAdmin: true, email: ADMIN_ENV.ADMIN_EMAIL });
    });

    const forged: Array<[string, () => string]> = [
      ['a wrong secret', () => hmacJwt(validClaims(), 'not-the-session-secret-000000')],
      ['alg none (no signature)', () => noneJwt(validClaims())],
      ['alg None (spelling variant)', () => noneJwt(validClaims(), 'None')],
      ['alg none with the HS256 signature kept', () => `${noneJwt(validClaims()).slice(0, -1)}.${hmacJwt(validClaims()).split('.')[2]}`],
      ['HS384 with the right secret', () => hmacJwt(validClaims(), SECRET, 'HS384')],
      ['HS512 with the right secret', () => hmacJwt(validClaims(), SECRET, 'HS512')],
      ['RS256', () => rs256Jwt(validClaims())],
      ['an expired token', () => hmacJwt({ ...validClaims(), iat: now() - THIRTY_DAYS - 60, exp: now() - 60 })],
      ['a token not valid yet (nbf in the future)', () => hmacJwt({ ...validClaims(), nbf: now() + 3600 })],
      ['no sub', () => hmacJwt({ email: ADMIN_ENV.ADMIN_EMAIL, iat: now(), exp: now() + 60 })],
      ['no email', () => hmacJwt({ sub: String(adminId), iat: now(), exp: now() + 60 })],
      ['an empty sub', () => hmacJwt({ ...validClaims(), sub: '' })],
      ['an empty email', () => hmacJwt({ ...validClaims(), email: '' })],
      ['a non-string email', () => hmacJwt({ ...validClaims(), email: ['admin@example.com'] })],
      ['a sub that is not an id', () => hmacJwt({ ...validClaims(), sub: 'admin' })],
      ['a payload changed after signing', () => {
        const [h, , s] = hmacJwt(validClaims()).split('.');
        return `${h}.${b64url({ ...validClaims(), email: 'attacker@example.com' })}.${s}`;
      }],
      ['a JSON-array payload', () => hmacJwt([1, 2, 3] as unknown as object)],
      ['garbage', () => 'not-a-token'],
      ['three garbage segments', () => 'aaa.bbb.ccc'],
      ['a cookie-parser JSON value', () => encodeURIComponent(`j:${JSON.stringify(validClaims())}`)],
      ['an over-long token', () => hmacJwt({ ...validClaims(), pad: 'x'.repeat(5000) })],
    ];

    it.each(forged)('treats %s as unauthenticated (GET /me anonymous, admin route 401)', async (_name, make) => {
      const cookie = `session=${make()}`;
      expect((await me(cookie)).body).toEqual({ authenticated: false, isAdmin: false, email: null });
      expect((await admin().set('Cookie', cookie).expect(401)).body).toEqual({ error: 'Nicht angemeldet.' });
    });

    it('treats a request without the cookie, or with the token elsewhere, as unauthenticated', async () => {
      const token = hmacJwt(validClaims());
      expect((await me()).body).toEqual({ authenticated: false, isAdmin: false, email: null });
      await admin().expect(401);
      await admin().set('Authorization', `Bearer ${token}`).expect(401);
      await admin().set('Cookie', `other=${token}`).expect(401);
      await t.http().patch(`/api/scans/1?session=${token}`).send({ hidden: true }).expect(401);
    });

    it('accepts a validly signed token whose admin row no longer exists (stateless sessions; rotate SESSION_SECRET to revoke)', async () => {
      const cookie = `session=${hmacJwt({ ...validClaims(), sub: '999999', email: 'former-admin@example.com' })}`;
      expect((await me(cookie)).body).toEqual({ authenticated: true, isAdmin: true, email: 'former-admin@example.com' });
    });
  });

  describe('admin-only routes', () => {
    it.each(ADMIN_ROUTES)('$method $path refuses an anonymous caller with 401', async ({ method, path, body }) => {
      const req = t.http()[method](path);
      const res = await (body ? req.send(body) : req);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Nicht angemeldet.' });
      const forgedCookie = `session=${noneJwt(validClaims())}`;
      const en = t.http()[method](`${path}?lang=en`).set('Cookie', forgedCookie);
      const forged = await (body ? en.send(body) : en);
      expect(forged.status).toBe(401);
      expect(forged.body).toEqual({ error: 'Not signed in.' });
    });

    it('lets public routes through without a session', async () => {
      await t.http().get('/api/healthz').expect(200);
      await t.http().get('/api/me').expect(200);
      await t.http().get('/api/scans').expect(200);
      await t.http().get('/api/rules').expect(200);
    });
  });

  describe('POST /auth/logout', () => {
    it('answers 204 and expires the cookie with the same attributes', async () => {
      const cookie = await adminCookie(t);
      const res = await t.http().post('/api/auth/logout').set('Cookie', cookie).expect(204);
      expect(res.text).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
      const { value, attrs } = cookieAttributes(sessionSetCookie(res));
      expect(value).toBe('');
      expect(attrs['max-age']).toBe('0');
      expect(new Date(String(attrs.expires)).getTime()).toBeLessThanOrEqual(Date.now());
      expect(attrs.httponly).toBe(true);
      expect(String(attrs.samesite).toLowerCase()).toBe('lax');
      expect(attrs.path).toBe('/');
      // A browser now sends no cookie: anonymous again.
      expect((await me()).body.authenticated).toBe(false);
    });

    it('answers 204 without a session too', async () => {
      const res = await t.http().post('/api/auth/logout').expect(204);
      expect(sessionSetCookie(res)).toMatch(/^session=;/);
    });
  });

  describe('security headers and CORS', () => {
    it('sends helmet headers and no CORS headers by default', async () => {
      const res = await t.http().get('/api/me').set('Origin', 'https://evil.example').expect(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http().options('/api/scans/1').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'PATCH');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('opens CORS only to the configured origins', async () => {
      const cors = await createTestApp({ ...ADMIN_ENV, CORS_ORIGINS: 'https://app.example.com' });
      try {
        const allowed = await cors.http().options('/api/scans/1').set('Origin', 'https://app.example.com').set('Access-Control-Request-Method', 'PATCH');
        expect(allowed.status).toBe(204);
        expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
        expect(allowed.headers['access-control-allow-credentials']).toBe('true');
        expect(allowed.headers['access-control-allow-methods']).toContain('PATCH');
        const other = await cors.http().options('/api/scans/1').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'PATCH');
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
        const get = await cors.http().get('/api/me').set('Origin', 'https://app.example.com').expect(200);
        expect(get.headers['access-control-allow-origin']).toBe('https://app.example.com');
      } finally {
        await cors.close();
      }
    });

    it('marks the cookie Secure when COOKIE_SECURE=true', async () => {
      const secure = await createTestApp({ ...ADMIN_ENV, COOKIE_SECURE: 'true' });
      try {
        const res = await secure.http().post('/api/auth/login').send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }).expect(200);
        expect(cookieAttributes(sessionSetCookie(res)).attrs.secure).toBe(true);
        const out = await secure.http().post('/api/auth/logout').expect(204);
        expect(cookieAttributes(sessionSetCookie(out)).attrs.secure).toBe(true);
        expect(res.headers['strict-transport-security']).toBeDefined();
      } finally {
        await secure.close();
      }
    });
  });

  describe('without SESSION_SECRET', () => {
    it('boots, answers login with a clear 500 and treats every request as unauthenticated', async () => {
      const open = await createTestApp({ ...ADMIN_ENV, SESSION_SECRET: undefined });
      try {
        const res = await open.http().post('/api/auth/login').send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }).expect(500);
        expect(res.body).toEqual({ error: 'Anmeldung ist nicht konfiguriert (SESSION_SECRET fehlt).' });
        expect((await open.http().post('/api/auth/login?lang=en').send({ email: 'a@b.c', password: 'x' }).expect(500)).body.error).toContain('SESSION_SECRET');
        expect(setCookies(res)).toEqual([]);
        // Even a token signed with the secret the other app uses is not accepted here.
        const cookie = `session=${hmacJwt(validClaims())}`;
        expect((await open.http().get('/api/me').set('Cookie', cookie).expect(200)).body).toEqual({ authenticated: false, isAdmin: false, email: null });
        await open.http().patch('/api/scans/1').set('Cookie', cookie).send({ hidden: true }).expect(401);
        await open.http().post('/api/auth/logout').expect(204);
        // The app with a secret, alive at the same time, still accepts it (no shared passport state).
        expect((await me(cookie)).body.authenticated).toBe(true);
      } finally {
        await open.close();
      }
    });
  });

  describe('login throttling', () => {
    let limited: TestApp;
    beforeAll(async () => {
      // Its own key prefix: with REDIS_URL the counters live in Redis, shared with other runs.
      limited = await createTestApp({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '3', LOGIN_RATE_WINDOW_MS: '60000', TRUST_PROXY: '1', QUEUE_PREFIX: queuePrefix('login-limit') });
    });
    afterAll(async () => {
      await limited.close();
    });
    const attempt = (ip: string, email: string, password = 'wrong-password', query = '') =>
      limited.http().post(`/api/auth/login${query}`).set('X-Forwarded-For', ip).send({ email, password });

    it('limits attempts per IP across emails (429, localized)', async () => {
      for (let i = 0; i < 3; i++) await attempt('203.0.113.1', `user${i}@example.com`).expect(401);
      const blocked = await attempt('203.0.113.1', 'user9@example.com').expect(429);
      expect(blocked.body).toEqual({ error: 'Zu viele Anfragen. Bitte später erneut versuchen.' });
      expect(Number(blocked.headers['retry-after-login-ip'])).toBeGreaterThan(0);
      // Retry-After in seconds, at most the block (the window, 60 s).
      expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(59);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await attempt('203.0.113.1', 'user9@example.com', 'x', '?lang=en').expect(429)).body).toEqual({ error: expect.stringMatching(/too many/i) });
      // Even the right password is refused while blocked.
      await attempt('203.0.113.1', ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD).expect(429);
    });

    it('limits attempts per email across IPs, case-insensitively', async () => {
      const target = 'victim@example.com';
      for (let i = 0; i < 3; i++) await attempt(`198.51.100.${i + 1}`, i === 1 ? target.toUpperCase() : target).expect(401);
      const blocked = await attempt('198.51.100.50', ` ${target}`).expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('does not affect other routes or other clients', async () => {
      await limited.http().get('/api/me').set('X-Forwarded-For', '203.0.113.1').expect(200);
      await limited.http().post('/api/scans').set('X-Forwarded-For', '203.0.113.1').send(textScan(BENIGN_SKILL)).expect(201);
      await limited.http().post('/api/auth/logout').set('X-Forwarded-For', '203.0.113.1').expect(204);
      const ok = await attempt('192.0.2.77', ADMIN_ENV.ADMIN_EMAIL, ADMIN_ENV.ADMIN_PASSWORD).expect(200);
      expect(ok.body.authenticated).toBe(true);
    });
  });

  // With REDIS_URL the counters live in Redis: every API instance sees the same attempts.
  (process.env.REDIS_URL ? describe : describe.skip)('login throttling across API instances (Redis)', () => {
    const env = { ...ADMIN_ENV, LOGIN_RATE_LIMIT: '4', LOGIN_RATE_WINDOW_MS: '60000', TRUST_PROXY: '1', QUEUE_PREFIX: queuePrefix('login-shared') };
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp(env);
      b = await createTestApp(env);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
    });
    const attempt = (app: TestApp, ip: string, email: string) =>
      app.http().post('/api/auth/login?lang=en').set('X-Forwarded-For', ip).send({ email, password: 'wrong-password' });

    it('two instances together allow LOGIN_RATE_LIMIT attempts per IP, then both answer 429 with Retry-After', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2 ? b : a, '203.0.113.9', `shared${i}@example.com`)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      for (const app of [a, b]) {
        const res = await attempt(app, '203.0.113.9', 'other@example.com').expect(429);
        expect(res.body).toEqual({ error: expect.stringMatching(/too many/i) });
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(55);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
    });

    it('and LOGIN_RATE_LIMIT attempts per email across IPs', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 ? a : b, `192.0.2.${10 + i}`, 'shared-victim@example.com')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    });
  });

  describe('admin bootstrap', () => {
    const count = async () => (await t.app.get(DataSource).query('SELECT count(*)::int AS c FROM admin_users'))[0].c as number;

    it('stores the password only as a salted scrypt hash', async () => {
      const rows = await t.app.get(DataSource).query('SELECT email, password_hash FROM admin_users');
      expect(rows).toHaveLength(1);
      expect(rows[0].email).toBe(ADMIN_ENV.ADMIN_EMAIL);
      expect(rows[0].password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(rows[0].password_hash).not.toContain(ADMIN_ENV.ADMIN_PASSWORD);
    });

    it('creates exactly one admin when many bootstraps race (different emails too)', async () => {
      const db = t.app.get(DataSource);
      const bootstrap = t.app.get(AdminBootstrapService);
      await db.query('DELETE FROM admin_users');
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => bootstrap.ensureAdmin({ email: i % 2 ? `racer${i}@example.com` : ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD })),
      );
      expect(await count()).toBe(1);
      expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'exists')).toHaveLength(9);
    });

    it('creates exactly one admin when several app instances start at once', async () => {
      await t.app.get(DataSource).query('DELETE FROM admin_users');
      const apps = await Promise.all(Array.from({ length: 3 }, () => createTestApp(ADMIN_ENV)));
      try {
        expect(await count()).toBe(1);
        await apps[2].http().post('/api/auth/login').send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }).expect(200);
      } finally {
        // Close in reverse order so each app restores the environment the previous one saw.
        for (const app of apps.reverse()) await app.close();
      }
    });

    it('leaves an existing admin alone and does nothing without ADMIN_EMAIL', async () => {
      const bootstrap = t.app.get(AdminBootstrapService);
      expect(await bootstrap.ensureAdmin({ email: 'someone-else@example.com', password: 'another-password' })).toBe('exists');
      expect(await count()).toBe(1);
      await t.app.get(DataSource).query('DELETE FROM admin_users');
      expect(await bootstrap.ensureAdmin({ email: null, password: null })).toBe('not-configured');
      expect(await count()).toBe(0);
      expect(await bootstrap.ensureAdmin()).toBe('created');
      await login({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD }).expect(200);
    });
  });
});
