import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApiApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/infra/config/app-config';
import { suiteEnv } from './e2e-run';

export interface TestApp {
  app: INestApplication;
  http: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/** Variables as the process would see them; `undefined` removes one from the suite's base. */
export type EnvOverrides = Record<string, string | undefined>;

/**
 * The validated config of a test app: this suite's base environment (its own database and
 * queue prefix, the run's Redis, quiet logs — see e2e-run.ts) plus `overrides`, through the same
 * `loadConfig` as production. Nothing writes process.env.
 */
export async function testConfig(overrides: EnvOverrides = {}): Promise<AppConfig> {
  return loadConfig({ ...(await suiteEnv()), ...overrides });
}

/** Boots the real API (this suite's database, in-process workers) with `overrides` applied. */
export async function createTestApp(overrides: EnvOverrides = {}): Promise<TestApp> {
  const app = await createApiApp({ config: await testConfig(overrides), logger: false });
  await app.init();
  const server = app.getHttpServer();
  return {
    app,
    http: () => request(server),
    close: () => app.close(),
  };
}
