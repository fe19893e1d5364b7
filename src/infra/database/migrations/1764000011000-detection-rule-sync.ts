import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules, syncDefaultSeverities } from './seed-rules';

/**
 * Detection update (issue 10): seeds the rules added since the last seed (existing rows kept) and
 * moves each rule's default severity to the catalog's. A rule whose severity an admin never changed
 * (severity = old default) follows the new default; an admin's choice is kept. Idempotent.
 */
/** Rules this migration introduces (removed again by down). */
const NEW_RULE_IDS = ['untrusted-external-file-authority', 'rce-fake-prerequisite-download'];

export class DetectionRuleSync1764000011000 implements MigrationInterface {
  name = 'DetectionRuleSync1764000011000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
    await syncDefaultSeverities(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
