import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { I18nService } from 'nestjs-i18n';
import { requestLanguage } from './infra/i18n/request-language';
import { HTTP_LOGGER } from './infra/logging/logging.module';
import { requestIdMiddleware } from './infra/logging/request-id';
import { ApiModule } from './api.module';
import { consoleStatic } from './modules/console/console-static';
import { setupSwagger } from './common/openapi/swagger.setup';
import { APP_CONFIG, type AppConfig } from './infra/config/app-config';

/** Builds the configured API application (shared by main.ts, e2e tests and benchmarks). */
export async function createApiApp(options: { logger?: false; bufferLogs?: boolean } = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule, {
    bodyParser: false,
    abortOnError: false,
    // main.ts buffers start-up logs until it switches Nest to the pino logger (app.useLogger).
    bufferLogs: options.bufferLogs ?? false,
    ...(options.logger === false ? { logger: false } : {}),
  });
  configureApiApp(app);
  return app;
}

export function configureApiApp(app: NestExpressApplication): void {
  const config = app.get<AppConfig>(APP_CONFIG);
  // First of all: every response, errors and 404s outside /api included, carries X-Request-Id
  // and gets its request log line.
  app.use(requestIdMiddleware);
  app.use(app.get(HTTP_LOGGER));
  app.setGlobalPrefix('api');
  applySecurityMiddleware(app, config);
  app.useBodyParser('json', { limit: config.limits.maxBodyBytes });
  app.set('x-powered-by', false);
  // The review console (built bundle) under /console/, deep links included (src/modules/console).
  app.use(consoleStatic());
  // Nest only routes under /api; anything else outside it still gets the {error} body.
  const i18n: I18nService<Record<string, unknown>> = app.get(I18nService);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    const lang = requestLanguage(req.query, req.headers['accept-language']);
    res.status(404).json({ error: i18n.translate('errors.routeNotFound', { lang }) });
  });
  setupSwagger(app);
  app.enableShutdownHooks();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `application/json` or `application/<x>+json`, with any parameters (charset). */
function isJsonContentType(header: string): boolean {
  const type = header.split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Security middleware (docs/security.md): trust-proxy setting, helmet headers, CORS closed unless
 * CORS_ORIGINS lists origins, the cookie parser for the `session` cookie, and the JSON-only rule
 * for state-changing requests (part of the CSRF stance: an HTML form can only send urlencoded,
 * multipart or text/plain bodies, which are refused with 415 before reaching a handler).
 */
function applySecurityMiddleware(app: NestExpressApplication, config: AppConfig): void {
  if (config.trustProxy !== false) app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: config.cookieSecure ? [] : null } },
      strictTransportSecurity: config.cookieSecure,
    }),
  );
  if (config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Accept-Language'],
      maxAge: 600,
    });
  }
  app.use(cookieParser());
  const i18n: I18nService<Record<string, unknown>> = app.get(I18nService);
  app.use('/api', (req: Request, res: Response, next: NextFunction) => {
    const type = req.headers['content-type'];
    if (SAFE_METHODS.has(req.method) || type === undefined || isJsonContentType(type)) return next();
    const lang = requestLanguage(req.query, req.headers['accept-language']);
    res.status(415).json({ error: i18n.translate('errors.unsupportedMediaType', { lang }) });
  });
}
