import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiModule } from './api.module';
import { APP_CONFIG, type AppConfig } from './infra/config/app-config';

/** Builds the configured API application (shared by main.ts, e2e tests and benchmarks). */
export async function createApiApp(options: { logger?: false } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, {
    bodyParser: false,
    abortOnError: false,
    ...(options.logger === false ? { logger: false } : {}),
  });
  configureApiApp(app);
  return app;
}

export function configureApiApp(app: NestExpressApplication): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  app.setGlobalPrefix('api');
  app.useBodyParser('json', { limit: config.limits.maxBodyBytes });
  app.set('x-powered-by', false);
  app.enableShutdownHooks();
}
