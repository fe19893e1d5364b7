import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, type AppConfig } from './infra/config/app-config';
import { installShutdownWatchdog } from './infra/lifecycle/shutdown-watchdog';
import { createWorkerApp } from './worker.factory';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
    // A worker shares the queue (Redis) and the database with the API; the embedded defaults
    // are per process, so a separate worker without both would do nothing (or open a second PGlite).
    if (!config.redisUrl || !config.databaseUrl) {
      console.error('The worker needs REDIS_URL and DATABASE_URL (the API runs jobs in-process without them).');
      process.exit(1);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createWorkerApp({ config, bufferLogs: true });
  app.useLogger(app.get(Logger));
  // SIGTERM: BullMQ workers finish their active jobs, then connections close (see the watchdog).
  app.enableShutdownHooks();
  installShutdownWatchdog(config.shutdownTimeoutMs, new NestLogger('Shutdown'));
  new NestLogger('Worker').log('Worker started');
}

bootstrap().catch((error) => {
  console.error('Worker start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
