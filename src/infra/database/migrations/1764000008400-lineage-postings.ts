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
 * - `scans.family_id`: the lineage family (connected set of scans linked by compared_scan_id or
 *   equal fingerprints), labelled by one member's id, so GET /scans/{id}/lineage is one index
 *   range scan. Triggers keep it exact on every write path:
 *   - BEFORE INSERT: a new scan joins the family of its compared scan and of its latest
 *     fingerprint twin (merging the two should they differ — classification never produces
 *     that, hand-written SQL might), or starts its own. Family changes are serialised by an
 *     advisory lock per family id.
 *   - AFTER DELETE (statement): what remains of each affected family is split into its
 *     connected components again (recursive walk over compared_scan_id links — already set to
 *     NULL by the foreign key — and equal fingerprints); each component is labelled by its
 *     smallest id. Cost: the size of the affected family, on delete only.
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

/** Advisory lock namespace (first key of the two-key form) for family changes. */
export const FAMILY_LOCK_NAMESPACE = 724_011_904;

/**
 * The connected component of scan `start`, as a recursive walk over two kinds of nodes, scans
 * and fingerprints, so a fingerprint shared by k scans costs k index entries once (not k²).
 * UNION keeps each node once, which also ends the walk on cycles. Every step is an index lookup.
 */
const componentOf = (start: string) => `
  WITH RECURSIVE walk(sid, fp) AS (
    SELECT ${start}::int, NULL::char(64)
    UNION
    SELECT n.sid, n.fp
    FROM walk w
    CROSS JOIN LATERAL (
      SELECT x.sid, x.fp
      FROM scans s
      CROSS JOIN LATERAL (VALUES (NULL::int, s.fingerprint), (s.compared_scan_id, NULL::char(64))) AS x(sid, fp)
      WHERE w.sid IS NOT NULL AND s.id = w.sid AND (x.sid IS NOT NULL OR (x.fp IS NOT NULL AND x.fp <> ''))
      UNION ALL
      SELECT s.id, NULL::char(64) FROM scans s WHERE w.sid IS NOT NULL AND s.compared_scan_id = w.sid
      UNION ALL
      SELECT s.id, NULL::char(64) FROM scans s WHERE w.fp IS NOT NULL AND s.fingerprint = w.fp
    ) n
  )
  SELECT sid FROM walk WHERE sid IS NOT NULL`;

/** Splits what has family_id = f into its components, each labelled with its smallest id. */
const RELABEL_FUNCTION = `
  CREATE FUNCTION lineage_relabel_family(f integer) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    start integer;
  BEGIN
    LOOP
      SELECT min(id) INTO start FROM scans WHERE family_id = f;
      EXIT WHEN start IS NULL;
      -- Negative while in progress (a component keeping label f would be found again).
      UPDATE scans SET family_id = -start WHERE id IN (${componentOf('start')});
    END LOOP;
    UPDATE scans SET family_id = -family_id WHERE family_id < 0;
  END $$`;

/** Labels every scan without a family (one walk per component, in id order). */
export const BACKFILL_FAMILIES_SQL = `
  DO $$
  DECLARE
    r record;
  BEGIN
    FOR r IN SELECT id FROM scans ORDER BY id LOOP
      IF (SELECT family_id FROM scans WHERE id = r.id) IS NULL THEN
        UPDATE scans SET family_id = r.id WHERE id IN (${componentOf('r.id')});
      END IF;
    END LOOP;
  END $$`;

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

    await q.query(`ALTER TABLE scans ADD COLUMN family_id integer NULL`);
    await q.query(`CREATE INDEX idx_scans_family ON scans (family_id, created_at DESC, id DESC)`);
    await q.query(BACKFILL_FAMILIES_SQL);
    await q.query(RELABEL_FUNCTION);
    await q.query(`
      CREATE FUNCTION lineage_family_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        f integer;
        g integer;
        twin integer;
      BEGIN
        -- The family of the compared scan, read again under its lock (a concurrent delete may
        -- relabel it meanwhile).
        IF NEW.compared_scan_id IS NOT NULL THEN
          SELECT family_id INTO f FROM scans WHERE id = NEW.compared_scan_id;
          LOOP
            EXIT WHEN f IS NULL;
            PERFORM pg_advisory_xact_lock(${FAMILY_LOCK_NAMESPACE}, f);
            SELECT family_id INTO g FROM scans WHERE id = NEW.compared_scan_id;
            EXIT WHEN g IS NOT DISTINCT FROM f;
            f := g;
          END LOOP;
        END IF;
        -- Every scan with this fingerprint is in one family: the latest twin's.
        IF NEW.fingerprint <> '' THEN
          SELECT family_id INTO twin FROM scans WHERE fingerprint = NEW.fingerprint ORDER BY id DESC LIMIT 1;
          LOOP
            EXIT WHEN twin IS NULL OR twin IS NOT DISTINCT FROM f;
            PERFORM pg_advisory_xact_lock(${FAMILY_LOCK_NAMESPACE}, twin);
            SELECT family_id INTO g FROM scans WHERE fingerprint = NEW.fingerprint ORDER BY id DESC LIMIT 1;
            IF g IS DISTINCT FROM twin THEN
              twin := g;
              CONTINUE;
            END IF;
            IF f IS NULL THEN
              f := twin;
            ELSE
              UPDATE scans SET family_id = f WHERE family_id = twin;
            END IF;
            EXIT;
          END LOOP;
        END IF;
        NEW.family_id := coalesce(f, NEW.id);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_scans_lineage_family_insert BEFORE INSERT ON scans
      FOR EACH ROW EXECUTE FUNCTION lineage_family_on_insert()`);
    await q.query(`
      CREATE FUNCTION lineage_family_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        f integer;
      BEGIN
        FOR f IN SELECT DISTINCT family_id FROM gone WHERE family_id IS NOT NULL ORDER BY 1 LOOP
          PERFORM pg_advisory_xact_lock(${FAMILY_LOCK_NAMESPACE}, f);
          PERFORM lineage_relabel_family(f);
        END LOOP;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER trg_scans_lineage_family_delete AFTER DELETE ON scans
      REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION lineage_family_on_delete()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS trg_scans_lineage_family_delete ON scans`);
    await q.query(`DROP TRIGGER IF EXISTS trg_scans_lineage_family_insert ON scans`);
    await q.query(`DROP FUNCTION IF EXISTS lineage_family_on_delete()`);
    await q.query(`DROP FUNCTION IF EXISTS lineage_family_on_insert()`);
    await q.query(`DROP FUNCTION IF EXISTS lineage_relabel_family(integer)`);
    await q.query(`DROP INDEX IF EXISTS idx_scans_family`);
    await q.query(`ALTER TABLE scans DROP COLUMN IF EXISTS family_id`);
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
