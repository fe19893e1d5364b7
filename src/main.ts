import 'reflect-metadata';
import { Logger as NestLogger } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { createApiApp } from './app.factory';
import { ConfigError, loadConfig, type AppConfig } from './infra/config/app-config';
import { installShutdownWatchdog } from './infra/lifecycle/shutdown-watchdog';

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApiApp({ config, bufferLogs: true });
  // JSON logs through pino from here on (start-up lines buffered until now included).
  app.useLogger(app.get(Logger));
  installShutdownWatchdog(config.shutdownTimeoutMs, new NestLogger('Shutdown'));
  await app.listen(config.port, '0.0.0.0');
  new NestLogger('Bootstrap').log(`Skill Audit Service listening on http://localhost:${config.port}/api`);
}

bootstrap().catch((error) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
