import type { DataSourceOptions } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** TypeORM options shared by the app, the CLI data source (data-source.ts) and the e2e setup. */
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
