import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './infra/config/app-config';
import { ConfigModule } from './infra/config/config.module';
import { DatabaseModule } from './infra/database/database.module';
import { AppI18nModule } from './infra/i18n/i18n.setup';
import { AppLoggerModule } from './infra/logging/logging.module';

/**
 * What both process roles share: the validated configuration (a value, global), structured
 * logs, database (+ migrations), i18n.
 */
@Module({})
export class AppCoreModule {
  static forRoot(config: AppConfig): DynamicModule {
    const shared = [AppLoggerModule, DatabaseModule, AppI18nModule];
    return { module: AppCoreModule, imports: [ConfigModule.forRoot(config), ...shared], exports: shared };
  }
}
