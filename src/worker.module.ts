import { Module } from '@nestjs/common';
import { AppCoreModule } from './app-core.module';
import { ProcessorsModule } from './queue/processors/processors.module';

/**
 * The worker role: core + queue processors only (no HTTP). The API imports this module too:
 * its processors serve the inline runner (no REDIS_URL) and, unless WORKER_IN_PROCESS=false,
 * consume the BullMQ queue in the API process (see AiWorkerHost).
 */
@Module({
  imports: [AppCoreModule, ProcessorsModule],
})
export class WorkerModule {}
