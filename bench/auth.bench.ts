/**
 * Sign-in costs (issue 5):
 * - scrypt hash / verify with the default parameters (N=2^15, r=8, p=1);
 * - POST /api/auth/login for an existing vs an unknown email: both must cost the same (the
 *   dummy-hash path), so timing does not reveal whether an email exists — target: the p50s
 *   differ by < 15 %;
 * - session resolution: GET /api/me with a valid cookie vs anonymous — target: < 1 ms extra p50.
 *
 * Runs the real API app on PostgreSQL (DATABASE_URL, a scratch database) or, without it, on the
 * embedded PGlite default. Standalone: node -r @swc-node/register bench/auth.bench.ts
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { createApiApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { hashPassword, verifyPassword } from '../src/infra/crypto/password';
import type { BenchRow } from './bench-row';
import { percentile, round, runStandalone, withEmbeddedDatabase, withScratchDatabase } from './bench-support';

const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-123' };
const round3 = (n: number) => round(n, 3);

async function timeIt(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

/** A scratch database next to DATABASE_URL when it is set, else the embedded PGlite default. */
function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  return process.env.DATABASE_URL ? withScratchDatabase('auth', run) : withEmbeddedDatabase(20, run);
}

export async function runAuthBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];

  const hashTimes = await timeIt(10, () => hashPassword(ADMIN.password));
  const stored = await hashPassword(ADMIN.password);
  const verifyTimes = await timeIt(10, () => verifyPassword(ADMIN.password, stored));
  rows.push(
    { name: 'scrypt hash (N=2^15, r=8, p=1)', metric: 'p50', value: round3(percentile(hashTimes, 50)), unit: 'ms' },
    { name: 'scrypt verify (N=2^15, r=8, p=1)', metric: 'p50', value: round3(percentile(verifyTimes, 50)), unit: 'ms' },
  );

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
  await withDatabase(async (url) => {
    const config = loadConfig({
      DATABASE_URL: url,
      SESSION_SECRET: 'bench-session-secret-0123456789',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: '100000',
      LOG_LEVEL: 'silent',
    });
    let app: INestApplication | null = null;
    try {
      app = await createApiApp({ config, logger: false });
      await app.listen(0, '127.0.0.1');
      const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`;
      const login = (email: string) =>
        fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'wrong-password-1' }) }).then((r) => r.arrayBuffer());
      const ok = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
      const cookie = (ok.headers.get('set-cookie') ?? '').split(';')[0];
      if (ok.status !== 200 || !cookie.startsWith('session=')) throw new Error(`bench login failed: ${ok.status}`);

      // Interleave the two cases so drift affects both equally.
      const known: number[] = [];
      const unknown: number[] = [];
      await login(ADMIN.email);
      await login('warm-up@example.com');
      for (let i = 0; i < 20; i++) {
        known.push(...(await timeIt(1, () => login(ADMIN.email))));
        unknown.push(...(await timeIt(1, () => login(`nobody-${i}@example.com`))));
      }
      const k50 = percentile(known, 50);
      const u50 = percentile(unknown, 50);
      const gap = Math.abs(k50 - u50) / Math.max(k50, u50);
      rows.push(
        { name: `login, existing email, wrong password (${database})`, metric: 'p50', value: round3(k50), unit: 'ms' },
        { name: `login, unknown email (${database})`, metric: 'p50', value: round3(u50), unit: 'ms' },
        { name: 'login timing gap existing vs unknown email', metric: 'relative p50 difference', value: round3(gap * 100), unit: '%', target: '< 15 %', ok: gap < 0.15 },
      );

      const me = (withCookie: boolean) => fetch(`${base}/me`, { headers: withCookie ? { cookie } : {} }).then((r) => r.arrayBuffer());
      for (let i = 0; i < 200; i++) await Promise.all([me(true), me(false)]);
      const anonymous = await timeIt(1000, () => me(false));
      const signedIn = await timeIt(1000, () => me(true));
      const extra = percentile(signedIn, 50) - percentile(anonymous, 50);
      rows.push(
        { name: 'GET /api/me anonymous', metric: 'p50', value: round3(percentile(anonymous, 50)), unit: 'ms' },
        { name: 'GET /api/me with a session cookie', metric: 'p50', value: round3(percentile(signedIn, 50)), unit: 'ms' },
        { name: 'session resolution (passport-jwt HS256) extra cost', metric: 'p50 difference', value: round3(extra), unit: 'ms', target: '< 1 ms', ok: extra < 1 },
      );
    } finally {
      await app?.close();
    }
  });
  return rows;
}

if (require.main === module) runStandalone(runAuthBench);
