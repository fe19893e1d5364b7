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
