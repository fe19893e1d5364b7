import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the version classification (src/modules/lineage) reads instead of every earlier scan:
 *
 * - `scan_file_lines`: per file its hash, line count and trivial-line count (null for binary
 *   files). The expression index on the trivial fraction (per mille) finds the rare scans made
 *   mostly of blank lines / `---` / fences, which the search cannot rule out by line postings.
 * - `scan_line_postings`: per text file one row per distinct line hash with its multiplicity
 *   (an inverted index keyed by (path, line_hash)). Rows are removed with their scan by a
 *   statement trigger instead of a foreign key: a POST writes hundreds of posting rows and a
 *   foreign key would check each of them against `scans` (measured: about half again the insert
 *   cost); the triggers give the same behaviour as ON DELETE CASCADE, TRUNCATE … CASCADE included.
 * - `scans (fingerprint, id)`: the identical-twin lookup and checkCount read the index only; it
 *   replaces the single-column fingerprint index.
 *
 * Existing scans are backfilled in SQL with the same line model as src/core/lineage/lcs.ts
 * (split on \n, no extra line after a final newline, one trailing \r stripped), the same line
 * hash (first 8 bytes of SHA-256 of the UTF-8 line, as signed bigint) and the same trivial-line
 * predicate as src/modules/lineage/line-stats.ts.
 */
export const LINEAGE_BACKFILL_SQL = [
  `WITH files AS (
     SELECT f.scan_id, f.path, f.hash, f.content, string_to_array(f.content, E'\\n') AS parts
     FROM scan_files f
     WHERE NOT EXISTS (SELECT 1 FROM scan_file_lines l WHERE l.scan_id = f.scan_id)
   ), lines AS (
     SELECT fl.scan_id, fl.path, regexp_replace(x.raw, E'\\r$', '') AS line
     FROM files fl CROSS JOIN LATERAL unnest(fl.parts) WITH ORDINALITY AS x(raw, ord)
     WHERE fl.content <> '' AND NOT (x.ord = cardinality(fl.parts) AND x.raw = '')
   ), counted AS (
     SELECT scan_id, path, count(*)::int AS line_count,
            (count(*) FILTER (WHERE line ~ '^[ \\t]*[!-~]{0,3}[ \\t]*$'))::int AS trivial_count
     FROM lines GROUP BY scan_id, path
   ), postings AS (
     INSERT INTO scan_line_postings (scan_id, path, line_hash, cnt)
     SELECT scan_id, path, ('x' || substr(encode(sha256(convert_to(line, 'UTF8')), 'hex'), 1, 16))::bit(64)::bigint, count(*)::int
     FROM lines GROUP BY 1, 2, 3
     ON CONFLICT DO NOTHING
   )
   INSERT INTO scan_file_lines (scan_id, path, hash, line_count, trivial_count)
   SELECT fl.scan_id, fl.path, fl.hash,
          CASE WHEN fl.content IS NULL THEN NULL ELSE coalesce(c.line_count, 0) END,
          CASE WHEN fl.content IS NULL THEN NULL ELSE coalesce(c.trivial_count, 0) END
   FROM files fl LEFT JOIN counted c ON c.scan_id = fl.scan_id AND c.path = fl.path
   ON CONFLICT DO NOTHING`,
];

export class LineagePostings1764000008400 implements MigrationInterface {
  name = 'LineagePostings1764000008400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scan_file_lines (
        scan_id integer NOT NULL REFERENCES scans(id) ON DELETE CASCADE,
        path text NOT NULL,
        hash char(64) NOT NULL,
        line_count integer NULL,
        trivial_count integer NULL,
        PRIMARY KEY (scan_id, path)
      )`);
    await q.query(
      `CREATE INDEX idx_scan_file_lines_trivial ON scan_file_lines (path, ((trivial_count * 1000) / line_count)) WHERE line_count > 0`,
    );
    await q.query(`
      CREATE TABLE scan_line_postings (
        scan_id integer NOT NULL,
        path text NOT NULL,
        line_hash bigint NOT NULL,
        cnt integer NOT NULL,
        PRIMARY KEY (scan_id, path, line_hash)
      )`);
    await q.query(`CREATE INDEX idx_scan_line_postings_line ON scan_line_postings (path, line_hash, scan_id) INCLUDE (cnt)`);
    await q.query(`
      CREATE FUNCTION lineage_delete_postings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM scan_line_postings p USING gone g WHERE p.scan_id = g.id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_scans_lineage_postings AFTER DELETE ON scans
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION lineage_delete_postings()`);
    // TRUNCATE scans … CASCADE only reaches tables with a foreign key: clear the postings too.
    await q.query(`
      CREATE FUNCTION lineage_truncate_postings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        TRUNCATE scan_line_postings;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_scans_lineage_postings_truncate AFTER TRUNCATE ON scans
      FOR EACH STATEMENT EXECUTE FUNCTION lineage_truncate_postings()`);
    await q.query(`CREATE INDEX idx_scans_fingerprint_id ON scans (fingerprint, id)`);
    await q.query(`DROP INDEX IF EXISTS idx_scans_fingerprint`);
    for (const sql of LINEAGE_BACKFILL_SQL) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS idx_scans_fingerprint ON scans (fingerprint)`);
    await q.query(`DROP INDEX IF EXISTS idx_scans_fingerprint_id`);
    await q.query(`DROP TRIGGER IF EXISTS trg_scans_lineage_postings_truncate ON scans`);
    await q.query(`DROP TRIGGER IF EXISTS trg_scans_lineage_postings ON scans`);
    await q.query(`DROP FUNCTION IF EXISTS lineage_truncate_postings()`);
    await q.query(`DROP FUNCTION IF EXISTS lineage_delete_postings()`);
    await q.query(`DROP TABLE IF EXISTS scan_line_postings`);
    await q.query(`DROP TABLE IF EXISTS scan_file_lines`);
  }
}
