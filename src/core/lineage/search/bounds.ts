/**
 * Upper bounds of the similarity (similarity.ts) of the current scan C and a stored scan X from
 * what is stored about X — hashes, line counts and shared line counts — without X's content.
 *
 * Why they hold: LCS(a, b) ≤ Σ_h min(cnt_a(h), cnt_b(h)) (every matched pair of lines has equal
 * hashes; a hash collision only raises the right side), so a changed text path contributes at
 * most 2·min(shared, n, m)/(n + m); identical paths contribute exactly 1, the others 0. With the
 * exact path union this bounds the similarity from above; rounded like the exact value, the bound
 * key never ranks below the exact key (relation.ts compareMatches).
 */
import { ONE, hasByteIdenticalFile, roundedPercent, byPath, type Ratio } from '../similarity';

/** Minimal per-file shape of the current scan used for bounds. */
export interface FileShape {
  path: string;
  hash: string;
  lineCount: number | null;
}

export interface CandidateFile {
  path: string;
  hash: string;
  /** null for binary files. */
  lineCount: number | null;
  /** Line-hash multiset intersection with the current scan's file at the same path (0 if none). */
  sharedLines: number;
}

export interface CandidateSummary {
  scanId: number;
  /** Every file of the scan, or (with `fileCount`) at least its files at the current scan's paths. */
  files: CandidateFile[];
  /** The scan's number of files when `files` lists only those at the current scan's paths. */
  fileCount?: number;
  /** Known already (e.g. it holds one of the current scan's files); else computed from `files`. */
  byteIdentical?: boolean;
}

export interface SimilarityBound {
  scanId: number;
  /** Integer ≥ the exact similarity; equal to it when `exact`. */
  similarity: number;
  exact: boolean;
  /** Exact (hashes are known): a non-empty file hash is shared at any path. */
  byteIdentical: boolean;
  /** Changed text paths whose exact ratio needs an LCS (empty when `exact`). */
  needsContent: string[];
}

/** Upper bound of scanSimilarity(current, candidate) from hashes, line counts and sharedLines. */
export function upperBound(current: readonly FileShape[], candidate: CandidateSummary): SimilarityBound {
  const cur = byPath(current);
  const cand = byPath(candidate.files);
  let common = 0;
  for (const path of cand.keys()) if (cur.has(path)) common++;
  const unionSize = cur.size + (candidate.fileCount ?? cand.size) - common;
  const exactRatios: Ratio[] = [];
  const needsContent: string[] = [];
  let sum = 0;
  for (const [path, g] of cand) {
    const f = cur.get(path);
    if (!f) continue;
    if (f.hash === g.hash) {
      exactRatios.push(ONE);
      sum += 1;
    } else if (f.lineCount !== null && g.lineCount !== null) {
      const den = f.lineCount + g.lineCount;
      const shared = Math.min(g.sharedLines, f.lineCount, g.lineCount);
      if (den === 0) {
        exactRatios.push(ONE);
        sum += 1;
      } else if (shared > 0) {
        needsContent.push(path);
        sum += (2 * shared) / den;
      }
    }
  }
  const byteIdentical = candidate.byteIdentical ?? hasByteIdenticalFile(current, candidate.files);
  if (unionSize === 0) return { scanId: candidate.scanId, similarity: 100, exact: true, byteIdentical, needsContent };
  if (needsContent.length === 0) {
    return { scanId: candidate.scanId, similarity: roundedPercent(exactRatios, unionSize), exact: true, byteIdentical, needsContent };
  }
  const similarity = Math.min(100, Math.round((100 * sum) / unionSize + 1e-7));
  return { scanId: candidate.scanId, similarity, exact: false, byteIdentical, needsContent };
}

/**
 * max over minLines ≤ m ≤ maxLines (m > 0) of 2·min(min(cTs, ρ·m) + sN, n, m)/(n + m): the line ratio at a text
 * path of n lines for a stored file of at most `maxLines` lines whose trivial-line fraction is at
 * most ρ, when at most cTs trivial and sN other lines of C's file can be shared. Between the
 * breakpoints the ratio is a linear function over n + m, so monotone: the maximum lies at a
 * breakpoint within the range or at its end.
 */
export function trivialBandRatio(rho: number, n: number, cTs: number, sN: number, maxLines = Number.POSITIVE_INFINITY, minLines = 0): number {
  if (n <= 0 || cTs + sN <= 0 || maxLines <= 0 || maxLines < minLines) return 0;
  const h = (m: number) => (m <= 0 ? 0 : (2 * Math.min(Math.min(cTs, rho * m) + sN, n, m)) / (n + m));
  const points = [n, cTs + sN];
  if (rho > 0) points.push(cTs / rho, (n - sN) / rho);
  if (rho < 1) points.push(sN / (1 - rho));
  if (Number.isFinite(maxLines)) points.push(maxLines);
  if (minLines > 0) points.push(minLines);
  let best = 0;
  for (const m of points) if (Number.isFinite(m) && m > 0 && m >= minLines && m <= maxLines) best = Math.max(best, h(m));
  return Math.min(1, best);
}

/** C's side of a holder's shaped bound at one of C's paths (see {@link holderShapeBound}). */
export interface HolderBoundPath {
  path: string;
  hash: string;
  /** C's file here is a text file. */
  text: boolean;
  lines: number;
  /** C's lines here that a stored file sharing no probed line may still share (trivial / other). */
  skippedTrivial: number;
  skippedOther: number;
}

/**
 * Which holders of a popular file a store returns (CandidateStore.holders): those whose shaped
 * bound, rounded like a similarity, is at least `minSimilarity` — above it for ids below
 * `olderThan`, which lose a tie (relation.ts: ties go to the most recent) — and those listed in
 * `keep` (candidates already: their bound counts probed lines the store does not know of).
 */
export interface HolderFilter {
  paths: HolderBoundPath[];
  /** Stored files above this many lines have no postings: they may share any line. */
  postedLinesMax: number;
  minSimilarity: number;
  /** The best match's id: a holder below it must round above minSimilarity (none: no tie rule). */
  olderThan?: number;
  keep: readonly number[];
}

/** Raw (0–100, unrounded) lowest bound a store must keep for `filter` (a margin below its rounding point), for ids ≥ olderThan. */
export const holderFilterFloor = (filter: HolderFilter): number => filter.minSimilarity - 0.5 - 1e-6;

/** The same for ids below olderThan (they must round to at least minSimilarity + 1). */
export const holderFilterOlderFloor = (filter: HolderFilter): number => (filter.olderThan === undefined ? holderFilterFloor(filter) : filter.minSimilarity + 0.5 - 1e-6);

/** The floor that applies to holder `scanId`. */
export const holderFloorFor = (filter: HolderFilter, scanId: number): number =>
  filter.olderThan !== undefined && scanId < filter.olderThan ? holderFilterOlderFloor(filter) : holderFilterFloor(filter);

/**
 * Upper bound (raw 0–100) of the similarity of C and a stored scan that shares no probed line
 * with C, from its file count and its files at C's paths (hash, line and trivial counts): an
 * identical file counts 1; a changed text file at most 2·min(n, m, min(skippedTrivial, trivial)
 * + skippedOther)/(n + m) (any of C's lines when it has no postings); the rest 0. The same
 * expression runs in SQL (LineageRepository.holders); the search's shaped key equals it for
 * such a scan.
 */
export function holderShapeBound(
  paths: readonly HolderBoundPath[],
  postedLinesMax: number,
  holder: { fileCount: number; files: ReadonlyArray<{ path: string; hash: string; lineCount: number | null; trivialCount: number | null }> },
): number {
  const theirs = byPath(holder.files);
  let common = 0;
  let sum = 0;
  for (const p of paths) {
    const g = theirs.get(p.path);
    if (!g) continue;
    common++;
    if (g.hash === p.hash) sum += 1;
    else if (p.text && g.lineCount !== null && g.lineCount > 0) {
      const m = g.lineCount;
      const shared = m > postedLinesMax ? Math.min(p.lines, m) : Math.min(p.lines, m, Math.min(p.skippedTrivial, g.trivialCount ?? m) + p.skippedOther);
      if (shared > 0) sum += (2 * shared) / (p.lines + m);
    }
  }
  const union = paths.length + holder.fileCount - common;
  return union === 0 ? 100 : (100 * sum) / union;
}
