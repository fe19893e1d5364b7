import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules, syncDefaultSeverities } from './seed-rules';

/**
 * Detection update (issue 10, fifth round): seeds the rule for a dotenv file shipped in the bundle
 * and moves default severities to the catalog's where an admin left the severity alone (a scoped
 * risky Bash grant now weighs low, like the unscoped shell). Idempotent.
 */
/** Rules this migration introduces (removed again by down). */
const NEW_RULE_IDS = ['secret-bundled-dotenv'];

export class DetectionRulesFifthRound1764000021000 implements MigrationInterface {
  name = 'DetectionRulesFifthRound1764000021000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
    await syncDefaultSeverities(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
