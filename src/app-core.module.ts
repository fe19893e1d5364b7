import { Module } from '@nestjs/common';
import { ConfigModule } from './infra/config/config.module';
import { DatabaseModule } from './infra/database/database.module';
import { AppI18nModule } from './infra/i18n/i18n.setup';

/** What both process roles share: configuration, database (+ migrations), i18n. */
@Module({
  imports: [ConfigModule, DatabaseModule, AppI18nModule],
  exports: [ConfigModule, DatabaseModule, AppI18nModule],
})
export class AppCoreModule {}
