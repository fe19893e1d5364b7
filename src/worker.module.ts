import { type DynamicModule, Module } from '@nestjs/common';
import { AppCoreModule } from './app-core.module';
import type { AppConfig } from './infra/config/app-config';
import { ProcessorsModule } from './queue/processors/processors.module';

/**
 * The worker role: core + queue processors only (no HTTP). The API imports ProcessorsModule
 * too: its processors serve the inline runner (no REDIS_URL) and, unless
 * WORKER_IN_PROCESS=false, consume the BullMQ queue in the API process (see AiWorkerHost).
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [AppCoreModule.forRoot(config), ProcessorsModule] };
  }
}
