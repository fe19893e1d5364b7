import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';

/**
 * The data source of the TypeORM CLI (`npm run migration:*`, see package.json): the app's
 * entities and migration list, against DATABASE_URL read through the validated config. The CLI
 * needs a real server; the embedded default exists only inside a running app.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  throw new Error('The migration commands need DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/skill_audit)');
}

export default new DataSource(dataSourceOptions(config.databaseUrl, 2));
