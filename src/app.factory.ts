import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { I18nService } from 'nestjs-i18n';
import { requestLanguage } from './infra/i18n/request-language';
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
  // Nest only routes under /api; anything outside it still gets the {error} body.
  const i18n: I18nService<Record<string, unknown>> = app.get(I18nService);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const lang = requestLanguage(req.query, req.headers['accept-language']);
    res.status(404).json({ error: i18n.translate('errors.routeNotFound', { lang }) });
  });
  app.enableShutdownHooks();
}
