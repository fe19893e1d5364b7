import { Module } from '@nestjs/common';
import { AppCoreModule } from './app-core.module';

/** The worker role: core + queue processors only (no HTTP). */
@Module({
  imports: [AppCoreModule],
})
export class WorkerModule {}
