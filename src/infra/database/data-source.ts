import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database.module';

/** For the TypeORM CLI (migration:generate/run) against DATABASE_URL. */
export default new DataSource(dataSourceOptions(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 5));
