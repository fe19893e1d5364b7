import type { QueryRunner } from 'typeorm';
import type { RuleMeta } from '../../../core/engine/engine.types';

/** Inserts catalog rules that are not in the table yet; admin changes to existing rows are kept. */
export async function seedRules(q: QueryRunner, rules: readonly RuleMeta[]): Promise<void> {
  for (let start = 0; start < rules.length; start += 500) {
    const chunk = rules.slice(start, start + 500);
    const params: unknown[] = [];
    const tuples = chunk.map((rule) => {
      params.push(rule.ruleId, rule.axis, rule.category, rule.severity, rule.severity, rule.detectionType);
      const n = params.length;
      return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, true)`;
    });
    await q.query(
      `INSERT INTO rules (rule_id, axis, category, severity, default_severity, detection_type, enabled)
       VALUES ${tuples.join(', ')} ON CONFLICT (rule_id) DO NOTHING`,
      params,
    );
  }
}

/**
 * Moves each rule's default severity to the catalog's. A rule whose severity an admin never changed
 * (severity = old default) follows the new default; an admin's choice is kept. Idempotent.
 */
export async function syncDefaultSeverities(q: QueryRunner, rules: readonly RuleMeta[]): Promise<void> {
  await q.query(
    `UPDATE rules r
        SET severity = CASE WHEN r.severity = r.default_severity THEN c.sev ELSE r.severity END,
            default_severity = c.sev
       FROM unnest($1::text[], $2::text[]) AS c(id, sev)
      WHERE r.rule_id = c.id AND r.default_severity <> c.sev`,
    [rules.map((r) => r.ruleId), rules.map((r) => r.severity)],
  );
}
