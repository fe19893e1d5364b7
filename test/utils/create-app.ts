import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApiApp } from '../../src/app.factory';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * Boots the real API (real database from global-setup, in-process workers) on an ephemeral
 * port. `env` overrides process.env for this app only (restored on close).
 */
export async function createTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const saved: Record<string, string | undefined> = {};
  // Request logs stay quiet in tests unless a test asks for them (E2E_LOG_LEVEL or env.LOG_LEVEL).
  env = { LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent', ...env };
  for (const [key, value] of Object.entries(env)) {
    saved[key] = process.env[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const app = await createApiApp({ logger: false });
  await app.init();
  const server = app.getHttpServer();
  return {
    app,
    http: () => request(server),
    close: async () => {
      await app.close();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    },
  };
}
