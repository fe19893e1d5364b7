/**
 * Candidate search for the compared scan without evaluating every earlier scan.
 *
 * ## What the app stores (per scan, written once at scan creation)
 * - `scan_files(scan_id, path, hash, line_count)`: line_count = splitLines(content).length for
 *   text files, NULL for binary files. Indexes: (hash, scan_id) and (path, hash).
 * - `scan_line_postings(scan_id, path, line_hash, cnt)`: for every text file, one row per
 *   distinct {@link lineHash} of its lines with its multiplicity (= {@link lineHashCounts}).
 *   line_hash is a bigint ({@link lineHashToInt64}). Index: (path, line_hash, scan_id).
 * - `scans.fingerprint` with an index (fingerprint, id).
 *
 * ## What the app queries when classifying scan C (earlier = id < C's id)
 * 1. Twin: `SELECT max(id) FROM scans WHERE fingerprint = $fp AND id < $c`. Found → `identical`
 *    (relationFor(twinId, null)); no candidate search needed.
 * 2. Candidates = every earlier scan that shares with C
 *    a) a (path, hash) pair (`(path, hash) IN (C's pairs)`, empty files included: an empty file
 *       at the same path counts 1), or
 *    b) a non-empty file hash at any path (`hash = ANY(C's hashes minus the empty-file hash)`:
 *       renamed files, rule 6), or
 *    c) a (path, line_hash) pair (`scan_line_postings` joined with C's (path, line_hash, cnt)).
 *    Any earlier scan outside this set has similarity 0 and no byte-identical file, so it can
 *    only ever give `new` (see relation.ts) — no need to look at it.
 * 3. For each candidate a {@link CandidateSummary}: its files (path, hash, line_count) and, per
 *    path that C also has, sharedLines = Σ over line hashes of min(C's cnt, candidate's cnt)
 *    (one GROUP BY scan_id, path over the join of step 2c; or {@link toCandidateSummary} from
 *    the stored counts).
 * 4. {@link selectBestMatch}(C's files, summaries, loadFull): evaluates candidates by decreasing
 *    upper bound and calls loadFull(scanId, paths) only for candidates whose bound can still
 *    win, and only for the changed text paths that need an exact LCS; it stops as soon as no
 *    remaining bound can beat the best exact match. Then relationFor(null, result.best).
 *
 * Optional truncation: if step 2 returns too many ids the app may keep only the top K by total
 * sharedLines (plus every scan sharing a file hash), and pass `restBound` = an upper bound on
 * the raw similarity of every dropped scan, from {@link restUpperBound} with
 * maxShared(path) = min(line count of C's file, total sharedLines of the K-th kept scan). When
 * the result says `complete: false` the dropped scans could still win: repeat without
 * truncation. Likewise a very frequent line hash (e.g. the empty line) may be left out of the
 * postings query, with maxShared(path) = C's count of such lines at that path.
 *
 * ## Why it is exact
 * LCS(a, b) ≤ Σ_h min(cnt_a(h), cnt_b(h)) (every matched pair of lines has equal hashes; a
 * hash collision only raises the right side), so per changed text path the ratio is at most
 * 2·min(shared, n, m)/(n + m), identical paths give exactly 1, the rest 0; with the exact path
 * union this bounds the similarity from above. Candidates are taken in decreasing order of the
 * rank key of relation.ts computed with the bound; the exact key never exceeds the bounded
 * one, so once the best exact key beats the next bounded key nothing later can win. Ties are
 * therefore decided exactly as the brute force does (candidates.spec.ts checks this on random
 * skill families).
 */
import { hash as oneShotHash } from 'node:crypto';
import { lcsLength, splitLines } from './lcs';
import { MODIFIED_THRESHOLD, ScanMatch, compareMatches } from './relation';
import {
  EMPTY_SHA256,
  FileSide,
  ONE,
  Ratio,
  ZERO,
  byPath,
  hasByteIdenticalFile,
  roundedPercent,
} from './similarity';

/** 16 lowercase hex chars: the first 8 bytes of the SHA-256 of the (normalised) line, UTF-8. */
export function lineHash(line: string): string {
  return oneShotHash('sha256', line, 'hex').slice(0, 16);
}

/** One {@link lineHash} per line of `content` (lcs.ts line model), in order. */
export function lineHashes(content: string): string[] {
  return splitLines(content).map(lineHash);
}

/** Multiset of line hashes: hash → number of lines with that hash. */
export function lineHashCounts(content: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of splitLines(content)) {
    const h = lineHash(line);
    counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  return counts;
}

/** A line hash as a signed 64-bit integer (PostgreSQL bigint). */
export function lineHashToInt64(hex: string): bigint {
  return BigInt.asIntN(64, BigInt('0x' + hex));
}

/** What the app stores per file (scan_files + scan_line_postings). */
export interface StoredFileSummary {
  path: string;
  hash: string;
  /** Number of lines; null for binary files. */
  lineCount: number | null;
  /** Line-hash multiset; null for binary files. */
  lineHashCounts: ReadonlyMap<string, number> | null;
}

export function summarizeFile(file: FileSide): StoredFileSummary {
  if (file.content === null) return { path: file.path, hash: file.hash, lineCount: null, lineHashCounts: null };
  const counts = lineHashCounts(file.content);
  let lineCount = 0;
  for (const c of counts.values()) lineCount += c;
  return { path: file.path, hash: file.hash, lineCount, lineHashCounts: counts };
}

export function summarizeScan(files: readonly FileSide[]): StoredFileSummary[] {
  return files.map(summarizeFile);
}

/** Σ_h min(x(h), y(h)). */
export function sharedLineCount(x: ReadonlyMap<string, number>, y: ReadonlyMap<string, number>): number {
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let shared = 0;
  for (const [h, c] of small) {
    const d = large.get(h);
    if (d !== undefined) shared += Math.min(c, d);
  }
  return shared;
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
  files: CandidateFile[];
}

/** Minimal per-file shape of the current scan used for bounds. */
export interface FileShape {
  path: string;
  hash: string;
  lineCount: number | null;
}

/** Builds a candidate summary from stored per-file summaries (what the SQL of step 3 computes). */
export function toCandidateSummary(
  current: readonly StoredFileSummary[],
  scanId: number,
  stored: readonly StoredFileSummary[],
): CandidateSummary {
  const cur = byPath(current);
  return {
    scanId,
    files: stored.map((f) => {
      const c = cur.get(f.path);
      const sharedLines = c && c.lineHashCounts && f.lineHashCounts ? sharedLineCount(c.lineHashCounts, f.lineHashCounts) : 0;
      return { path: f.path, hash: f.hash, lineCount: f.lineCount, sharedLines };
    }),
  };
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
  const union = new Set<string>([...cur.keys(), ...cand.keys()]);
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
  const byteIdentical = hasByteIdenticalFile(current, candidate.files);
  if (union.size === 0) return { scanId: candidate.scanId, similarity: 100, exact: true, byteIdentical, needsContent };
  if (needsContent.length === 0) {
    return { scanId: candidate.scanId, similarity: roundedPercent(exactRatios, union.size), exact: true, byteIdentical, needsContent };
  }
  const similarity = Math.min(100, Math.round((100 * sum) / union.size + 1e-7));
  return { scanId: candidate.scanId, similarity, exact: false, byteIdentical, needsContent };
}

/**
 * Upper bound (raw, 0–100, not rounded) of the similarity of any scan about which only this is
 * known: at each path of the current scan it shares at most maxShared(path) lines, and it has no
 * file with the same hash at that path unless mayBeIdentical(path).
 */
export function restUpperBound(
  current: readonly FileShape[],
  maxShared: (path: string) => number,
  mayBeIdentical: (path: string) => boolean = () => false,
): number {
  if (current.length === 0) return 0;
  let sum = 0;
  for (const f of current) {
    if (mayBeIdentical(f.path)) sum += 1;
    else if (f.lineCount !== null) {
      const c = Math.min(maxShared(f.path), f.lineCount);
      if (c > 0) sum += (2 * c) / (f.lineCount + c);
    }
  }
  return (100 * sum) / current.length;
}

export interface SelectOptions {
  /**
   * Upper bound on the raw similarity of every earlier scan that is NOT among the candidates
   * (see {@link restUpperBound}). Default: such scans share nothing (similarity 0).
   */
  restBound?: number;
  /** Whether scans not among the candidates may share a byte-identical file. Default false. */
  restMayShareFile?: boolean;
}

export interface SelectResult {
  /** Best exact match among the candidates by the rank key of relation.ts; null without candidates. */
  best: ScanMatch | null;
  /**
   * False when scans outside the candidates (per restBound / restMayShareFile) could change the
   * relation result: widen the candidate set and call again.
   */
  complete: boolean;
  /** Candidates whose content was loaded for an exact LCS. */
  loaded: number;
}

/** Files of scan `scanId` at (at least) `paths`, with content. May return more files. */
export type LoadFiles = (scanId: number, paths: string[]) => readonly FileSide[];

interface CurrentIndex {
  shapes: FileShape[];
  files: Map<string, FileSide>;
  lines: Map<string, string[]>;
}

function indexCurrent(current: readonly FileSide[]): CurrentIndex {
  const files = byPath(current);
  const lines = new Map<string, string[]>();
  const shapes: FileShape[] = [];
  for (const f of files.values()) {
    let lineCount: number | null = null;
    if (f.content !== null) {
      const l = splitLines(f.content);
      lines.set(f.path, l);
      lineCount = l.length;
    }
    shapes.push({ path: f.path, hash: f.hash, lineCount });
  }
  return { shapes, files, lines };
}

function orderByBound(index: CurrentIndex, candidates: readonly CandidateSummary[]): SimilarityBound[] {
  return candidates.map((c) => upperBound(index.shapes, c)).sort((x, y) => compareMatches(y, x));
}

function exactMatch(index: CurrentIndex, candidate: CandidateSummary, bound: SimilarityBound, loaded: readonly FileSide[]): ScanMatch {
  const got = byPath(loaded);
  const cand = byPath(candidate.files);
  const union = new Set<string>([...index.files.keys(), ...cand.keys()]);
  const need = new Set(bound.needsContent);
  const ratios: Ratio[] = [];
  for (const path of union) {
    const f = index.files.get(path);
    const g = cand.get(path);
    if (!f || !g) ratios.push(ZERO);
    else if (f.hash === g.hash) ratios.push(ONE);
    else if (!need.has(path)) {
      // Text pair with nothing shared (LCS 0), both empty (cannot differ), or a binary side.
      ratios.push(f.content !== null && g.lineCount !== null && (index.lines.get(path) as string[]).length + g.lineCount === 0 ? ONE : ZERO);
    } else {
      const other = got.get(path);
      if (!other || other.hash !== g.hash || other.content === null) {
        throw new Error(`loadFiles(${candidate.scanId}) did not return text content for ${path} with hash ${g.hash}`);
      }
      const a = index.lines.get(path) as string[];
      const b = splitLines(other.content);
      ratios.push({ num: 2 * lcsLength(a, b), den: a.length + b.length });
    }
  }
  return { scanId: candidate.scanId, similarity: roundedPercent(ratios, union.size), byteIdentical: bound.byteIdentical };
}

function finish(best: ScanMatch | null, loaded: number, options: SelectOptions): SelectResult {
  const restMayShareFile = options.restMayShareFile ?? false;
  if (options.restBound === undefined && !restMayShareFile) return { best, complete: true, loaded };
  const restSimilarity = Math.min(100, Math.round((options.restBound ?? 0) + 1e-7));
  const restKey: ScanMatch = { scanId: Number.POSITIVE_INFINITY, similarity: restSimilarity, byteIdentical: restMayShareFile };
  const beatsRest = best !== null && compareMatches(best, restKey) > 0;
  const restCannotModify = restSimilarity < MODIFIED_THRESHOLD && !restMayShareFile;
  const bestIsNew = best === null || (best.similarity < MODIFIED_THRESHOLD && !best.byteIdentical);
  return { best, complete: beatsRest || (restCannotModify && bestIsNew), loaded };
}

/**
 * Exact best match of `current` among `candidates` (distinct scan ids, all earlier than
 * `current`), evaluating as few as the bounds allow. Equal to taking the maximum of
 * matchScan(current, c) over all candidates by compareMatches.
 */
export function selectBestMatch(
  current: readonly FileSide[],
  candidates: readonly CandidateSummary[],
  loadFiles: LoadFiles,
  options: SelectOptions = {},
): SelectResult {
  const index = indexCurrent(current);
  const byId = new Map(candidates.map((c) => [c.scanId, c]));
  let best: ScanMatch | null = null;
  let loaded = 0;
  for (const bound of orderByBound(index, candidates)) {
    if (best && compareMatches(bound, best) < 0) break;
    let match: ScanMatch;
    if (bound.exact) match = { scanId: bound.scanId, similarity: bound.similarity, byteIdentical: bound.byteIdentical };
    else {
      loaded++;
      match = exactMatch(index, byId.get(bound.scanId) as CandidateSummary, bound, loadFiles(bound.scanId, bound.needsContent));
    }
    if (!best || compareMatches(match, best) > 0) best = match;
  }
  return finish(best, loaded, options);
}

/** Whether a stored scan qualifies as a candidate (step 2 of the module comment), for tests and the in-memory store. */
export function sharesAnything(current: readonly StoredFileSummary[], stored: readonly StoredFileSummary[]): boolean {
  const hashes = new Set<string>();
  for (const f of current) if (f.hash !== EMPTY_SHA256) hashes.add(f.hash);
  const cur = byPath(current);
  return stored.some((f) => {
    if (hashes.has(f.hash)) return true;
    const c = cur.get(f.path);
    if (!c) return false;
    if (c.hash === f.hash) return true;
    return !!(c.lineHashCounts && f.lineHashCounts && sharedLineCount(c.lineHashCounts, f.lineHashCounts) > 0);
  });
}
