import { Module } from '@nestjs/common';
import { ConfigModule } from './infra/config/config.module';
import { DatabaseModule } from './infra/database/database.module';
import { AppI18nModule } from './infra/i18n/i18n.setup';
import { AppLoggerModule } from './infra/logging/logging.module';

/** What both process roles share: configuration, structured logs, database (+ migrations), i18n. */
@Module({
  imports: [ConfigModule, AppLoggerModule, DatabaseModule, AppI18nModule],
  exports: [ConfigModule, AppLoggerModule, DatabaseModule, AppI18nModule],
})
export class AppCoreModule {}
