import type { EntityManager } from 'typeorm';
import { EMPTY_SHA256, type FileSide } from '../../core/lineage';
import type {
  BandHit,
  BandRange,
  CandidateStore,
  FilePair,
  FileProbeResult,
  FileLineStats,
  HolderFilter,
  HolderIds,
  HolderPage,
  PairProbeResult,
  PartialShare,
  SizeRange,
  StoredSequence,
  StoredShapeFile,
  TokenProbeResult,
  TokenRef,
} from '../../core/lineage/search';
import { hasPostings, holderFilterFloor, holderFilterOlderFloor, holderFloorFor } from '../../core/lineage/search';
import { insertColumns, type TableColumns } from '../../infra/database/bulk-insert';
import { packedShapeBound, prepareHolderFilter, type HolderShape, type HolderShapeCache, type HolderShapeRead, type ShapeRow } from './holder-shape-cache';
import type { PopularLines } from './popular-lines';
import type { ScanRow } from './lineage.views';

/** scan_file_lines (migration 1764000008400): one row per file of a scan. */
export const SCAN_FILE_LINES: TableColumns = {
  table: 'scan_file_lines',
  columns: [
    ['scan_id', 'int'],
    ['path', 'text'],
    ['hash', 'char(64)'],
    ['line_count', 'int'],
    ['trivial_count', 'int'],
    ['line_seq', 'bytea'],
  ],
};

/** scan_line_postings: one row per distinct line hash of a text file. */
export const SCAN_LINE_POSTINGS: TableColumns = {
  table: 'scan_line_postings',
  columns: [
    ['scan_id', 'int'],
    ['path', 'text'],
    ['line_hash', 'bigint'],
    ['cnt', 'int'],
  ],
};

/** Column arrays (in the order of the column lists above) of what lineage stores for scans. */
export interface LineageRows {
  fileLines: unknown[][];
  postings: unknown[][];
}

export const emptyLineageRows = (): LineageRows => ({
  fileLines: SCAN_FILE_LINES.columns.map(() => []),
  postings: SCAN_LINE_POSTINGS.columns.map(() => []),
});

/** The line sequence stored for a file (scan_file_lines.line_seq): none for a file without postings. */
export const storedSequenceOf = (f: FileLineStats): Uint8Array | null => (hasPostings(f.lineCount) ? f.sequence : null);

/**
 * Appends the lineage rows of scan `scanId` (its files' line statistics) to `rows`: every file's
 * sizes, and the postings of the text files of at most POSTED_LINES_MAX lines.
 */
export function addLineageRows(rows: LineageRows, scanId: number, stats: readonly FileLineStats[]): LineageRows {
  const [fScan, fPath, fHash, fLines, fTrivial, fSeq] = rows.fileLines;
  const [pScan, pPath, pHash, pCnt] = rows.postings;
  for (const f of stats) {
    fScan.push(scanId);
    fPath.push(f.path);
    fHash.push(f.hash);
    fLines.push(f.lineCount);
    fTrivial.push(f.trivialCount);
    fSeq.push(storedSequenceOf(f));
    if (!hasPostings(f.lineCount)) continue; // a huge file: known by its size only (line-stats.ts)
    for (const t of f.tokens) {
      pScan.push(scanId);
      pPath.push(f.path);
      pHash.push(t.hash);
      pCnt.push(t.count);
    }
  }
  return rows;
}

/** Up to this many tokens, shared counts probe the primary key per (scan, token); beyond, they read ranges. */
const PROBE_TOKENS_MAX = 8;

const SCAN_COLUMNS = 'id, name, verdict, risk_score, file_count, relation, similarity, compared_scan_id, fingerprint::text AS fingerprint, created_at';

/**
 * The family of a scan: every scan reachable through comparedScanId links (both directions) or
 * equal non-empty fingerprints. It is stored data — scans.family_id, kept exact by the triggers
 * of migration 1764000008400 (a new scan joins its compared scan's family; a delete splits the
 * affected family into its connected components) — so this is one range scan of
 * idx_scans_family, already in the response order.
 */
const FAMILY_SQL = `
  SELECT ${SCAN_COLUMNS} FROM scans
  WHERE family_id = (SELECT family_id FROM scans WHERE id = $1)
  ORDER BY family_id, created_at DESC, id DESC`;

/**
 * The holder shape cache's epoch (holder-shape-cache.ts): the scans table's file node and its id
 * sequence, as `file_node` and `last_id`. A TRUNCATE or a sequence reset changes one of them.
 */
const SHAPE_EPOCH_COLUMNS = `pg_relation_filenode('scans'::regclass)::text AS file_node, (SELECT last_value FROM scans_id_seq)::text AS last_id`;

/**
 * Shapes for the holder shape cache, with the epoch they belong to (one statement: one
 * snapshot): of scans `ids`, and with `newest`, of the newest `newest.limit` scans with id above
 * `newest.after` (a background fill: every scan stored since the last one, so the holders of any
 * popular file are cached at once — not one cold page per popular file). One row per scan, its
 * files as one JSON array (a fill reads thousands of holders: a row per file costs several times
 * more to parse here); left(hash, 13) is all a hash key needs.
 */
async function readHolderShapes(manager: EntityManager, ids: readonly number[], newest?: { after: number; limit: number }): Promise<HolderShapeRead> {
  const scans = newest
    ? {
        sql: 'SELECT unnest($1::int[]) AS scan_id UNION (SELECT s.id FROM scans s WHERE s.id > $2 ORDER BY s.id DESC LIMIT $3)',
        params: [ids, newest.after, newest.limit],
      }
    : { sql: 'SELECT unnest($1::int[]) AS scan_id', params: [ids] };
  const rows: Array<{ file_node: string; last_id: string; scan_id: number | null; files: Array<[string, string, number | null, number | null]> | null }> =
    await manager.query(
      `SELECT ${SHAPE_EPOCH_COLUMNS}, s.scan_id, s.files
       FROM (SELECT 1) one LEFT JOIN (
         SELECT f.scan_id, json_agg(json_build_array(f.path, left(f.hash, 13), f.line_count, f.trivial_count)) AS files
         FROM (${scans.sql}) h JOIN scan_file_lines f ON f.scan_id = h.scan_id
         GROUP BY f.scan_id
       ) s ON true`,
      scans.params,
    );
  const shapes = new Map<number, ShapeRow[]>();
  for (const r of rows) {
    if (r.scan_id === null || r.files === null) continue;
    shapes.set(r.scan_id, r.files.map(([path, hash, lines, trivial]) => ({ path, hash, line_count: lines, trivial_count: trivial })));
  }
  return { fileNode: rows[0].file_node, lastId: Number(rows[0].last_id), shapes };
}

/** The compared scan as the new scan's response shows it (read while locking it). */
export interface ComparedScanRow {
  id: number;
  name: string;
  verdict: 'pass' | 'review' | 'block';
  riskScore: number;
  createdAt: Date;
}

/** (scan, path) requests as the two parallel arrays an `unnest($1::int[], $2::text[])` join takes. */
function scanPathArrays(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): { ids: number[]; paths: string[] } {
  const ids: number[] = [];
  const paths: string[] = [];
  for (const r of requests) {
    for (const path of r.paths) {
      ids.push(r.scanId);
      paths.push(path);
    }
  }
  return { ids, paths };
}

/**
 * SQL of version classification on one EntityManager (the scan's write transaction): the
 * {@link CandidateStore} of the search over the tables of migrations 1764000008400 and
 * 1764000010000, plus the twin lookup, the compared-scan lock and the lineage rows. Every query
 * is parameterised and walks an index: posting lists through idx_scan_line_postings_line with a
 * per-token LIMIT, file hashes through idx_scan_files_hash / idx_scan_files_path_hash, pair
 * holders and copies through idx_scan_file_lines_hash_path, the trivial band through
 * idx_scan_file_lines_trivial, the size band through idx_scan_file_lines_size, candidates through primary keys.
 */
/** The key of a pair's holder walk in {@link LineageRepository.walks}. */
const walkKey = (pair: FilePair): string => `${pair.hash}\u0000${pair.path}`;

/**
 * A scalar subquery: the ids of the holders of (hash, path) below `below` (SQL expressions),
 * newest first, at most `limit` — one index-only walk of idx_scan_file_lines_hash_path, the ids as
 * one comma-separated text (parsed by {@link holderIdList} far faster than an int[] or a row each).
 */
const holderIdsSql = (hash: string, path: string, limit: string, below = '2147483647'): string =>
  `(SELECT string_agg(w.scan_id::text, ',' ORDER BY w.scan_id DESC) FROM (
      SELECT l.scan_id FROM scan_file_lines l
      WHERE l.hash = ${hash} AND l.path = ${path} AND l.scan_id < ${below}
      ORDER BY l.scan_id DESC LIMIT ${limit}
    ) w)`;

const holderIdList = (ids: string | null): number[] => (ids === null ? [] : ids.split(',').map(Number));

export class LineageRepository implements CandidateStore {
  /**
   * Holder walks of this transaction ({@link holderIds}) by pair, with the epoch they were read
   * under: the filtered pages of the same pair take their ids from here instead of walking again.
   */
  private readonly walks = new Map<string, { ids: number[]; complete: boolean; epoch: string }>();

  /**
   * `holderShapes`: the classifier's cache of holder shapes (filtered holder pages then bound
   * holders here); `popularLines`: its memo of lines found frequent ({@link knownFrequent}).
   */
  constructor(
    private readonly manager: EntityManager,
    private readonly holderShapes?: HolderShapeCache,
    private readonly popularLines?: PopularLines,
  ) {}

  knownFrequent(tokens: readonly TokenRef[], cap: number): TokenRef[] {
    return this.popularLines?.frequentAt(tokens, cap) ?? [];
  }

  async probeTokens(tokens: readonly TokenRef[], cap: number): Promise<TokenProbeResult> {
    if (tokens.length === 0) return { frequent: [], partial: [], fenced: [], rows: 0 };
    // The size of each hit scan's file at the hit's path: from the holder shape cache when it has
    // the scan (its files never change; the epoch read with the probe says the entry is its own),
    // else a primary-key lookup per (scan, path) — thousands per probe at catalogue scale, so with
    // a cache only for the scans stored since its last fill (the ones it cannot have yet).
    const cache = this.holderShapes && this.holderShapes.size > 0 ? this.holderShapes : null;
    const lookupAbove = cache ? cache.filledThrough : -1;
    // LIMIT keeps this a primary-key lookup per pair (never a scan of the table)
    const sized = (inner: string) =>
      `SELECT d.*, l.line_count, l.trivial_count FROM (${inner}) d LEFT JOIN LATERAL (
         SELECT f.line_count, f.trivial_count FROM scan_file_lines f
         WHERE d.scan_id > $5 AND f.scan_id = d.scan_id AND f.path = d.path LIMIT 1
       ) l ON true`;
    const rows: Array<{
      kind: number;
      path: string | null;
      line_hash: string | null;
      scan_id: number | null;
      n: number;
      lines: number | null;
      trivial: number | null;
      file_node: string | null;
      last_id: string | null;
    }> = await this.manager.query(
      // Newest postings first (a backward walk of idx_scan_line_postings_line): a frequent
      // token is then known exactly for the scans with id ≥ its fence, min(scan_id).
      `WITH q AS (
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[]) AS q(path, line_hash, c)
       ), hits AS MATERIALIZED (
         SELECT q.path, q.line_hash, q.c, h.scan_id, h.cnt, count(*) OVER (PARTITION BY q.path, q.line_hash) AS df
         FROM q CROSS JOIN LATERAL (
           SELECT p.scan_id, p.cnt FROM scan_line_postings p
           WHERE p.path = q.path AND p.line_hash = q.line_hash
           ORDER BY p.scan_id DESC
           LIMIT $4
         ) h
       )
       SELECT 0 AS kind, path, line_hash::text AS line_hash, min(scan_id)::int AS scan_id, count(*)::int AS n, NULL::int AS lines, NULL::int AS trivial,
              NULL AS file_node, NULL AS last_id
         FROM hits WHERE df >= $4 GROUP BY path, line_hash
       UNION ALL
       SELECT 3, a.path, NULL, a.scan_id, 0, a.line_count, a.trivial_count, NULL, NULL
         FROM (${sized('SELECT DISTINCT scan_id, path FROM hits WHERE df >= $4')}) a
       UNION ALL
       SELECT 1, a.path, NULL, a.scan_id, a.shared, a.line_count, a.trivial_count, NULL, NULL
         FROM (${sized('SELECT scan_id, path, sum(least(c, cnt))::int AS shared FROM hits WHERE df < $4 GROUP BY scan_id, path')}) a
       UNION ALL
       SELECT 2, NULL, NULL, NULL, count(*)::int, NULL, NULL, ${SHAPE_EPOCH_COLUMNS} FROM hits`,
      [tokens.map((t) => t.path), tokens.map((t) => t.hash), tokens.map((t) => t.count), cap + 1, lookupAbove],
    );
    const result: TokenProbeResult = { frequent: [], partial: [], fenced: [], rows: 0 };
    const epoch = rows.find((r) => r.kind === 2) as (typeof rows)[number];
    result.rows = epoch.n;
    cache?.checkEpoch(epoch.file_node as string, Number(epoch.last_id));
    const unsized: Array<{ scanId: number; path: string; lines: number; trivial: number }> = [];
    for (const r of rows) {
      if (r.kind === 0) result.frequent.push({ path: r.path as string, hash: r.line_hash as string, fence: r.scan_id as number });
      else if (r.kind === 1 || r.kind === 3) {
        const share = { scanId: r.scan_id as number, path: r.path as string, lines: r.lines ?? 0, trivial: r.trivial ?? 0 };
        // Looked up above (a deleted scan: 0 lines), else from the cache or the lookup below.
        if ((r.scan_id as number) <= lookupAbove && !cache?.sizeAt(share, epoch.file_node as string)) unsized.push(share);
        if (r.kind === 3) result.fenced.push(share);
        else result.partial.push(Object.assign(share, { shared: r.n }));
      }
    }
    this.popularLines?.add(result.frequent, cap);
    if (unsized.length > 0) {
      // One primary-key lookup per (scan, path) the cache does not have.
      const sizes: Array<{ scan_id: number; path: string; line_count: number | null; trivial_count: number | null }> = await this.manager.query(
        `SELECT f.scan_id, f.path, f.line_count, f.trivial_count
         FROM unnest($1::int[], $2::text[]) AS q(scan_id, path)
         JOIN scan_file_lines f ON f.scan_id = q.scan_id AND f.path = q.path`,
        [unsized.map((u) => u.scanId), unsized.map((u) => u.path)],
      );
      const byKey = new Map(sizes.map((z) => [`${z.scan_id}\u0000${z.path}`, z]));
      for (const u of unsized) {
        const z = byKey.get(`${u.scanId}\u0000${u.path}`);
        u.lines = z?.line_count ?? 0;
        u.trivial = z?.trivial_count ?? 0;
      }
    }
    return result;
  }

  async probeFiles(hashes: readonly string[], emptyPaths: readonly string[], cap: number): Promise<FileProbeResult> {
    const result: FileProbeResult = { frequentHashes: [], frequentEmptyPaths: [], hits: [], rows: 0 };
    if (hashes.length + emptyPaths.length === 0) return result;
    const rows: Array<{ kind: string; key: string; scan_id: number; path: string; hash: string; df: number }> = await this.manager.query(
      `WITH h AS (
         SELECT DISTINCT x::char(64) AS hash FROM unnest($1::text[]) AS x
       ), e AS (
         SELECT DISTINCT x AS path FROM unnest($2::text[]) AS x
       )
       SELECT 'h' AS kind, h.hash::text AS key, f.scan_id, f.path, f.hash::text AS hash, count(*) OVER (PARTITION BY h.hash)::int AS df
         FROM h CROSS JOIN LATERAL (
           SELECT s.scan_id, s.path, s.hash FROM scan_files s WHERE s.hash = h.hash LIMIT $3
         ) f
       UNION ALL
       SELECT 'e', e.path, f.scan_id, e.path, f.hash::text, count(*) OVER (PARTITION BY e.path)::int
         FROM e CROSS JOIN LATERAL (
           SELECT s.scan_id, s.hash FROM scan_files s WHERE s.path = e.path AND s.hash = $4::char(64) LIMIT $3
         ) f`,
      [hashes, emptyPaths, cap + 1, EMPTY_SHA256],
    );
    const frequentHashes = new Set<string>();
    const frequentEmpty = new Set<string>();
    for (const r of rows) {
      result.rows++;
      if (r.df > cap) {
        if (r.kind === 'h') frequentHashes.add(r.key);
        else frequentEmpty.add(r.key);
      } else result.hits.push({ scanId: r.scan_id, path: r.path, hash: r.hash });
    }
    result.frequentHashes = [...frequentHashes];
    result.frequentEmptyPaths = [...frequentEmpty];
    return result;
  }

  async probePairs(pairs: readonly FilePair[], cap: number, walkLimit: number): Promise<PairProbeResult> {
    const result: PairProbeResult = { frequent: [], variants: [], copies: [], walks: [], rows: 0 };
    if (pairs.length === 0) return result;
    // Two index ranges each side of the pair's own key: files at the path with another hash
    // (idx_scan_files_path_hash) and the hash at other paths (idx_scan_file_lines_hash_path);
    // and the pair's own key range, its holders' ids as one text (at most walkLimit + 1 of them:
    // a helper script's holders come whole with the probe, a LICENSE's are walked when needed).
    const rows: Array<{ kind: string; i: number; scan_id: number | null; path: string; hash: string | null; ids: string | null; file_node: string | null; last_id: string | null }> =
      await this.manager.query(
        `WITH q AS (
           SELECT i, path, hash::char(64) AS hash FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(path, hash, i)
         )
         SELECT 'v' AS kind, q.i::int AS i, v.scan_id, q.path, v.hash::text AS hash, NULL AS ids, NULL AS file_node, NULL AS last_id FROM q CROSS JOIN LATERAL (
           (SELECT f.scan_id, f.hash FROM scan_files f WHERE f.path = q.path AND f.hash < q.hash LIMIT $3)
           UNION ALL
           (SELECT f.scan_id, f.hash FROM scan_files f WHERE f.path = q.path AND f.hash > q.hash LIMIT $3)
         ) v
         UNION ALL
         SELECT 'c', q.i::int, c.scan_id, c.path, q.hash::text, NULL, NULL, NULL FROM q CROSS JOIN LATERAL (
           (SELECT l.scan_id, l.path FROM scan_file_lines l WHERE l.hash = q.hash AND l.path < q.path LIMIT $3)
           UNION ALL
           (SELECT l.scan_id, l.path FROM scan_file_lines l WHERE l.hash = q.hash AND l.path > q.path LIMIT $3)
         ) c
         UNION ALL
         SELECT 'w', q.i::int, NULL, q.path, NULL, ${holderIdsSql('q.hash', 'q.path', '$4')}, ${SHAPE_EPOCH_COLUMNS}
           FROM q WHERE $4 > 1`,
        [pairs.map((p) => p.path), pairs.map((p) => p.hash), cap + 1, walkLimit + 1],
      );
    const variants = pairs.map(() => [] as PairProbeResult['variants']);
    const copies = pairs.map(() => [] as PairProbeResult['copies']);
    const walks = pairs.map(() => null as number[] | null);
    for (const r of rows) {
      if (r.kind === 'v') variants[r.i - 1].push({ scanId: r.scan_id as number, path: r.path });
      else if (r.kind === 'c') copies[r.i - 1].push({ scanId: r.scan_id as number, path: r.path, hash: r.hash as string });
      else {
        const ids = holderIdList(r.ids);
        result.rows += ids.length;
        this.holderShapes?.checkEpoch(r.file_node as string, Number(r.last_id));
        if (ids.length > walkLimit) continue; // a large pair: walked when needed
        walks[r.i - 1] = ids;
        this.walks.set(walkKey(pairs[r.i - 1]), { ids, complete: true, epoch: r.file_node as string });
      }
    }
    pairs.forEach((pair, i) => {
      result.rows += variants[i].length + copies[i].length;
      if (variants[i].length > cap || copies[i].length > cap) result.frequent.push(pair);
      else {
        for (const v of variants[i]) result.variants.push(v);
        for (const c of copies[i]) result.copies.push(c);
        const ids = walks[i];
        if (ids) result.walks.push({ path: pair.path, hash: pair.hash, ids });
      }
    });
    return result;
  }

  async holderIds(pairs: readonly FilePair[], limit: number): Promise<HolderIds[]> {
    if (pairs.length === 0) return [];
    const rows: Array<{ i: string; ids: string | null; file_node: string; last_id: string }> = await this.manager.query(
      `SELECT q.i::text AS i, ${holderIdsSql('q.hash', 'q.path', '$3')} AS ids, ${SHAPE_EPOCH_COLUMNS}
       FROM unnest($1::text[], $2::char(64)[]) WITH ORDINALITY AS q(path, hash, i)`,
      [pairs.map((p) => p.path), pairs.map((p) => p.hash), limit + 1],
    );
    this.holderShapes?.checkEpoch(rows[0].file_node, Number(rows[0].last_id));
    const walks: HolderIds[] = pairs.map(() => ({ ids: [], complete: true }));
    for (const r of rows) {
      const all = holderIdList(r.ids);
      const complete = all.length <= limit;
      const ids = complete ? all : all.slice(0, limit);
      const k = Number(r.i) - 1;
      walks[k] = { ids, complete };
      this.walks.set(walkKey(pairs[k]), { ids, complete, epoch: r.file_node });
    }
    return walks;
  }

  /**
   * Up to `limit` holders of the pair with id < before, newest first: one index-only walk of
   * idx_scan_file_lines_hash_path, with the holder shape cache's epoch (checked here).
   */
  private async walkHolders(pair: FilePair, before: number, limit: number): Promise<{ ids: number[]; fileNode: string }> {
    const [walk]: Array<{ ids: string | null; file_node: string; last_id: string }> = await this.manager.query(
      `SELECT ${holderIdsSql('$1::char(64)', '$2', '$4', '$3')} AS ids, ${SHAPE_EPOCH_COLUMNS}`,
      [pair.hash, pair.path, Number.isFinite(before) ? before : 2_147_483_647, limit],
    );
    this.holderShapes?.checkEpoch(walk.file_node, Number(walk.last_id));
    return { ids: holderIdList(walk.ids), fileNode: walk.file_node };
  }

  /**
   * The ids of a filtered page from a walk this transaction made already (see {@link walks}),
   * newest first below `before`; null when that walk does not cover the page.
   */
  private walkedPage(pair: FilePair, before: number, limit: number): { ids: number[]; fileNode: string } | null {
    const walk = this.walks.get(walkKey(pair));
    if (!walk) return null;
    let lo = 0;
    let hi = walk.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (walk.ids[mid] < before) hi = mid;
      else lo = mid + 1;
    }
    const ids = walk.ids.slice(lo, lo + limit);
    return ids.length === limit || walk.complete ? { ids, fileNode: walk.epoch } : null;
  }

  async holders(pair: FilePair, before: number, limit: number, paths: readonly string[], filter: HolderFilter | null): Promise<HolderPage> {
    // Through the holder shape cache: filtered pages always (the bound is computed here), pages of
    // every holder once it holds anything (the newest holders, which every such page starts with,
    // are the ones it has).
    if (this.holderShapes && (filter || this.holderShapes.size > 0)) {
      const page = await this.cachedHolders(pair, before, limit, paths, filter, this.holderShapes);
      if (page) return page;
    }
    // A backward walk of idx_scan_file_lines_hash_path within (hash, path); then per holder
    // primary-key lookups of its file count and its files at the current scan's paths (with a
    // filter: one primary-key range of its files, which also counts them). With a
    // filter, the holder's shaped bound (bounds.ts holderShapeBound, the same expression) is
    // computed here and only the holders reaching their floor (bounds.ts holderFloorFor: higher
    // below the best's id, which wins ties) or listed in `keep` are returned.
    // The files of the returned holders come with their line sequences (but the pair's own file).
    const params: unknown[] = [pair.hash, pair.path, Number.isFinite(before) ? before : 2_147_483_647, limit, paths];
    // LIMIT 1: one primary-key probe per holder (as a join the planner reads all of scans).
    let holders = `SELECT w.scan_id, s.file_count FROM walked w CROSS JOIN LATERAL (SELECT x.file_count FROM scans x WHERE x.id = w.scan_id LIMIT 1) s`;
    if (filter) {
      const c = filter.paths;
      params.push(
        c.map((p) => p.path),
        c.map((p) => p.hash),
        c.map((p) => p.text),
        c.map((p) => p.lines),
        c.map((p) => p.skippedTrivial),
        c.map((p) => p.skippedOther),
        filter.postedLinesMax,
        holderFilterFloor(filter),
        filter.keep,
        filter.olderThan ?? 0,
        holderFilterOlderFloor(filter),
      );
      holders = `WITH c AS MATERIALIZED (
                   SELECT * FROM unnest($6::text[], $7::text[], $8::bool[], $9::int[], $10::int[], $11::int[]) AS c(path, hash, text, lines, st, so)
                 ), h AS MATERIALIZED (
                   -- One primary-key range per holder: its scan_file_lines rows are its files, so
                   -- their count is its file count (no scans lookup), and C's side joins by hash,
                   -- built once for the page (a per-holder join rebuilt it 4 000 times).
                   SELECT f.scan_id, count(*)::int AS file_count, count(c.path)::int AS common, sum(
                       CASE WHEN c.path IS NULL THEN 0::float8
                            WHEN f.hash = c.hash THEN 1.0::float8
                            WHEN c.text AND f.line_count > 0 THEN
                              2.0::float8 * (CASE WHEN f.line_count > $12 THEN least(c.lines, f.line_count)
                                                  ELSE least(c.lines, f.line_count, least(c.st, coalesce(f.trivial_count, f.line_count)) + c.so) END)
                              / (c.lines + f.line_count)
                            ELSE 0::float8 END) AS total
                   FROM walked w
                   JOIN scan_file_lines f ON f.scan_id = w.scan_id
                   LEFT JOIN c ON c.path = f.path
                   GROUP BY f.scan_id
                 )
                 SELECT h.scan_id, h.file_count FROM h
                 WHERE h.scan_id = ANY($14::int[])
                    OR (CASE WHEN cardinality($6::text[]) + h.file_count - h.common = 0 THEN 100::float8
                             ELSE 100 * coalesce(h.total, 0) / (cardinality($6::text[]) + h.file_count - h.common) END)
                       >= CASE WHEN h.scan_id < $15::int THEN $16::float8 ELSE $13::float8 END`;
    }
    const rows: Array<{
      kind: number;
      scan_id: number;
      file_count: number;
      path: string | null;
      hash: string | null;
      line_count: number | null;
      trivial_count: number | null;
      line_seq: Buffer | null;
    }> = await this.manager.query(
      `WITH walked AS MATERIALIZED (
         SELECT l.scan_id FROM scan_file_lines l
         WHERE l.hash = $1::char(64) AND l.path = $2 AND l.scan_id < $3
         ORDER BY l.scan_id DESC LIMIT $4
       ),
       kept AS MATERIALIZED (${holders})
       SELECT 1 AS kind, k.scan_id, k.file_count, f.path, f.hash::text AS hash, f.line_count, f.trivial_count,
              CASE WHEN f.path = $2 THEN NULL ELSE f.line_seq END AS line_seq
       -- A primary-key range per kept holder (OFFSET 0 keeps the subquery a per-row lookup: as a
       -- join the planner, misjudging how many are kept, merged with the whole primary key —
       -- 64 000 rows read for 46 holders)
       FROM kept k LEFT JOIN LATERAL (
         SELECT * FROM scan_file_lines f WHERE f.scan_id = k.scan_id AND f.path = ANY($5::text[]) OFFSET 0
       ) f ON true
       UNION ALL
       SELECT 0, min(scan_id), count(*)::int, NULL, NULL, NULL, NULL, NULL FROM walked
       ORDER BY kind, scan_id DESC`,
      params,
    );
    const page: HolderPage = { holders: [], walked: 0, lastId: null };
    for (const r of rows) {
      if (r.kind === 0) {
        page.walked = r.file_count;
        page.lastId = r.scan_id;
        continue;
      }
      let holder = page.holders[page.holders.length - 1];
      if (!holder || holder.scanId !== r.scan_id) page.holders.push((holder = { scanId: r.scan_id, fileCount: r.file_count, files: [] }));
      if (r.path === null) continue;
      const file: StoredShapeFile = { path: r.path, hash: r.hash as string, lineCount: r.line_count, trivialCount: r.trivial_count };
      if (r.path !== pair.path) file.sequence = r.line_seq;
      holder.files.push(file);
    }
    return page;
  }

  /**
   * {@link holders} in this process: the page's holders come from this transaction's walk of the
   * pair or an index-only walk of idx_scan_file_lines_hash_path (with the cache's epoch), the
   * shapes of those not cached yet from one read of scan_file_lines, and the files of the kept
   * holders (with their line sequences) from the cache or one more read. With a filter, the same
   * bound and floors as the SQL filter; without, every holder is kept. null when too many shapes
   * are missing: the caller then takes the SQL path.
   */
  private async cachedHolders(
    pair: FilePair,
    before: number,
    limit: number,
    paths: readonly string[],
    filter: HolderFilter | null,
    cache: HolderShapeCache,
  ): Promise<HolderPage | null> {
    const walk = this.walkedPage(pair, before, limit) ?? (await this.walkHolders(pair, before, limit));
    const ids = walk.ids;
    const page: HolderPage = { holders: [], walked: ids.length, lastId: ids.length > 0 ? ids[ids.length - 1] : null };
    const epoch = walk.fileNode;
    // One cache lookup per holder: its shape, or a read below when it is missing.
    const shapes = new Array<HolderShape | undefined>(ids.length);
    const missing: number[] = [];
    for (let i = 0; i < ids.length; i++) if ((shapes[i] = cache.get(ids[i], epoch)) === undefined) missing.push(ids[i]);
    if (missing.length > cache.coldHoldersMax) {
      // Cold (a fresh process, many scans stored since the last fill): this page goes through the
      // SQL filter, and the shapes of this page's holders and of every scan stored since the last
      // fill are read in the background, outside this transaction (one read, so the next search
      // of this or any other popular file is warm).
      const dataSource = this.manager.connection;
      cache.fillInBackground(() => readHolderShapes(dataSource.manager, missing, { after: cache.filledThrough, limit: cache.capacity }));
      return null;
    }
    if (missing.length > 0) {
      const read = await readHolderShapes(this.manager, missing);
      cache.checkEpoch(read.fileNode, read.lastId);
      for (const [id, rows] of read.shapes) cache.put(id, rows, read.fileNode);
      for (let i = 0; i < ids.length; i++) shapes[i] ??= cache.get(ids[i], epoch);
    }
    const bound = filter && { filter, prepared: prepareHolderFilter(filter), keep: new Set(filter.keep) };
    const kept: Array<{ id: number; shape: HolderShape }> = [];
    for (let i = 0; i < ids.length; i++) {
      const [id, shape] = [ids[i], shapes[i]];
      if (!shape) continue; // deleted since the walk
      if (!bound || bound.keep.has(id) || packedShapeBound(bound.prepared, bound.filter.postedLinesMax, shape) >= holderFloorFor(bound.filter, id)) {
        kept.push({ id, shape });
      }
    }
    const unread = kept.filter((k) => cache.filesOf(k.id, epoch) === undefined).map((k) => k.id);
    if (unread.length > 0) {
      // Every file of an unread kept holder, with its line sequence, into the cache.
      const rows: Array<{ scan_id: number; path: string; hash: string; line_count: number | null; trivial_count: number | null; line_seq: Buffer | null }> =
        await this.manager.query(
          `SELECT scan_id, path, hash::text AS hash, line_count, trivial_count, line_seq FROM scan_file_lines WHERE scan_id = ANY($1::int[])`,
          [unread],
        );
      const read = new Map<number, StoredShapeFile[]>();
      for (const r of rows) {
        let list = read.get(r.scan_id);
        if (!list) read.set(r.scan_id, (list = []));
        list.push({ path: r.path, hash: r.hash, lineCount: r.line_count, trivialCount: r.trivial_count, sequence: r.line_seq });
      }
      // Read in this transaction after the walk: no TRUNCATE can have come between (it waits for us).
      for (const [id, list] of read) cache.putFiles(id, list, epoch);
    }
    const wanted = new Set(paths);
    for (const k of kept) {
      const all = cache.filesOf(k.id, epoch);
      if (!all) continue; // deleted since the walk
      const files: StoredShapeFile[] = [];
      for (const f of all) {
        if (!wanted.has(f.path)) continue;
        // The pair's own file is identical: its sequence is never needed (as in holders()).
        files.push(f.path === pair.path ? { path: f.path, hash: f.hash, lineCount: f.lineCount, trivialCount: f.trivialCount } : f);
      }
      page.holders.push({ scanId: k.id, fileCount: k.shape.fileCount, files });
    }
    return page;
  }

  async band(ranges: readonly BandRange[], limit: number): Promise<BandHit[]> {
    if (ranges.length === 0) return [];
    // One range of idx_scan_file_lines_trivial per path, at most `limit` files each: past that
    // the caller learns that more than `limit` scans are in the band, which is all it needs.
    const rows: Array<{ scan_id: number; path: string; line_count: number; trivial_count: number }> = await this.manager.query(
      `SELECT b.scan_id, r.path, b.line_count, b.trivial_count
       FROM unnest($1::text[], $2::int[], $3::int[]) AS r(path, lo, hi)
       CROSS JOIN LATERAL (
         SELECT l.scan_id, l.line_count, l.trivial_count FROM scan_file_lines l
         WHERE l.path = r.path AND l.line_count > 0
           AND ((l.trivial_count * 1000) / l.line_count) >= r.lo
           AND (r.hi IS NULL OR ((l.trivial_count * 1000) / l.line_count) < r.hi)
         LIMIT $4
       ) b`,
      [ranges.map((r) => r.path), ranges.map((r) => r.minPermille), ranges.map((r) => r.belowPermille), limit],
    );
    return rows.map((r) => ({ scanId: r.scan_id, path: r.path, lines: r.line_count, trivial: r.trivial_count }));
  }

  async large(ranges: readonly SizeRange[], limit: number): Promise<number[]> {
    if (ranges.length === 0) return [];
    // One range of idx_scan_file_lines_size (migration 1764000016000) per path: large files are few.
    const rows: Array<{ scan_id: number }> = await this.manager.query(
      `SELECT DISTINCT b.scan_id
       FROM unnest($1::text[], $2::int[], $3::int[]) AS r(path, lo, hi)
       CROSS JOIN LATERAL (
         SELECT l.scan_id FROM scan_file_lines l
         WHERE l.path = r.path AND l.line_count > 0 AND l.line_count >= r.lo AND (r.hi IS NULL OR l.line_count < r.hi)
         LIMIT $4
       ) b
       LIMIT $4`,
      [ranges.map((r) => r.path), ranges.map((r) => r.minLines), ranges.map((r) => r.belowLines), limit],
    );
    return rows.map((r) => r.scan_id);
  }

  async shapes(scanIds: readonly number[]): Promise<Map<number, StoredShapeFile[]>> {
    const out = new Map<number, StoredShapeFile[]>();
    if (scanIds.length === 0) return out;
    const rows: Array<{ scan_id: number; path: string; hash: string; line_count: number | null; trivial_count: number | null }> =
      await this.manager.query(
        `SELECT scan_id, path, hash::text AS hash, line_count, trivial_count FROM scan_file_lines WHERE scan_id = ANY($1::int[])`,
        [scanIds],
      );
    for (const r of rows) {
      let files = out.get(r.scan_id);
      if (!files) out.set(r.scan_id, (files = []));
      files.push({ path: r.path, hash: r.hash, lineCount: r.line_count, trivialCount: r.trivial_count });
    }
    return out;
  }

  async sharedCounts(scanIds: readonly number[], tokens: readonly TokenRef[]): Promise<PartialShare[]> {
    if (scanIds.length === 0 || tokens.length === 0) return [];
    const params = [scanIds, tokens.map((t) => t.path), tokens.map((t) => t.hash), tokens.map((t) => t.count)];
    // Few tokens: one primary-key probe per (scan, token). More: read the candidates' postings at
    // those paths once (primary-key range; a scan's postings sit together on few heap pages) and
    // hash-join them with the tokens. Measured on the boilerplate catalogue at 20 000 scans (128
    // candidates, 37 tokens, ~350 postings each): the range read takes about 0.6 × the probes.
    const sql =
      tokens.length <= PROBE_TOKENS_MAX
        ? // LIMIT 1 (the key is unique) keeps each lookup a probe on all three key columns; as a
          // plain join the planner may walk the token's whole posting list and filter by scan.
          `SELECT s.id AS scan_id, q.path, sum(least(p.cnt, q.c))::int AS shared
           FROM unnest($1::int[]) AS s(id)
           CROSS JOIN unnest($2::text[], $3::bigint[], $4::int[]) AS q(path, line_hash, c)
           CROSS JOIN LATERAL (
             SELECT k.cnt FROM scan_line_postings k
             WHERE k.scan_id = s.id AND k.path = q.path AND k.line_hash = q.line_hash
             LIMIT 1
           ) p
           GROUP BY s.id, q.path`
        : `WITH cand AS MATERIALIZED (
             SELECT p.scan_id, p.path, p.line_hash, p.cnt FROM scan_line_postings p
             WHERE p.scan_id = ANY($1::int[]) AND p.path = ANY($5::text[])
           )
           SELECT c.scan_id, c.path, sum(least(c.cnt, q.c))::int AS shared
           FROM cand c JOIN unnest($2::text[], $3::bigint[], $4::int[]) AS q(path, line_hash, c)
             ON q.path = c.path AND q.line_hash = c.line_hash
           GROUP BY c.scan_id, c.path`;
    if (tokens.length > PROBE_TOKENS_MAX) params.push([...new Set(tokens.map((t) => t.path))]);
    const rows: Array<{ scan_id: number; path: string; shared: number }> = await this.manager.query(sql, params);
    return rows.map((r) => ({ scanId: r.scan_id, path: r.path, shared: r.shared }));
  }

  async lineSequences(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): Promise<StoredSequence[]> {
    const { ids, paths } = scanPathArrays(requests);
    if (ids.length === 0) return [];
    // One primary-key probe per (scan, path); a sequence is 4 bytes a line (stored inline up to ~500 lines).
    const rows: Array<{ scan_id: number; path: string; line_seq: Buffer | null }> = await this.manager.query(
      `SELECT l.scan_id, l.path, l.line_seq
       FROM unnest($1::int[], $2::text[]) AS q(scan_id, path)
       JOIN scan_file_lines l ON l.scan_id = q.scan_id AND l.path = q.path`,
      [ids, paths],
    );
    return rows.map((r) => ({ scanId: r.scan_id, path: r.path, sequence: r.line_seq }));
  }

  async loadFiles(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): Promise<Map<number, FileSide[]>> {
    const { ids, paths } = scanPathArrays(requests);
    // One primary-key-ordered lookup per (scan, path) through idx_scan_files_scan_id.
    const rows: Array<FileSide & { scan_id: number }> = await this.manager.query(
      `SELECT f.scan_id, f.path, f.hash::text AS hash, f.size, f.content
       FROM unnest($1::int[], $2::text[]) AS q(scan_id, path)
       JOIN scan_files f ON f.scan_id = q.scan_id AND f.path = q.path`,
      [ids, paths],
    );
    const out = new Map<number, FileSide[]>();
    for (const r of rows) {
      let files = out.get(r.scan_id);
      if (!files) out.set(r.scan_id, (files = []));
      files.push({ path: r.path, hash: r.hash, size: r.size, content: r.content });
    }
    return out;
  }


  // ---- compare and lineage -------------------------------------------------------------------

  scans(ids: readonly number[]): Promise<ScanRow[]> {
    return this.manager.query(`SELECT ${SCAN_COLUMNS} FROM scans WHERE id = ANY($1::int[])`, [ids]);
  }

  files(scanIds: readonly number[]): Promise<Array<FileSide & { scan_id: number }>> {
    return this.manager.query('SELECT scan_id, path, hash::text AS hash, size, content FROM scan_files WHERE scan_id = ANY($1::int[])', [scanIds]);
  }

  /** The family of scan `id`, newest first (empty for an unknown id). */
  family(id: number): Promise<ScanRow[]> {
    return this.manager.query(FAMILY_SQL, [id]);
  }

  // ---- classification ------------------------------------------------------------------------

  /** Serialises scans of the same content until the transaction ends. */
  async lockFingerprint(fingerprint: string): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [fingerprint]);
  }

  /** The latest scan with this fingerprint (index only). */
  async latestTwin(fingerprint: string): Promise<number | null> {
    const rows: Array<{ id: number }> = await this.manager.query('SELECT id FROM scans WHERE fingerprint = $1 ORDER BY id DESC LIMIT 1', [fingerprint]);
    return rows.length > 0 ? rows[0].id : null;
  }

  /**
   * Reads the compared scan and keeps it until the transaction commits (a concurrent DELETE then
   * waits and its ON DELETE SET NULL reaches the new row too); null when it is gone.
   */
  async lockCompared(id: number): Promise<ComparedScanRow | null> {
    const rows: ComparedScanRow[] = await this.manager.query(
      `SELECT id, name, verdict, risk_score AS "riskScore", created_at AS "createdAt" FROM scans WHERE id = $1 FOR KEY SHARE`,
      [id],
    );
    return rows[0] ?? null;
  }

  async insertLineageRows(rows: LineageRows): Promise<void> {
    await insertColumns(this.manager, SCAN_FILE_LINES, rows.fileLines);
    await insertColumns(this.manager, SCAN_LINE_POSTINGS, rows.postings);
  }

  /** Scans with this fingerprint (checkCount). */
  async countFingerprint(fingerprint: string): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await this.manager.query('SELECT count(*)::int AS count FROM scans WHERE fingerprint = $1', [fingerprint]);
    return count;
  }
}
