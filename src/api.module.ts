import { Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AppCoreModule } from './app-core.module';
import { ApiErrorFilter } from './common/filters/api-error.filter';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { RulesModule } from './modules/rules/rules.module';
import { ScansModule } from './modules/scans/scans.module';

/** The HTTP API: core + feature controllers + the global pipe and error filter. */
@Module({
  imports: [AppCoreModule, HealthModule, AuthModule, ScansModule, RulesModule],
  providers: [
    { provide: APP_PIPE, useFactory: createValidationPipe },
    { provide: APP_FILTER, useClass: ApiErrorFilter },
  ],
})
export class ApiModule {}
