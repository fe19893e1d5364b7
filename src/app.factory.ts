import { join } from 'node:path';
import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { I18nService } from 'nestjs-i18n';
import { requestLanguage } from './infra/i18n/request-language';
import { HTTP_LOGGER } from './infra/logging/logging.module';
import { requestIdMiddleware } from './infra/logging/request-id';
import { ApiModule } from './api.module';
import { jsonDepthExceeds, JsonTooDeepError, MAX_JSON_DEPTH } from './common/http/json-depth';
import { consoleStatic } from './modules/console/console-static';
import { setupSwagger } from './common/openapi/swagger.setup';
import { APP_CONFIG, type AppConfig } from './infra/config/app-config';
import { SESSION_SECRET_FILE, withFirstRunSessionSecret } from './infra/config/first-run';

/**
 * Builds the API application from an already validated configuration (shared by main.ts, e2e
 * tests and benchmarks, which each build their AppConfig with `loadConfig`).
 */
export async function createApiApp(options: { config: AppConfig; logger?: false; bufferLogs?: boolean }): Promise<INestApplication> {
  const { config, generated } = withFirstRunSessionSecret(options.config);
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config), {
    bodyParser: false,
    abortOnError: false,
    // main.ts buffers start-up logs until it switches Nest to the pino logger (app.useLogger).
    bufferLogs: options.bufferLogs ?? false,
    ...(options.logger === false ? { logger: false } : {}),
  });
  if (generated) new Logger('FirstRun').log(`No SESSION_SECRET: generated one in ${join(config.dataDir, SESSION_SECRET_FILE)}`);
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
  // Nest's types reserve `verify` for its `rawBody` capture, which this app does not enable; the
  // option reaches express.json() unchanged (the depth check must see the bytes before parsing).
  const jsonOptions = { limit: config.limits.maxBodyBytes, verify: rejectDeepJson };
  app.useBodyParser('json', jsonOptions as NestExpressBodyParserOptionsFor<'json'>);
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

/** body-parser `verify` hook: refuses over-deep bodies before they are parsed (400 jsonTooDeep). */
function rejectDeepJson(_req: Request, _res: Response, body: Buffer): void {
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) throw new JsonTooDeepError(MAX_JSON_DEPTH);
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
