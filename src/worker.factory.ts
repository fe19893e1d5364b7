import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from './infra/config/app-config';
import { WorkerModule } from './worker.module';

/** Builds the worker role (no HTTP) from an already validated configuration (worker.ts, tests). */
export async function createWorkerApp(options: { config: AppConfig; bufferLogs?: boolean }): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(WorkerModule.forRoot(options.config), { bufferLogs: options.bufferLogs ?? false });
}
