import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Summary tables behind GET /dashboard, kept exact by triggers, so the dashboard reads a few
 * dozen rows however many scans exist (DESIGN: ≤ 50 ms p95 at 100 000 scans):
 *
 * - `scan_stats`: per slot (scan id % 8) the number of scans, the risk-score sum, verdict counts
 *   and the sums of the denormalised `count_*` columns.
 * - `rule_hit_counts`: per (rule id, slot) the number of findings, plus the axis and title of the
 *   newest finding of that rule (the title is the fallback for AI rules, which have no i18n text).
 *
 * Triggers (not application code) maintain both, so every write path stays exact: the scan
 * insert transaction, DELETE /scans/{id} with its cascade to findings, hand-written SQL (the
 * benchmarks seed with generate_series) and TRUNCATE. Slots spread the counter rows: concurrent
 * scan inserts lock different rows (slot = id % 8) instead of one hot row. Within a slot, every
 * path locks the `scan_stats` row first (insert: AFTER INSERT on scans runs before findings are
 * written; delete: a BEFORE DELETE row trigger runs before the cascade), so two transactions on
 * one slot queue on that row and never deadlock on the rule rows.
 */
export const SUMMARY_SLOTS = 8;

/** scan_stats column ← expression over a scans row `r` (one scan's contribution). */
const STAT_TERMS: ReadonlyArray<readonly [string, string]> = [
  ['scans', '1'],
  ['risk_score_sum', 'r.risk_score'],
  ['verdict_pass', "(r.verdict = 'pass')::int"],
  ['verdict_review', "(r.verdict = 'review')::int"],
  ['verdict_block', "(r.verdict = 'block')::int"],
  ['count_critical', 'r.count_critical'],
  ['count_high', 'r.count_high'],
  ['count_medium', 'r.count_medium'],
  ['count_low', 'r.count_low'],
  ['count_info', 'r.count_info'],
  ['count_security', 'r.count_security'],
  ['count_privacy', 'r.count_privacy'],
];

const setAdd = STAT_TERMS.map(([col]) => `${col} = s.${col} + d.${col}`).join(', ');
const sumSigned = STAT_TERMS.map(([col, expr]) => `sum(r.sign * (${expr}))::bigint AS ${col}`).join(', ');
const setMinusOld = STAT_TERMS.map(([col, expr]) => `${col} = ${col} - (${expr.replace(/\br\./g, 'OLD.')})`).join(', ');
const statChanged = STAT_TERMS.filter(([col]) => col !== 'scans')
  .map(([, expr]) => `${expr.replace(/\br\./g, 'o.')} IS DISTINCT FROM ${expr.replace(/\br\./g, 'n.')}`)
  .join(' OR ');

/** Adds the signed contributions of `source` (rows of scans plus a `sign` column) to scan_stats. */
const applyStats = (source: string) => `
  UPDATE scan_stats s SET ${setAdd}
  FROM (SELECT r.id % ${SUMMARY_SLOTS} AS slot, ${sumSigned} FROM (${source}) r GROUP BY 1) d
  WHERE s.slot = d.slot`;

/** Adds signed finding counts of `source` (rows of findings plus `sign`) to rule_hit_counts. */
const applyRuleHits = (source: string) => `
  INSERT INTO rule_hit_counts AS h (rule_id, slot, axis, title, last_finding_id, hits)
  SELECT g.rule_id, g.slot, l.axis, l.title, g.last_id, g.hits
  FROM (
    SELECT r.rule_id, r.scan_id % ${SUMMARY_SLOTS} AS slot, sum(r.sign)::bigint AS hits, max(r.id) AS last_id
    FROM (${source}) r GROUP BY 1, 2
  ) g
  JOIN findings_src l ON l.id = g.last_id
  ORDER BY g.rule_id, g.slot
  ON CONFLICT (rule_id, slot) DO UPDATE SET
    hits = h.hits + excluded.hits,
    axis = CASE WHEN excluded.last_finding_id > h.last_finding_id AND excluded.hits > 0 THEN excluded.axis ELSE h.axis END,
    title = CASE WHEN excluded.last_finding_id > h.last_finding_id AND excluded.hits > 0 THEN excluded.title ELSE h.title END,
    last_finding_id = CASE WHEN excluded.hits > 0 THEN greatest(h.last_finding_id, excluded.last_finding_id) ELSE h.last_finding_id END`;

export class DashboardSummary1764000007000 implements MigrationInterface {
  name = 'DashboardSummary1764000007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scan_stats (
        slot smallint PRIMARY KEY,
        ${STAT_TERMS.map(([col]) => `${col} bigint NOT NULL DEFAULT 0`).join(',\n        ')}
      )`);
    await q.query(`INSERT INTO scan_stats (slot) SELECT generate_series(0, ${SUMMARY_SLOTS - 1})`);
    await q.query(`
      CREATE TABLE rule_hit_counts (
        rule_id varchar(128) NOT NULL,
        slot smallint NOT NULL,
        axis varchar(16) NOT NULL,
        title text NOT NULL,
        last_finding_id integer NOT NULL,
        hits bigint NOT NULL,
        PRIMARY KEY (rule_id, slot)
      )`);

    // --- scans → scan_stats ---------------------------------------------------------------
    await q.query(`
      CREATE FUNCTION scan_stats_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        ${applyStats('SELECT n.*, 1 AS sign FROM new_rows n')};
        RETURN NULL;
      END $fn$`);
    await q.query(`
      CREATE FUNCTION scan_stats_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        ${applyStats(`
          SELECT n.*, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE ${statChanged}
          UNION ALL
          SELECT o.*, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${statChanged}`)};
        RETURN NULL;
      END $fn$`);
    await q.query(`
      CREATE FUNCTION scan_stats_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE scan_stats SET ${setMinusOld} WHERE slot = OLD.id % ${SUMMARY_SLOTS};
        RETURN OLD;
      END $fn$`);
    await q.query(`
      CREATE FUNCTION scan_stats_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE scan_stats SET ${STAT_TERMS.map(([col]) => `${col} = 0`).join(', ')};
        RETURN NULL;
      END $fn$`);
    await q.query(`CREATE TRIGGER scans_stats_insert AFTER INSERT ON scans REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION scan_stats_on_insert()`);
    await q.query(`CREATE TRIGGER scans_stats_update AFTER UPDATE ON scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION scan_stats_on_update()`);
    await q.query(`CREATE TRIGGER scans_stats_delete BEFORE DELETE ON scans
      FOR EACH ROW EXECUTE FUNCTION scan_stats_on_delete()`);
    await q.query(`CREATE TRIGGER scans_stats_truncate AFTER TRUNCATE ON scans
      FOR EACH STATEMENT EXECUTE FUNCTION scan_stats_on_truncate()`);

    // --- findings → rule_hit_counts -------------------------------------------------------
    await q.query(`
      CREATE FUNCTION rule_hits_on_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        WITH findings_src AS (SELECT * FROM new_rows)
        ${applyRuleHits('SELECT n.id, n.rule_id, n.scan_id, 1 AS sign FROM new_rows n')};
        RETURN NULL;
      END $fn$`);
    await q.query(`
      CREATE FUNCTION rule_hits_on_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE rule_hit_counts h SET hits = h.hits - d.hits
        FROM (SELECT o.rule_id, o.scan_id % ${SUMMARY_SLOTS} AS slot, count(*) AS hits FROM old_rows o GROUP BY 1, 2) d
        WHERE h.rule_id = d.rule_id AND h.slot = d.slot;
        DELETE FROM rule_hit_counts h
        USING (SELECT DISTINCT o.rule_id, o.scan_id % ${SUMMARY_SLOTS} AS slot FROM old_rows o) d
        WHERE h.rule_id = d.rule_id AND h.slot = d.slot AND h.hits <= 0;
        RETURN NULL;
      END $fn$`);
    // Findings are written once and never edited; should a rule id or scan id ever change,
    // the counts move with it (texts and axes of existing rows are left as they are).
    await q.query(`
      CREATE FUNCTION rule_hits_on_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        WITH findings_src AS (SELECT * FROM new_rows)
        ${applyRuleHits(`
          SELECT n.id, n.rule_id, n.scan_id, 1 AS sign FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE o.rule_id <> n.rule_id OR o.scan_id <> n.scan_id`)};
        UPDATE rule_hit_counts h SET hits = h.hits - d.hits
        FROM (
          SELECT o.rule_id, o.scan_id % ${SUMMARY_SLOTS} AS slot, count(*) AS hits
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE o.rule_id <> n.rule_id OR o.scan_id <> n.scan_id GROUP BY 1, 2
        ) d
        WHERE h.rule_id = d.rule_id AND h.slot = d.slot;
        DELETE FROM rule_hit_counts WHERE hits <= 0;
        RETURN NULL;
      END $fn$`);
    await q.query(`
      CREATE FUNCTION rule_hits_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        DELETE FROM rule_hit_counts;
        RETURN NULL;
      END $fn$`);
    await q.query(`CREATE TRIGGER findings_rule_hits_insert AFTER INSERT ON findings REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION rule_hits_on_insert()`);
    await q.query(`CREATE TRIGGER findings_rule_hits_update AFTER UPDATE ON findings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION rule_hits_on_update()`);
    await q.query(`CREATE TRIGGER findings_rule_hits_delete AFTER DELETE ON findings REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION rule_hits_on_delete()`);
    await q.query(`CREATE TRIGGER findings_rule_hits_truncate AFTER TRUNCATE ON findings
      FOR EACH STATEMENT EXECUTE FUNCTION rule_hits_on_truncate()`);

    // --- backfill from rows that already exist ---------------------------------------------
    await q.query(applyStats('SELECT r0.*, 1 AS sign FROM scans r0'));
    await q.query(`
      WITH findings_src AS (SELECT * FROM findings)
      ${applyRuleHits('SELECT f.id, f.rule_id, f.scan_id, 1 AS sign FROM findings f')}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, trigger] of [
      ['findings', 'findings_rule_hits_truncate'],
      ['findings', 'findings_rule_hits_delete'],
      ['findings', 'findings_rule_hits_update'],
      ['findings', 'findings_rule_hits_insert'],
      ['scans', 'scans_stats_truncate'],
      ['scans', 'scans_stats_delete'],
      ['scans', 'scans_stats_update'],
      ['scans', 'scans_stats_insert'],
    ]) {
      await q.query(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
    }
    for (const fn of [
      'rule_hits_on_truncate', 'rule_hits_on_update', 'rule_hits_on_delete', 'rule_hits_on_insert',
      'scan_stats_on_truncate', 'scan_stats_on_delete', 'scan_stats_on_update', 'scan_stats_on_insert',
    ]) {
      await q.query(`DROP FUNCTION IF EXISTS ${fn}()`);
    }
    await q.query('DROP TABLE IF EXISTS rule_hit_counts');
    await q.query('DROP TABLE IF EXISTS scan_stats');
  }
}
