import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules } from './seed-rules';

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
    await q.query(
      `UPDATE rules r
          SET severity = CASE WHEN r.severity = r.default_severity THEN c.sev ELSE r.severity END,
              default_severity = c.sev
         FROM unnest($1::text[], $2::text[]) AS c(id, sev)
        WHERE r.rule_id = c.id AND r.default_severity <> c.sev`,
      [RULE_CATALOG.map((r) => r.ruleId), RULE_CATALOG.map((r) => r.severity)],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
