import { type DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './app-config';

/**
 * Provides the AppConfig as a value: the entry (main.ts, worker.ts) or a test validates it once
 * with `loadConfig` and hands it to `ConfigModule.forRoot`; nothing in the module graph reads
 * the environment.
 */
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, global: true, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
