import { type DynamicModule, Module } from '@nestjs/common';
import { AppCoreModule } from './app-core.module';
import type { AppConfig } from './infra/config/app-config';
import { ProcessorsModule } from './queue/processors/processors.module';

/**
 * The worker role: core + queue processors only (no HTTP). The API does not import this module;
 * ApiModule.forRoot adds ProcessorsModule itself when it consumes jobs in-process.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [AppCoreModule.forRoot(config), ProcessorsModule] };
  }
}
