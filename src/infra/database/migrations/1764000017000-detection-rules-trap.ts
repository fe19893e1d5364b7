import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules, syncDefaultSeverities } from './seed-rules';

/**
 * Detection update (issue 10, hidden behaviour in instructions, scripts and resources): seeds the
 * rules added for destinations taken from files outside the skill, secret files copied into the
 * agent's output, invisible links in generated HTML, cloud administrator grants and look-alike
 * hosts (existing rows kept), and moves default severities to the catalog's where an admin left
 * the severity alone. Idempotent.
 */
/** Rules this migration introduces (removed again by down). */
const NEW_RULE_IDS = ['exfil-destination-from-external-file', 'credhandling-secret-file-into-output', 'hidden-link-in-generated-markup', 'privesc-cloud-admin-grant', 'exfil-lookalike-host'];

export class DetectionRulesTrap1764000017000 implements MigrationInterface {
  name = 'DetectionRulesTrap1764000017000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
    await syncDefaultSeverities(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
