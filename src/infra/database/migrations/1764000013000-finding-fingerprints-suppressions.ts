import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Finding fingerprints and suppressions (issue 13):
 *
 * - `findings.fingerprint`: SHA-256 of rule id, file, normalised matched text and occurrence index
 *   (src/core/report/finding-fingerprint.ts). Rows written before this migration keep NULL: the
 *   value is a pure function of columns every row already has (rule_id, file, snippet, title and
 *   the scan's finding order), so reads compute it for such rows with the same code instead of
 *   this migration rewriting every finding under the start-up migration lock.
 * - `findings.suppressed` / `suppression_id` / `suppression_reason`: the suppression that matched
 *   when the scan was created, its reason copied (the SARIF justification). No foreign key:
 *   deleting a suppression never rewrites stored scans, and their reports keep the reason.
 * - `scans.count_suppressed`: FindingCounts.suppressed (the other count_* columns and the
 *   dashboard's scan_stats leave suppressed findings out).
 * - `suppressions`: admin-defined, matched at scan creation.
 *
 * Adding columns with constant defaults rewrites no table (PostgreSQL ≥ 11).
 */
export class FindingFingerprintsSuppressions1764000013000 implements MigrationInterface {
  name = 'FindingFingerprintsSuppressions1764000013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE findings
        ADD COLUMN fingerprint char(64),
        ADD COLUMN suppressed boolean NOT NULL DEFAULT false,
        ADD COLUMN suppression_id integer,
        ADD COLUMN suppression_reason text`);
    await q.query('ALTER TABLE scans ADD COLUMN count_suppressed integer NOT NULL DEFAULT 0');
    await q.query(`
      CREATE TABLE suppressions (
        id serial PRIMARY KEY,
        rule_id varchar(128) NOT NULL,
        reason text NOT NULL,
        skill_name varchar(200),
        path varchar(256),
        fingerprint char(64),
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by varchar(320) NOT NULL
      )`);
    await q.query('CREATE INDEX idx_suppressions_rule_id ON suppressions (rule_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE suppressions');
    await q.query('ALTER TABLE scans DROP COLUMN count_suppressed');
    await q.query('ALTER TABLE findings DROP COLUMN suppression_reason, DROP COLUMN suppression_id, DROP COLUMN suppressed, DROP COLUMN fingerprint');
  }
}
