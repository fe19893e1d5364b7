import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules } from './seed-rules';

/** Adds catalog rules introduced after the first seed (persist-nl-shell-profile, rce-download-then-execute, rce-nl-download-execute); existing rows are kept. */
export class SeedRuleAdditions1764000009000 implements MigrationInterface {
  name = 'SeedRuleAdditions1764000009000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM rules WHERE rule_id IN ('persist-nl-shell-profile', 'rce-download-then-execute', 'rce-nl-download-execute')`);
  }
}
