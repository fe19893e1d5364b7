import type { TestApp } from './create-app';

/** Environment for a test app with sign-in configured and a bootstrapped admin. */
export const ADMIN_ENV = {
  SESSION_SECRET: 'test-session-secret-0123456789',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'correct-horse-battery',
  // Suites sign in many times a minute; the throttle itself is tested in auth.e2e-spec.ts.
  LOGIN_RATE_LIMIT: '1000',
};

/** Signs in as the bootstrapped admin and returns the `session=<jwt>` cookie pair. */
export async function adminCookie(t: TestApp): Promise<string> {
  const res = await t.http().post('/api/auth/login').send({ email: ADMIN_ENV.ADMIN_EMAIL, password: ADMIN_ENV.ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const session = setCookie.find((c) => c.startsWith('session='));
  if (!session) throw new Error('admin login set no session cookie');
  return session.split(';')[0];
}
