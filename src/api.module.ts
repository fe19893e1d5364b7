import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppCoreModule } from './app-core.module';
import { ApiErrorFilter } from './common/filters/api-error.filter';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { APP_CONFIG, type AppConfig } from './infra/config/app-config';
import { AuthModule } from './modules/auth/auth.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { loginThrottlers } from './modules/auth/login-throttle';
import { LoginThrottleStorage } from './modules/auth/login-throttle-storage';
import { HealthModule } from './modules/health/health.module';
import { RulesModule } from './modules/rules/rules.module';
import { ScansModule } from './modules/scans/scans.module';
import { ScanDescriptionModule } from './modules/analysis/scan-description.module';
import { PromptsModule } from './modules/prompts/prompts.module';
import { ProvidersModule } from './modules/providers/providers.module';
import { ProcessorsModule } from './queue/processors/processors.module';
import { QueueModule } from './queue/queue.module';
import { SarifModule } from './modules/sarif/sarif.module';
import { SuppressionsModule } from './modules/suppressions/suppressions.module';

@Module({ providers: [LoginThrottleStorage], exports: [LoginThrottleStorage] })
class LoginThrottleStorageModule {}

/**
 * Login limits from the validated config (LOGIN_RATE_LIMIT / LOGIN_RATE_WINDOW_MS), counted in
 * Redis when REDIS_URL is set (shared by every API instance). There is no global ThrottlerGuard:
 * only routes marked @LoginThrottled() (POST /auth/login) are limited.
 */
const LoginThrottlerModule = ThrottlerModule.forRootAsync({
  imports: [LoginThrottleStorageModule],
  inject: [APP_CONFIG, LoginThrottleStorage],
  useFactory: (config: AppConfig, storage: LoginThrottleStorage) => ({ throttlers: loginThrottlers(config.throttle), storage }),
});

/**
 * The HTTP API: core + feature controllers + the global pipe and error filter, and the job
 * producer (QueueModule). The module graph decides who consumes jobs (STYLE convention 1): the
 * BullMQ consumers (ProcessorsModule) join the API only with REDIS_URL and WORKER_IN_PROCESS=true;
 * without REDIS_URL the inline runner runs the handlers in this process.
 */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig): DynamicModule {
    const consumesJobs = config.redisUrl !== null && config.workerInProcess;
    return {
      module: ApiModule,
      imports: [AppCoreModule.forRoot(config), LoginThrottlerModule, HealthModule, AuthModule, ScansModule, RulesModule, DashboardModule,
        ScanDescriptionModule, ProvidersModule, PromptsModule, SuppressionsModule, SarifModule, QueueModule.forRoot(config), ...(consumesJobs ? [ProcessorsModule] : [])],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
      ],
    };
  }
}
