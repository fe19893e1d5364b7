import { Module } from '@nestjs/common';
import { AppCoreModule } from './app-core.module';
import { ProcessorsModule } from './queue/processors/processors.module';

/**
 * The worker role: core + queue processors only (no HTTP). The API does not import this module;
 * ApiModule.forRoot adds ProcessorsModule itself when it consumes jobs in-process.
 */
@Module({
  imports: [AppCoreModule, ProcessorsModule],
})
export class WorkerModule {}
