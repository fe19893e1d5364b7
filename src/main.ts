import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApiApp } from './app.factory';
import { APP_CONFIG, ConfigError, loadConfig, type AppConfig } from './infra/config/app-config';

async function bootstrap(): Promise<void> {
  try {
    loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApiApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port, '0.0.0.0');
  new Logger('Bootstrap').log(`Skill Audit Service listening on http://localhost:${config.port}/api`);
}

bootstrap().catch((error) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
