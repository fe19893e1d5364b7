import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { ENTITIES } from './entities';
import { runMigrationsLocked } from './migrate';
import { MIGRATIONS } from './migrations';

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

export function dataSourceOptions(url: string, poolSize: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    poolSize,
    extra: { max: poolSize, connectionTimeoutMillis: 10_000 },
  };
}

@Global()
@Module({
  imports: [ConfigModule],
  providers: [EmbeddedDatabase],
  exports: [EmbeddedDatabase],
})
export class DatabaseBootstrapModule {}

@Global()
@Module({
  imports: [
    ConfigModule,
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
