/**
 * Relation of a new scan to the earlier scans (spec "Fingerprint and relation rules" 4–7).
 *
 * Decisions (the reference semantics; search/candidate-search.ts reproduces them without looking
 * at every earlier scan):
 * 1. `identical` when an earlier scan has the same fingerprint: comparedScanId = the most recent
 *    (highest id) such scan, similarity 100. This wins even if another scan rounds to 100 too.
 * 2. Otherwise every earlier scan e gets the key
 *      (similarity, byteIdentical && similarity < 40 ? 1 : 0, id)
 *    and the compared scan is the one with the greatest key (lexicographic): highest integer
 *    similarity; on a tie the most recent — except that below the threshold a scan sharing a
 *    byte-identical file beats one that does not, because only it can make the relation
 *    `modified`. "Highest similarity" compares the reported integers (the rounded values).
 * 3. `modified` iff that scan has similarity ≥ 40 (the rounded integer, so 39.5 counts) or shares
 *    a byte-identical file with the current scan (same hash at any path, empty files excluded,
 *    see similarity.ts).
 * 4. Otherwise `new`, and then similarity = null and comparedScanId = null, also when an
 *    earlier scan shares something below the threshold. Reason: GET /scans/{id}/lineage joins
 *    scans along comparedScanId links, so a `new` scan must not link into another family; and it
 *    makes "best of the scans that share nothing" (all tied at 0) irrelevant. The first scan
 *    ever is `new` with nulls.
 */
import { fingerprintOf } from './fingerprint';
import { FileSide, hasByteIdenticalFile, scanSimilarity } from './similarity';

export type Relation = 'new' | 'identical' | 'modified';

export const MODIFIED_THRESHOLD = 40;

export interface RelationResult {
  relation: Relation;
  /** 0–100; null when relation is `new`. */
  similarity: number | null;
  /** null when relation is `new`. */
  comparedScanId: number | null;
}

/** An evaluated earlier scan. */
export interface ScanMatch {
  scanId: number;
  /** Integer similarity 0–100. */
  similarity: number;
  byteIdentical: boolean;
}

export interface EarlierScan {
  scanId: number;
  fingerprint: string;
  files: readonly FileSide[];
}

/** > 0 when x ranks above y (see decision 2). */
export function compareMatches(x: ScanMatch, y: ScanMatch): number {
  if (x.similarity !== y.similarity) return x.similarity - y.similarity;
  const bx = x.byteIdentical && x.similarity < MODIFIED_THRESHOLD ? 1 : 0;
  const by = y.byteIdentical && y.similarity < MODIFIED_THRESHOLD ? 1 : 0;
  if (bx !== by) return bx - by;
  return x.scanId - y.scanId;
}

/** Final relation from the identical twin (if any) and the best match (if any). */
export function relationFor(identicalScanId: number | null, best: ScanMatch | null): RelationResult {
  if (identicalScanId !== null) return { relation: 'identical', similarity: 100, comparedScanId: identicalScanId };
  if (best && (best.similarity >= MODIFIED_THRESHOLD || best.byteIdentical)) {
    return { relation: 'modified', similarity: best.similarity, comparedScanId: best.scanId };
  }
  return { relation: 'new', similarity: null, comparedScanId: null };
}

/** Evaluates one earlier scan exactly. */
export function matchScan(current: readonly FileSide[], earlier: { scanId: number; files: readonly FileSide[] }): ScanMatch {
  return {
    scanId: earlier.scanId,
    similarity: scanSimilarity(current, earlier.files),
    byteIdentical: hasByteIdenticalFile(current, earlier.files),
  };
}

/**
 * Brute-force reference: classifies `current` against every scan in `earlier` (all of which
 * must be earlier than `current`). `current.fingerprint` defaults to fingerprintOf(files).
 */
export function classifyRelation(
  current: { files: readonly FileSide[]; fingerprint?: string },
  earlier: readonly EarlierScan[],
): RelationResult {
  const fingerprint = current.fingerprint ?? fingerprintOf(current.files);
  let twin: number | null = null;
  for (const e of earlier) if (e.fingerprint === fingerprint && (twin === null || e.scanId > twin)) twin = e.scanId;
  if (twin !== null) return relationFor(twin, null);
  let best: ScanMatch | null = null;
  for (const e of earlier) {
    const m = matchScan(current.files, e);
    if (!best || compareMatches(m, best) > 0) best = m;
  }
  return relationFor(null, best);
}
