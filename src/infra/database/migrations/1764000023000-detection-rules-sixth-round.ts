import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules, syncDefaultSeverities } from './seed-rules';

/**
 * Detection update (issue 10, sixth round): seeds the rules for an encoded blob that decodes to an
 * instruction to the agent and for a credential-phishing message, and moves default severities to
 * the catalog's where an admin left the severity alone. Idempotent.
 */
/** Rules this migration introduces (removed again by down). */
const NEW_RULE_IDS = ['obfusc-encoded-instruction', 'social-credential-phishing-message'];

export class DetectionRulesSixthRound1764000023000 implements MigrationInterface {
  name = 'DetectionRulesSixthRound1764000023000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
    await syncDefaultSeverities(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
