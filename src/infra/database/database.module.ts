import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { dataSourceOptions } from './data-source-options';
import { runMigrationsLocked } from './migrate';

/** Owns the embedded PGlite server when DATABASE_URL is unset, and stops it last. */
@Injectable()
export class EmbeddedDatabase implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private embedded: Promise<EmbeddedPostgres> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async url(): Promise<string> {
    if (this.config.databaseUrl) return this.config.databaseUrl;
    this.embedded ??= startEmbeddedPostgres({
      dataDir: this.config.dataDir,
      maxConnections: this.config.dbPoolSize + 5,
    }).then((db) => {
      this.logger.log(`No DATABASE_URL: embedded PostgreSQL (PGlite) persisted under ${this.config.dataDir}/pg`);
      return db;
    });
    return (await this.embedded).url;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.embedded) await (await this.embedded).stop();
  }
}

@Global()
@Module({
  providers: [EmbeddedDatabase],
  exports: [EmbeddedDatabase],
})
export class DatabaseBootstrapModule {}

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      imports: [DatabaseBootstrapModule],
      inject: [APP_CONFIG, EmbeddedDatabase],
      useFactory: async (config: AppConfig, embedded: EmbeddedDatabase) => ({
        ...dataSourceOptions(await embedded.url(), config.dbPoolSize),
        // Read by dataSourceFactory: migrations run there, under the advisory lock.
        migrationsRun: config.runMigrations,
      }),
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource({ ...options!, migrationsRun: false }).initialize();
        if (options!.migrationsRun) await runMigrationsLocked(dataSource);
        return dataSource;
      },
    }),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
