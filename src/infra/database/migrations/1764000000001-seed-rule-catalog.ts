import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules } from './seed-rules';

/** Seeds the static rule catalog. Later catalog additions add a migration calling seedRules again. */
export class SeedRuleCatalog1764000000001 implements MigrationInterface {
  name = 'SeedRuleCatalog1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM rules');
  }
}
