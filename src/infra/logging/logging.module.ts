import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { pinoHttpOptions } from './log-options';

/**
 * Structured JSON logs (pino through nestjs-pino) for both roles. The entries switch Nest's
 * logger to it (`bufferLogs` + `app.useLogger(app.get(Logger))`); in the API the pino-http
 * middleware adds one line per request and binds `reqId` to every line logged while handling it.
 */
export const AppLoggerModule = LoggerModule.forRootAsync({
  imports: [ConfigModule],
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({ pinoHttp: pinoHttpOptions(config) }),
});
