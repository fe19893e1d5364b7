import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppCoreModule } from './app-core.module';
import { ApiErrorFilter } from './common/filters/api-error.filter';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { APP_CONFIG, type AppConfig } from './infra/config/app-config';
import { AuthModule } from './modules/auth/auth.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { loginThrottlers } from './modules/auth/login-throttle';
import { HealthModule } from './modules/health/health.module';
import { RulesModule } from './modules/rules/rules.module';
import { ScansModule } from './modules/scans/scans.module';
import { ScanDescriptionModule } from './modules/analysis/scan-description.module';
import { PromptsModule } from './modules/prompts/prompts.module';
import { ProvidersModule } from './modules/providers/providers.module';
import { SarifModule } from './modules/sarif/sarif.module';
import { SuppressionsModule } from './modules/suppressions/suppressions.module';
import { WorkerModule } from './worker.module';

/**
 * Login limits from the validated config (LOGIN_RATE_LIMIT / LOGIN_RATE_WINDOW_MS). There is no
 * global ThrottlerGuard: only routes marked @LoginThrottled() (POST /auth/login) are limited.
 */
const LoginThrottlerModule = ThrottlerModule.forRootAsync({
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({ throttlers: loginThrottlers(config.throttle) }),
});

/** The HTTP API: core + feature controllers + the global pipe and error filter. */
@Module({
  imports: [AppCoreModule, LoginThrottlerModule, HealthModule, AuthModule, ScansModule, RulesModule, DashboardModule,
    ScanDescriptionModule, ProvidersModule, PromptsModule, SuppressionsModule, SarifModule, WorkerModule],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: ApiErrorFilter },
  ],
})
export class ApiModule {}
