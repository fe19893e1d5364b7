import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { pinoHttpOptions } from './log-options';

/** The process's pino-http instance: request logging middleware + the root pino logger. */
export const HTTP_LOGGER = Symbol('HTTP_LOGGER');

@Global()
@Module({
  providers: [{ provide: HTTP_LOGGER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => pinoHttp(pinoHttpOptions(config)) }],
  exports: [HTTP_LOGGER],
})
export class HttpLoggerModule {}

/**
 * Structured JSON logs (pino through nestjs-pino) for both roles. The entries switch Nest's
 * logger to it (`bufferLogs` + `app.useLogger(app.get(Logger))`).
 *
 * The API mounts the HTTP_LOGGER middleware itself, as the very first Express middleware (see
 * app.factory.ts), so requests rejected before Nest's own middleware runs — malformed JSON,
 * 413, 415, 404 outside /api — are logged too; nestjs-pino then only binds that request's
 * logger (`useExisting`), so every line logged while handling a request carries its `reqId`.
 */
export const AppLoggerModule = LoggerModule.forRootAsync({
  imports: [HttpLoggerModule],
  inject: [HTTP_LOGGER],
  useFactory: (httpLogger: HttpLogger) => ({ pinoHttp: { logger: httpLogger.logger }, useExisting: true as const }),
});
