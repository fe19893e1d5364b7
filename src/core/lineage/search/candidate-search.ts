/**
 * Finds the compared scan of a new scan C among the stored scans without reading every one of
 * them, and returns the same relation as the brute force `classifyRelation` of
 * src/core/lineage/relation.ts (rank key (similarity, byte-identical below 40, id)).
 *
 * The search never materialises a full list of scans. It works on four kinds of evidence,
 * each read through indexes (see {@link CandidateStore} and src/modules/lineage/lineage.repository.ts):
 * 1. **Token probes** — posting lists of C's (path, line hash) pairs, read only while they are
 *    short (at most `cap` rows; caps grow 8 → 64 → 1 024 → 16 384 → 262 144 only when needed),
 *    newest first: a longer list is known for its newest `cap` + 1 scans (the recency fence).
 *    A probed token is complete: every scan that has the line at that path (in a file with
 *    postings, see 3b) is now known. Lines the store knows to be frequent at a cap (its memo of
 *    earlier probes, `knownFrequent`) may be left unread at that cap — a skipped line only
 *    loosens bounds, so any such answer keeps the result exact; the last cap is always read.
 * 2. **File probes** — scans with a file of the same non-empty hash (any path: rule 6 and
 *    renames) and scans with the same empty file at a path of C, also capped.
 * 3. **Trivial-line band** — trivial lines (blank, `---`, fences, …; see line-stats.ts) are never
 *    probed by hash. A scan that shares no probed line can only score through skipped lines;
 *    the bound R(ρ) below says how similar it can be when at most a fraction ρ of each of its
 *    files is trivial, and one indexed query lists the few scans above the needed fraction
 *    (with their files' sizes there, which bound them at that path).
 * 3b. **Size band** — a stored file of m lines shares at most m lines: for a huge C one indexed
 *    query lists the few stored files large enough to matter, instead of probing every line.
 *    Stored files above `postedLinesMax` lines have no postings at all (line-stats.ts); they are
 *    bounded as sharing any line until a size query has made them candidates.
 * 4. **Candidate refinement** — for a known scan X the bound tightens step by step: loose
 *    (probe sums only) → shaped (X's paths, hashes, line and trivial counts) → counted (exact
 *    multiset intersection per path, from X's stored line sequences — or its postings where
 *    none is stored) → keyed (LCS of the line-key sequences: at least the line LCS, see
 *    line-stats.ts) → exact (line LCS of the changed text files' content).
 *
 * Bounds. Per text path p of C with n lines, a scan X that shares `partial` lines through
 * probed tokens shares at most partial + min(cTs, f_X) + sN lines, where cTs / sN are C's
 * skipped trivial / non-trivial lines at p and f_X is X's trivial line count there; the line
 * ratio is at most 2·min(shared, n, m)/(n + m) (LCS ≤ multiset intersection). Identical hashes
 * give 1, binary or missing files 0. Dividing by |paths(C)| ≤ |union| keeps every figure an
 * upper bound. Keys are compared with relation.ts's compareMatches, the bound of a scan being
 * rounded like the exact similarity, so the result is the exact maximum: evaluation follows
 * decreasing bound keys and stops when no remaining key can beat the best exact one (or, when
 * the best is `new`, when nothing remaining can reach 40 or share a file).
 *
 * Bounded work (see docs/decisions.md "Versions"): database rows read and LCS work units are
 * budgeted per classification. When a budget runs out the search stops and returns the best
 * exact match found so far (`exact: false`); an LCS that does not fit is replaced by the budgeted
 * Myers lower bound (bounded-lcs.ts). Realistic inputs never come near the budgets.
 */
import { splitLines } from '../lcs';
import { MODIFIED_THRESHOLD, compareMatches, relationFor, type RelationResult, type ScanMatch } from '../relation';
import { EMPTY_SHA256, ONE, ZERO, byPath, hasByteIdenticalFile, roundedPercent, type FileSide, type Ratio } from '../similarity';
import { boundedLcsLength, type WorkBudget } from './bounded-lcs';
import { trivialBandRatio, upperBound, type CandidateSummary, type FileShape, type HolderFilter, type SimilarityBound } from './bounds';
import type { BandRange, CandidateStore, FilePair, HolderIds, SizeRange, StoredShapeFile, TokenRef } from './candidate-store';
import { keyLcsLength, keyLcsWork, keysOf, prepareKeys, sequenceLength, type PreparedKeys } from './key-lcs';
import { POSTED_LINES_MAX, fileLineStats, type FileLineStats } from './line-stats';

export interface SearchLimits {
  /** Posting / file rows the search may read (probes, band, shapes, counts). */
  maxRows: number;
  /** LCS work units (see bounded-lcs.ts) for the exact line ratios. */
  maxLcsWork: number;
  /** Tokens looked up in the first probe; more are treated as skipped (bounded, still exact). */
  maxProbeTokens: number;
  /** Probe caps, one per escalation level. */
  caps: readonly number[];
  /** Candidates refined per database round trip, at most (the first trips take fewer). */
  chunk: number;
  /** Above this many scans in a band query, probe more tokens instead. */
  bandLimit: number;
  /** Variants / copies of a popular file read before its holders are handled as a group (see {@link PairState}). */
  pairCap: number;
  /**
   * Holders of a popular file read in the first round trip (then 4 ×, up to 64 ×): a small first
   * page yields a best match that settles most of the later pages on arrival.
   */
  holderPage: number;
  /** Holder ids a pair's membership walk reads at most (see {@link PairState.members}); the newest when there are more. */
  holderWalk: number;
  /**
   * Pairs with at most this many holders (a helper script of a few hundred skills, not a LICENSE
   * of thousands) have them listed by the pair probe itself: no walk of their own later.
   */
  smallPairWalk: number;
  /**
   * From this many skipped non-trivial distinct lines on (a huge file), the rest is first bounded
   * by file size — one indexed query for the few stored files large enough to matter — instead of
   * probing every line.
   */
  sizeBandFrom: number;
  /**
   * Stored text files with more lines than this have no postings (line-stats.ts
   * POSTED_LINES_MAX; the store must have been written with the same value).
   */
  postedLinesMax: number;
}

export const DEFAULT_SEARCH_LIMITS: SearchLimits = {
  maxRows: 400_000,
  maxLcsWork: 20_000_000,
  maxProbeTokens: 64,
  caps: [8, 64, 1_024, 16_384, 262_144],
  chunk: 128,
  bandLimit: 512,
  pairCap: 256,
  holderPage: 64,
  holderWalk: 262_144,
  smallPairWalk: 2_048,
  sizeBandFrom: 1_024,
  postedLinesMax: POSTED_LINES_MAX,
};

export interface SearchStats {
  /** false when a budget ran out: the result is the best match found so far. */
  exact: boolean;
  candidates: number;
  shaped: number;
  counted: number;
  contentLoads: number;
  rows: number;
  lcsWork: number;
  escalations: number;
  bandQueries: number;
  /** Holders of popular files read, and of those the ones whose bound settled them without further work. */
  holders: number;
  settledHolders: number;
  /** Candidates bounded by the LCS of their stored line-key sequences (no content read). */
  keyed: number;
}

export interface SearchResult {
  relation: RelationResult;
  best: ScanMatch | null;
  stats: SearchStats;
}

// ---------------------------------------------------------------------------------------

interface TokenState extends TokenRef {
  trivial: boolean;
  /** Index into caps of the last probe that found it frequent; -1 never probed; Infinity probed. */
  level: number;
  /** While frequent: every scan with id ≥ fence that has this line is a candidate. */
  fence: number | null;
}

interface PathState {
  path: string;
  hash: string;
  kind: 'text' | 'empty' | 'binary';
  lines: number;
  /** C's trivial / other line counts here (what a stored file without postings may share). */
  trivialLines: number;
  otherLines: number;
  tokens: TokenState[];
  /** Skipped trivial / non-trivial line counts (C's multiplicities). */
  skippedTrivial: number;
  skippedOther: number;
  /** Skipped trivial / non-trivial counts of fenced tokens (see {@link Search.fence}). */
  fencedTrivial: number;
  fencedOther: number;
  /** For empty / binary files: whether the (path, hash) pair has been probed. */
  fileProbed: boolean;
  fileLevel: number;
  /**
   * Trivial band of this path: every stored scan whose file here has a trivial fraction of at
   * least band/1000 is a candidate. 1001: no band query yet.
   */
  band: number;
  /** C's file here is a popular pair handled by holder groups: its lines are never probed. */
  pair: PairState | null;
  /**
   * Size band of this path: every stored scan whose text file here has at least `size` lines is
   * a candidate (Infinity: no size query yet), so the rest's files here are smaller.
   */
  size: number;
  /** C's line sequence (line-stats.ts); null for binary files. */
  sequence: Uint8Array | null;
  /** It prepared for key bounds (key-lcs.ts) on first use; null when it cannot be. */
  keys?: PreparedKeys | null;
}

/**
 * A file of C that many stored scans hold byte for byte (a LICENSE, a shared helper script).
 * Its variants at the same path and its copies at other paths are few and all candidates, so
 * a stored scan outside the candidates either holds the file here (ratio exactly 1) or has no
 * file at this path (ratio 0). The holders are read newest first, a page at a time, with their
 * file counts and their files at C's paths, which is what their shaped bound needs; a holder
 * whose bound cannot matter is settled on the spot, the others become candidates. Holders not
 * read yet have ids below `before`, and share one group bound. The same holds for the
 * candidates: once one index walk has listed the holders' ids ({@link Search.learnHolders}), a
 * loose candidate that is neither among them nor a variant counts 0 at this path, not a line
 * bound — most loose candidates of a catalogue skill then need no shape read.
 */
interface PairState {
  path: string;
  hash: string;
  /** Every holder with id ≥ before has been read. */
  before: number;
  /** Holder pages read so far (their size doubles). */
  pages: number;
  /**
   * The holders' ids, ascending, from one index walk ({@link Search.learnHolders}): a candidate
   * with id ≥ membersFrom that is not among them, nor a variant, has no file at the pair's path.
   * null until walked (membersFrom then Infinity).
   */
  members: number[] | null;
  membersFrom: number;
}

const enum Stage {
  Loose = 0,
  Shaped = 1,
  Counted = 2,
  Done = 3,
}

interface Candidate {
  id: number;
  partial: Map<string, number>;
  /**
   * Line / trivial counts of the candidate's text files at paths where it shares a probed line or
   * where a band query returned it (elsewhere its file's trivial fraction is below the band).
   */
  fileStats: Map<string, { lines: number; trivial: number }>;
  /** Returned by a size query (its files may be large). */
  inSize: boolean;
  /** Empty / binary paths of C where the candidate has the same file (from file probes). */
  sameFile: Set<string>;
  /** Pair paths where it has a file with another hash (a variant, from the pair probe). */
  variantAt?: Set<string>;
  flagged: boolean;
  stage: Stage;
  /** Its files (all, or with fileCount set, those at C's paths). */
  files?: StoredShapeFile[];
  /** Stored line sequences of its changed text files at C's paths (null: none stored). */
  sequences?: Map<string, Uint8Array | null>;
  /** LCS of those keys with C's (key-lcs.ts), per path. */
  keyLcs?: Map<string, number>;
  fileCount?: number;
  bound?: SimilarityBound;
  key: ScanMatch;
}

const EPS = 1e-7;
const toKey = (scanId: number, raw: number, byteIdentical: boolean): ScanMatch => ({
  scanId,
  similarity: Math.min(100, Math.max(0, Math.round(raw + EPS))),
  byteIdentical,
});
/** Trivial fraction below which every stored file at this path is known (outside the band). */
/**
 * Before the holders of a popular file are read, C's non-trivial lines are probed up to this
 * level of `caps` (see {@link Search.beforeHolders}).
 */
const HOLDER_TOKEN_LEVEL = 1;
/** Candidates shaped on the first round trip of the shape stage (then doubling up to `chunk`). */
const SHAPES_FIRST = 32;
const bandRho = (p: { band: number }) => Math.min(1, p.band / 1000);
const isNew = (m: ScanMatch | null) => m === null || (m.similarity < MODIFIED_THRESHOLD && !m.byteIdentical);

class Search {
  private readonly paths: PathState[];
  private readonly byPathState: Map<string, PathState>;
  private readonly shapes: FileShape[];
  private readonly currentFiles: Map<string, FileSide>;
  private readonly currentLines = new Map<string, string[]>();
  private readonly hashes: Map<string, number>; // non-empty hash → level (-1 never, Infinity probed)
  private readonly candidates = new Map<number, Candidate>();
  /** Holders whose bound could not matter when read (see {@link readHolders}). */
  private readonly settled = new Set<number>();
  /** Whether the size band was tried (once per search: see {@link SearchLimits.sizeBandFrom}). */
  private sizeTried = false;
  /** Whether the stored files without postings were looked up (once: see {@link unposted}). */
  private unpostedTried = false;
  private best: ScanMatch | null = null;
  /**
   * Recency fence: the largest fence of the frequent tokens (-Infinity when none). A scan with
   * id ≥ fence that is not a candidate shares no probed line, frequent or not, so the rest
   * splits in two: scans below the fence (bounded as if the frequent lines were skipped, and
   * losing ties to any candidate at or above it) and scans at or above it (bounded by the lines
   * never probed only). A family of thousands of near-identical versions is then decided by its
   * newest members without reading every posting.
   */
  private fence = Number.NEGATIVE_INFINITY;
  private rowsLeft: number;
  /** Round trips per refinement stage so far (their batch size grows with them). */
  private readonly roundTrips: number[] = [];
  private readonly lcs: WorkBudget;
  readonly stats: SearchStats = {
    exact: true,
    candidates: 0,
    shaped: 0,
    counted: 0,
    contentLoads: 0,
    rows: 0,
    lcsWork: 0,
    escalations: 0,
    bandQueries: 0,
    holders: 0,
    settledHolders: 0,
    keyed: 0,
  };

  constructor(
    current: readonly FileSide[],
    private readonly store: CandidateStore,
    private readonly limits: SearchLimits,
    stats?: readonly FileLineStats[],
  ) {
    this.currentFiles = byPath(current);
    const lineStats = byPath(stats ?? [...this.currentFiles.values()].map(fileLineStats));
    this.paths = [];
    this.shapes = [];
    this.hashes = new Map();
    for (const f of this.currentFiles.values()) {
      const s = lineStats.get(f.path) as FileLineStats;
      const kind = f.content === null ? 'binary' : (s.lineCount ?? 0) === 0 ? 'empty' : 'text';
      const tokens: TokenState[] = s.tokens.map((t) => ({ path: f.path, hash: t.hash, count: t.count, trivial: t.trivial, level: -1, fence: null }));
      let skippedTrivial = 0;
      let skippedOther = 0;
      for (const t of tokens) {
        if (t.trivial) skippedTrivial += t.count;
        else skippedOther += t.count;
      }
      this.paths.push({
        path: f.path,
        hash: f.hash,
        kind,
        lines: s.lineCount ?? 0,
        trivialLines: skippedTrivial,
        otherLines: skippedOther,
        tokens,
        skippedTrivial,
        skippedOther,
        fencedTrivial: 0,
        fencedOther: 0,
        fileProbed: kind === 'text',
        fileLevel: kind === 'text' ? Infinity : -1,
        band: 1001,
        pair: null,
        size: Number.POSITIVE_INFINITY,
        sequence: s.sequence,
      });
      this.shapes.push({ path: f.path, hash: f.hash, lineCount: s.lineCount });
      if (f.hash !== EMPTY_SHA256) this.hashes.set(f.hash, -1);
    }
    this.byPathState = new Map(this.paths.map((p) => [p.path, p]));
    this.rowsLeft = limits.maxRows;
    this.lcs = { left: limits.maxLcsWork };
  }

  async run(): Promise<SearchResult> {
    if (this.paths.length > 0) {
      await this.probeFileLevel(0);
      await this.probePairs();
      const other = this.probeable().filter((t) => !t.trivial);
      // With a popular pair its holders are read, and before that every non-trivial line of C is
      // probed up to HOLDER_TOKEN_LEVEL ({@link beforeHolders}): one probe at that cap now instead
      // of three (the first 64 lines, the rest, then the frequent ones again at the higher cap).
      const holderLevel = Math.min(HOLDER_TOKEN_LEVEL, this.limits.caps.length - 1);
      const pairs = this.paths.some((p) => p.pair);
      if (!pairs || holderLevel === 0 || !(await this.probeTokenLevel(holderLevel, this.unlessKnownFrequent(other, holderLevel), Infinity))) {
        await this.probeTokenLevel(0, other, this.limits.maxProbeTokens);
      }
      await this.loop();
    }
    this.stats.candidates = this.candidates.size + this.settled.size;
    this.stats.rows = this.limits.maxRows - this.rowsLeft;
    this.stats.lcsWork = this.limits.maxLcsWork - this.lcs.left;
    return { relation: relationFor(null, this.best), best: this.best, stats: this.stats };
  }

  // ---- bounds -------------------------------------------------------------------------

  private get restMayShareFile(): boolean {
    for (const level of this.hashes.values()) if (level !== Infinity) return true;
    return false;
  }

  /**
   * Upper bound (raw 0–100) for scans outside the candidates, given that their file at each text
   * path p has a trivial fraction below rho(p). `aboveFence`: only for scans with id ≥ the fence.
   */
  private restBound(rho: (p: PathState) => number = bandRho, aboveFence = false, size: (p: PathState) => number = (p) => p.size): number {
    let sum = 0;
    for (const p of this.paths) {
      if (p.pair) continue; // outside the candidates only its holders have a file here (their groups)
      if (p.kind === 'text') sum += this.pathBound(p, rho(p), aboveFence, size(p) - 1);
      else if (!p.fileProbed) sum += 1;
    }
    return (100 * sum) / this.paths.length;
  }

  /** Pairs whose holders have not all been read. */
  private openPairs(): PairState[] {
    const open: PairState[] = [];
    for (const p of this.paths) if (p.pair && p.pair.before > Number.NEGATIVE_INFINITY) open.push(p.pair);
    return open;
  }

  /**
   * Bound key of the unread holders of `pair` outside the candidates: the rest bound plus 1 for
   * every pair whose holders are not all read (such a scan may hold those files too); ids below
   * `before`; byte-identical.
   */
  private groupKey(pair: PairState, open: readonly PairState[]): ScanMatch {
    return toKey(pair.before - 1, this.restBound() + (100 * open.length) / this.paths.length, true);
  }

  /**
   * `maxLines`: the stored file here has at most that many lines (the size band). A file with
   * postings shares at most the skipped lines; a larger one (no postings) any of C's lines.
   */
  private pathBound(p: PathState, rho: number, aboveFence = false, maxLines = p.size - 1): number {
    const posted = Math.min(maxLines, this.limits.postedLinesMax);
    const indexed = aboveFence
      ? trivialBandRatio(rho, p.lines, p.skippedTrivial - p.fencedTrivial, p.skippedOther - p.fencedOther, posted)
      : trivialBandRatio(rho, p.lines, p.skippedTrivial, p.skippedOther, posted);
    if (maxLines <= this.limits.postedLinesMax) return indexed;
    return Math.max(indexed, trivialBandRatio(rho, p.lines, p.trivialLines, p.otherLines, maxLines, this.limits.postedLinesMax + 1));
  }

  /**
   * Lines a stored text file of `lines` lines (`trivial` of them trivial) at p can share with C's
   * file, at most, when `partial` probed lines are known shared: the probed ones plus whatever
   * was skipped — or, for a file without postings, any line.
   */
  private sharedBound(p: PathState, lines: number, trivial: number, partial: number): number {
    if (lines > this.limits.postedLinesMax) return Math.min(p.lines, lines);
    return Math.min(p.lines, lines, partial + Math.min(p.skippedTrivial, trivial) + p.skippedOther);
  }

  /** Bound keys of the rest: below the fence (if any) and at or above it. */
  private restKeys(): ScanMatch[] {
    const may = this.restMayShareFile;
    const above = toKey(Number.POSITIVE_INFINITY, this.restBound(bandRho, true), may);
    return this.fence === Number.NEGATIVE_INFINITY ? [above] : [above, toKey(this.fence - 1, this.restBound(), may)];
  }

  /** Recomputes the fence and the fenced counts after a token probe. */
  private updateFence(): void {
    let fence = Number.NEGATIVE_INFINITY;
    for (const p of this.paths) {
      p.fencedTrivial = 0;
      p.fencedOther = 0;
      for (const t of p.tokens) {
        if (t.level === Infinity || t.fence === null) continue;
        fence = Math.max(fence, t.fence);
        if (t.trivial) p.fencedTrivial += t.count;
        else p.fencedOther += t.count;
      }
    }
    this.fence = fence;
  }

  /**
   * Bound from the probes alone: at a path where the candidate shares probed lines its file size
   * or the band returned it is known (line-count bound); elsewhere it can only share skipped lines,
   * bounded like the rest (its file there is below the band's trivial fraction).
   */
  private looseKey(c: Candidate): ScanMatch {
    let sum = 0;
    for (const p of this.paths) {
      if (p.pair && this.noFileAt(c, p.pair)) continue; // ratio 0 here, whatever its lines
      if (p.kind === 'text') {
        const stats = c.fileStats.get(p.path);
        if (stats) {
          const s = this.sharedBound(p, stats.lines, stats.trivial, c.partial.get(p.path) ?? 0);
          if (s > 0) sum += (2 * s) / (p.lines + stats.lines);
        } else sum += this.pathBound(p, bandRho(p), c.id >= this.fence, c.inSize ? Number.POSITIVE_INFINITY : p.size - 1);
      } else if (p.pair || c.sameFile.has(p.path) || !p.fileProbed) sum += 1; // a candidate may hold a pair's file
    }
    return toKey(c.id, (100 * sum) / this.paths.length, c.flagged || this.restMayShareFile || this.mayBeUnreadHolder(c));
  }

  /**
   * Whether scan `id` may hold the file of a pair whose holders have not all been read (its id is
   * below the pair's `before`): then it may share that file byte for byte, whatever else is known
   * of it. (The pair's hash counts as probed once it became a pair, so `restMayShareFile` does
   * not cover these scans, and a candidate found by other evidence is no group member either.)
   */
  private mayBeUnreadHolder(c: Candidate): boolean {
    for (const p of this.paths) if (p.pair && c.id < p.pair.before && !this.noFileAt(c, p.pair)) return true;
    return false;
  }

  /**
   * Whether candidate c is known to have no file at the pair's path: the holder walk covers its
   * id and does not list it, and it is no variant (every variant is listed by the pair probe).
   * Its ratio there is then 0, which its loose key may use instead of a line bound.
   */
  private noFileAt(c: Candidate, pair: PairState): boolean {
    if (pair.members === null || c.id < pair.membersFrom || c.variantAt?.has(pair.path)) return false;
    return !sortedIncludes(pair.members, c.id);
  }

  private shapedKey(c: Candidate): ScanMatch {
    const files = c.files as StoredShapeFile[];
    const theirs = byPath(files);
    let common = 0;
    for (const f of files) if (this.byPathState.has(f.path)) common++;
    const union = this.paths.length + (c.fileCount ?? files.length) - common;
    let sum = 0;
    for (const p of this.paths) {
      const g = theirs.get(p.path);
      if (!g) continue;
      if (g.hash === p.hash) sum += 1;
      else if (p.kind === 'text' && g.lineCount !== null && g.lineCount > 0) {
        const s = this.sharedBound(p, g.lineCount, g.trivialCount ?? g.lineCount, c.partial.get(p.path) ?? 0);
        if (s > 0) sum += (2 * s) / (p.lines + g.lineCount);
      }
    }
    return toKey(c.id, union === 0 ? 100 : (100 * sum) / union, c.flagged || hasByteIdenticalFile(this.shapes, files));
  }

  private rekey(c: Candidate): void {
    if (c.stage === Stage.Loose) c.key = this.looseKey(c);
    else if (c.stage === Stage.Shaped) c.key = this.shapedKey(c);
  }

  // ---- main loop ----------------------------------------------------------------------

  /**
   * Whether an item with this bound key could still change the result: it must rank above the
   * best; while the best is `new` it must also be able to make the relation `modified` (an item
   * that can reach neither 40 nor a shared file matters only once the best is `modified`).
   */
  private relevant(key: ScanMatch): boolean {
    const above = this.best === null || compareMatches(key, this.best) > 0;
    if (isNew(this.best)) return above && (key.similarity >= MODIFIED_THRESHOLD || key.byteIdentical);
    return above;
  }

  private async loop(): Promise<void> {
    for (let step = 0; ; step++) {
      if (step > 10_000) {
        // Defensive: every step refines a candidate or shrinks the rest, so this is unreachable.
        this.stats.exact = false;
        return;
      }
      let top: Candidate | null = null;
      for (const c of this.candidates.values()) {
        if (c.stage === Stage.Done || !this.relevant(c.key)) continue;
        if (!top || compareMatches(c.key, top.key) > 0) top = c;
      }
      const beats = (key: ScanMatch) => this.relevant(key) && (!top || compareMatches(key, top.key) > 0);
      const open = this.openPairs();
      // Unread holders wait while a candidate is pending (after a group's first page): the best
      // found meanwhile settles most of the next page on arrival. Groups take turns, page for
      // page: the smallest is read to its end first, and once it is, every other group's bound
      // drops by one file (its holders no longer may hold that one too).
      let group: PairState | null = null;
      for (const pair of open) {
        if ((top && pair.pages > 0) || !beats(this.groupKey(pair, open))) continue;
        if (!group || pair.pages < group.pages) group = pair;
      }
      const restRelevant = this.restKeys().some(beats);
      if (!top && !restRelevant && !group) return;
      const progressed = group
        ? await this.beforeHolders(group)
        : restRelevant
          ? await this.refineRest()
          : await this.refineCandidate(top as Candidate);
      if (!progressed) {
        this.stats.exact = false;
        return;
      }
    }
  }

  private async refineCandidate(top: Candidate): Promise<boolean> {
    if (top.stage === Stage.Loose) {
      // The first batch of shapes usually finds a real predecessor; when loose candidates still
      // matter after it, the holder walk of each pair tells the many that hold no such file (a
      // LICENSE in a third of all skills) — their loose keys drop by a whole path, no shape read.
      if ((this.roundTrips[Stage.Loose] ?? 0) > 0 && this.paths.some((p) => p.pair && p.pair.members === null)) return this.learnHolders();
      return this.fetchShapes();
    }
    if (top.stage === Stage.Shaped) return this.fetchCounts();
    return this.evaluateBatch();
  }

  /**
   * Candidates of a stage in decreasing key order that can still beat the best: 4 on the first
   * round trip of the stage, doubling up to `chunk` (the top few usually decide).
   */
  private topOfStage(stage: Stage, first = 4): Candidate[] {
    const list = [...this.candidates.values()].filter((c) => c.stage === stage && this.relevant(c.key));
    list.sort((x, y) => compareMatches(y.key, x.key));
    const trips = (this.roundTrips[stage] = (this.roundTrips[stage] ?? 0) + 1);
    return list.slice(0, Math.min(this.limits.chunk, first * 2 ** (trips - 1)));
  }

  private async fetchShapes(): Promise<boolean> {
    // A shape is one primary-key range (a few rows): 32 at first, not 4 — a search with hundreds
    // of loose candidates (a LICENSE holder's lines are everywhere) then takes 3 round trips for
    // them instead of 6, for at most a few dozen rows more when the top few decide.
    const batch = this.topOfStage(Stage.Loose, SHAPES_FIRST);
    if (!this.spend(batch.length * Math.max(1, this.paths.length))) return false;
    const shapes = await this.store.shapes(batch.map((c) => c.id));
    for (const c of batch) {
      c.files = shapes.get(c.id) ?? [];
      c.stage = Stage.Shaped;
      c.key = this.shapedKey(c);
      this.stats.shaped++;
    }
    return true;
  }

  private async fetchCounts(): Promise<boolean> {
    const batch = this.topOfStage(Stage.Shaped);
    // Shared lines matter only at C's text paths where the candidate has a text file with another
    // hash (an identical file counts 1, whatever its lines): a holder of C's LICENSE needs none of
    // the LICENSE's lines. Where the candidate's line keys are stored, their LCS with C's (one
    // pass per stored line, key-lcs.ts) bounds the line LCS, tighter than any count; elsewhere its
    // postings are counted (candidates needing the same paths in one query).
    const skippedAt = new Map<string, TokenRef[]>();
    for (const p of this.paths) {
      if (p.kind !== 'text') continue;
      const skipped = p.tokens.filter((t) => t.level !== Infinity);
      if (skipped.length > 0) skippedAt.set(p.path, skipped);
    }
    const changed = new Map<Candidate, string[]>();
    const unread: Array<{ scanId: number; paths: string[] }> = [];
    // Rows: one per sequence read here (those a holder page brought along were paid for with the
    // page), and below the lookups of the paths that must be counted from postings.
    let sequenceRows = 0;
    for (const c of batch) {
      const paths: string[] = [];
      for (const f of c.files as StoredShapeFile[]) {
        const p = this.byPathState.get(f.path);
        if (!p || p.kind !== 'text' || f.hash === p.hash || f.lineCount === null || f.lineCount === 0 || f.lineCount > this.limits.postedLinesMax) continue;
        paths.push(f.path);
      }
      if (paths.length === 0) continue;
      changed.set(c, paths);
      const missing = paths.filter((path) => !c.sequences?.has(path));
      if (missing.length > 0) unread.push({ scanId: c.id, paths: missing });
      sequenceRows += missing.length;
    }
    if (!this.spend(sequenceRows)) return false;
    if (unread.length > 0) {
      for (const r of await this.store.lineSequences(unread)) {
        const c = this.candidates.get(r.scanId) as Candidate;
        (c.sequences ??= new Map()).set(r.path, r.sequence);
      }
    }
    const groups = new Map<string, { paths: string[]; ids: number[] }>();
    let countRows = 0;
    for (const [c, paths] of changed) {
      const counted: string[] = [];
      const theirs = byPath(c.files as StoredShapeFile[]);
      for (const path of paths) {
        const lcs = this.keyLcs(c, path);
        if (lcs !== null) (c.keyLcs ??= new Map()).set(path, lcs);
        else if (skippedAt.has(path)) {
          counted.push(path);
          // One lookup per skipped token or one range read of its postings here, whichever the
          // store takes; counted as the smaller of the two, at least 1.
          countRows += Math.max(1, Math.min(theirs.get(path)?.lineCount ?? 0, skippedAt.get(path)?.length ?? 0));
        }
      }
      if (c.keyLcs) this.stats.keyed++;
      if (counted.length === 0) continue;
      const key = counted.join('\u0000');
      const group = groups.get(key) ?? { paths: counted, ids: [] };
      group.ids.push(c.id);
      groups.set(key, group);
    }
    if (!this.spend(countRows)) return false;
    const extraBy = new Map<number, Map<string, number>>();
    for (const group of groups.values()) {
      const tokens = group.paths.flatMap((path) => skippedAt.get(path) as TokenRef[]);
      for (const e of await this.store.sharedCounts(group.ids, tokens)) {
        let extra = extraBy.get(e.scanId);
        if (!extra) extraBy.set(e.scanId, (extra = new Map()));
        extra.set(e.path, e.shared);
      }
    }
    for (const c of batch) {
      const extra = extraBy.get(c.id);
      const summary: CandidateSummary = {
        scanId: c.id,
        fileCount: c.fileCount,
        byteIdentical: c.flagged || undefined,
        files: (c.files as StoredShapeFile[]).map((f) => {
          let sharedLines: number;
          if (!this.byPathState.has(f.path)) sharedLines = 0;
          else if (f.lineCount !== null && f.lineCount > this.limits.postedLinesMax) {
            sharedLines = f.lineCount; // no postings: any line may be shared (upperBound takes the min with both sizes)
          } else {
            // The probes are complete where no token of C was skipped.
            const counted = skippedAt.has(f.path) ? Number.POSITIVE_INFINITY : (c.partial.get(f.path) ?? 0);
            const lcs = c.keyLcs?.get(f.path);
            sharedLines = lcs !== undefined ? Math.min(lcs, counted) : Math.min(counted, (c.partial.get(f.path) ?? 0) + (extra?.get(f.path) ?? 0));
          }
          return { path: f.path, hash: f.hash, lineCount: f.lineCount, sharedLines };
        }),
      };
      c.bound = upperBound(this.shapes, summary);
      c.key = { scanId: c.id, similarity: c.bound.similarity, byteIdentical: c.bound.byteIdentical };
      c.stage = Stage.Counted;
      this.stats.counted++;
    }
    return true;
  }

  /**
   * LCS of C's line keys at `path` and the candidate's stored ones (at least the line LCS), when
   * they are stored and the work fits the LCS budget; else null.
   */
  private keyLcs(c: Candidate, path: string): number | null {
    const p = this.byPathState.get(path) as PathState;
    if (p.keys === undefined) p.keys = p.sequence ? prepareKeys(keysOf(p.sequence)) : null;
    const keys = p.keys;
    const theirs = c.sequences?.get(path);
    if (!keys || !theirs) return null;
    const work = keyLcsWork(keys, sequenceLength(theirs));
    if (work > this.lcs.left) return null;
    this.lcs.left -= work;
    return keyLcsLength(keys, theirs);
  }

  /**
   * Exact similarity of the top counted candidates: 1 on the first round trip (the top one
   * usually decides), doubling up to `chunk` (holders of a popular file can be many that tie
   * closely); their contents come in one query.
   */
  private async evaluateBatch(): Promise<boolean> {
    const batch = this.topOfStage(Stage.Counted, 1);
    const needs = batch.filter((c) => !(c.bound as SimilarityBound).exact);
    const loaded = needs.length > 0 ? await this.store.loadFiles(needs.map((c) => ({ scanId: c.id, paths: (c.bound as SimilarityBound).needsContent }))) : new Map<number, FileSide[]>();
    for (const c of batch) this.evaluate(c, loaded.get(c.id) ?? []);
    return true;
  }

  /** similarity.ts's similarity of C and candidate c, with `changed` giving the ratio of a path in needsContent. */
  private similarityOf(c: Candidate, changed: (path: string) => Ratio): number {
    const bound = c.bound as SimilarityBound;
    const theirs = byPath(c.files as StoredShapeFile[]);
    let common = 0;
    for (const path of theirs.keys()) if (this.currentFiles.has(path)) common++;
    // Paths on one side only count 0: only C's paths need a look.
    const unionSize = this.currentFiles.size + (c.fileCount ?? theirs.size) - common;
    const need = new Set(bound.needsContent);
    const ratios: Ratio[] = [];
    for (const [path, f] of this.currentFiles) {
      const g = theirs.get(path);
      if (!g) ratios.push(ZERO);
      else if (f.hash === g.hash) ratios.push(ONE);
      else if (!need.has(path)) {
        const p = this.byPathState.get(path) as PathState;
        ratios.push(f.content !== null && g.lineCount !== null && p.lines + g.lineCount === 0 ? ONE : ZERO);
      } else ratios.push(changed(path));
    }
    return unionSize === 0 ? 100 : roundedPercent(ratios, unionSize);
  }

  private evaluate(c: Candidate, contents: readonly FileSide[]): void {
    const bound = c.bound as SimilarityBound;
    let match: ScanMatch;
    if (bound.exact) match = c.key;
    else {
      this.stats.contentLoads++;
      const loaded = byPath(contents);
      const theirs = byPath(c.files as StoredShapeFile[]);
      let exact = true;
      const similarity = this.similarityOf(c, (path) => {
        const g = theirs.get(path) as StoredShapeFile;
        const other = loaded.get(path);
        if (!other || other.hash !== g.hash || other.content === null) {
          throw new Error(`lineage: stored content of scan ${c.id} at ${path} is missing`);
        }
        const a = this.linesOf(path);
        const b = splitLines(other.content);
        const lcs = boundedLcsLength(a, b, this.lcs);
        if (!lcs.exact) exact = false;
        return { num: 2 * lcs.length, den: a.length + b.length };
      });
      if (!exact) this.stats.exact = false;
      match = { scanId: c.id, similarity, byteIdentical: bound.byteIdentical };
    }
    c.stage = Stage.Done;
    c.key = match;
    if (!this.best || compareMatches(match, this.best) > 0) this.best = match;
  }

  private linesOf(path: string): string[] {
    let lines = this.currentLines.get(path);
    if (!lines) {
      lines = splitLines(this.currentFiles.get(path)?.content ?? '');
      this.currentLines.set(path, lines);
    }
    return lines;
  }

  // ---- shrinking the rest -------------------------------------------------------------

  private async refineRest(): Promise<boolean> {
    const best = this.best;
    const wantsNoFile = isNew(best);
    if (wantsNoFile && this.restMayShareFile) return this.escalate('files');
    const target = wantsNoFile ? MODIFIED_THRESHOLD : (best as ScanMatch).similarity;
    const need = target - 0.5 - 1e-6;
    const text = this.paths.filter((p) => p.kind === 'text' && !p.pair);
    if (!this.unpostedTried && (await this.unposted(text))) return true;
    if (!this.sizeTried && text.length > 0 && this.pendingOther() >= this.limits.sizeBandFrom) {
      this.sizeTried = true;
      if (await this.sizeBand(text, need)) return true;
    }
    if (text.length === 0 || this.restBound(() => 0) >= need) return this.escalate('bound');
    const thresholds = this.bandThresholds(text, need);
    if (!thresholds) return this.escalate('bound');
    const ranges: BandRange[] = [];
    for (const p of text) {
      const t = thresholds.get(p) as number;
      if (t < p.band) ranges.push({ path: p.path, minPermille: t, belowPermille: p.band > 1000 ? null : p.band });
    }
    if (ranges.length === 0) return this.escalate('bound');
    const canEscalate = this.canEscalate();
    // The band may list more scans when the probe it would fall back to reads far more posting
    // rows (lines in nearly every skill — a shebang, `set -euo pipefail` — at a cap of 16 384:
    // 20 such lines are 327 000 rows, while the band's extra scans cost a few rows each).
    const limit = canEscalate ? Math.max(this.limits.bandLimit, Math.floor(this.nextTokenProbeRows() / 16)) : this.limits.bandLimit * 16;
    const reserved = Math.min(limit, this.rowsLeft);
    if (!this.spend(reserved)) return false;
    this.stats.bandQueries++;
    const hits = await this.store.band(ranges, limit + 1);
    this.rowsLeft += reserved - Math.min(reserved, hits.length); // only the rows read count
    if (new Set(hits.map((h) => h.scanId)).size > limit) return canEscalate ? this.escalate('bound') : false;
    for (const p of text) p.band = thresholds.get(p) as number;
    for (const h of hits) {
      const c = this.addCandidate(h.scanId);
      // Its file here is known: its loose key takes the file's own size, not the band's fraction.
      if (c.stage === Stage.Loose && !c.fileStats.has(h.path)) c.fileStats.set(h.path, { lines: h.lines, trivial: h.trivial });
    }
    this.rekeyAll();
    return true;
  }

  /** Distinct non-trivial lines of C not probed to completion (at paths line probes may look up). */
  private pendingOther(): number {
    let n = 0;
    for (const p of this.paths) if (!p.pair) for (const t of p.tokens) if (!t.trivial && t.level !== Infinity) n++;
    return n;
  }

  /**
   * Stored files without postings (more than postedLinesMax lines) are bounded as sharing any of
   * C's lines; when that part of the rest bound matters, they (few: huge files) become
   * candidates through one size query, and the rest's files are then all posted.
   */
  private async unposted(text: PathState[]): Promise<boolean> {
    const posted = this.limits.postedLinesMax + 1;
    const open = text.filter((p) => p.size > posted);
    if (open.length === 0 || this.restBound() <= this.restBound(bandRho, false, (p) => Math.min(p.size, posted))) return false;
    this.unpostedTried = true;
    const limit = Math.max(1_024, this.limits.bandLimit * 16);
    if (!this.spend(Math.min(limit + 1, this.rowsLeft))) return false;
    this.stats.bandQueries++;
    const ids = await this.store.large(open.map((p) => ({ path: p.path, minLines: posted, belowLines: Number.isFinite(p.size) ? p.size : null })), limit + 1);
    if (ids.length > limit) return false;
    for (const p of open) p.size = posted;
    for (const id of ids) this.addCandidate(id).inSize = true;
    this.rekeyAll();
    return true;
  }

  /**
   * The size band: the largest per-path line counts M (a common fraction of each path's own
   * length) for which the rest's bound, its files at each path having fewer than M lines, stays
   * below `need`; if the stored files at or above M are few, they become candidates. Decides a
   * huge paste by the few stored files of comparable size instead of probing its every line.
   */
  private async sizeBand(text: PathState[], need: number): Promise<boolean> {
    const sizes = (t: number) => new Map(text.map((p) => [p, Math.min(p.size, Math.max(1, Math.ceil((t * p.lines) / 1000)))]));
    const bound = (m: Map<PathState, number>) => this.restBound(bandRho, false, (p) => m.get(p) ?? p.size);
    if (bound(sizes(1)) >= need) return false;
    let lo = 1;
    let hi = 4_000; // files up to 4 × C's own length
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (bound(sizes(mid)) < need) lo = mid;
      else hi = mid - 1;
    }
    const chosen = sizes(lo);
    const ranges: SizeRange[] = [];
    for (const p of text) {
      const m = chosen.get(p) as number;
      if (m < p.size) ranges.push({ path: p.path, minLines: m, belowLines: Number.isFinite(p.size) ? p.size : null });
    }
    if (ranges.length === 0) return false;
    const limit = this.limits.bandLimit;
    if (!this.spend(Math.min(limit + 1, this.rowsLeft))) return false;
    this.stats.bandQueries++;
    const ids = await this.store.large(ranges, limit + 1);
    if (ids.length > limit) return false;
    for (const p of text) p.size = chosen.get(p) as number;
    for (const id of ids) this.addCandidate(id).inSize = true;
    this.rekeyAll();
    return true;
  }

  /**
   * Per-path band thresholds (permille, each ≤ the path's current band) with a rest bound below
   * `need`, as high as possible: first one common threshold, then each path raised as far as the
   * remaining slack allows — paths whose own file is most trivial first, since their stored
   * counterparts are likely trivial too. null when even threshold 0 does not help.
   */
  private bandThresholds(text: PathState[], need: number): Map<PathState, number> | null {
    const current = (p: PathState) => Math.min(1000, p.band - 1);
    const total = (t: Map<PathState, number>) => this.restBound((p) => (p.kind === 'text' ? (t.get(p) as number) / 1000 : 0));
    let lo = 0;
    let hi = 1000;
    const common = (P: number) => new Map(text.map((p) => [p, Math.min(P, current(p))]));
    if (total(common(0)) >= need) return null;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (total(common(mid)) < need) lo = mid;
      else hi = mid - 1;
    }
    const t = common(lo);
    const order = [...text].sort((x, y) => y.skippedTrivial / y.lines - x.skippedTrivial / x.lines);
    for (const p of order) {
      let a = t.get(p) as number;
      let b = current(p);
      while (a < b) {
        const mid = (a + b + 1) >> 1;
        t.set(p, mid);
        if (total(t) < need) a = mid;
        else b = mid - 1;
      }
      t.set(p, a);
    }
    return t;
  }

  /** Posting rows the next escalation of C's skipped lines (see {@link escalate}) would read at most, within the budget. */
  private nextTokenProbeRows(): number {
    const last = this.limits.caps.length - 1;
    const pending = this.probeable().filter((t) => t.level < last);
    // escalate('bound') takes the non-trivial lines first
    const other = pending.filter((t) => !t.trivial);
    let lowest = Infinity;
    let count = 0;
    for (const t of other.length > 0 ? other : pending) {
      if (t.level < lowest) {
        lowest = t.level;
        count = 0;
      }
      if (t.level === lowest) count++;
    }
    if (lowest === Infinity) return 0;
    return Math.min(this.rowsLeft, count * (this.limits.caps[lowest + 1] + 1));
  }

  private canEscalate(): boolean {
    const last = this.limits.caps.length - 1;
    if ([...this.hashes.values()].some((l) => l < last)) return true;
    return this.paths.some((p) => (p.kind !== 'text' && p.fileLevel < last) || (!p.pair && p.tokens.some((t) => t.level < last)));
  }

  /**
   * Probes the next level of what is still skipped. `files`: the non-empty hashes (whether some
   * scan outside the candidates shares a file). `bound`: non-trivial lines, then empty / binary
   * files, then trivial lines (what lowers the rest bound at the lowest cost first).
   */
  private async escalate(reason: 'files' | 'bound'): Promise<boolean> {
    this.stats.escalations++;
    const last = this.limits.caps.length - 1;
    let lowestFileLevel = Infinity;
    for (const l of this.hashes.values()) if (l < last) lowestFileLevel = Math.min(lowestFileLevel, l);
    for (const p of this.paths) if (p.kind !== 'text' && p.fileLevel < last) lowestFileLevel = Math.min(lowestFileLevel, p.fileLevel);
    const tokenStep = async (trivial: boolean): Promise<boolean | null> => {
      const pending = this.probeable().filter((t) => t.trivial === trivial && t.level < last);
      if (pending.length === 0) return null;
      let lowest = Infinity;
      for (const t of pending) lowest = Math.min(lowest, t.level);
      const level = lowest + 1;
      const atLevel = pending.filter((t) => t.level < level);
      // Lines that weigh most in the bound first, within what the budget allows.
      atLevel.sort((x, y) => y.count - x.count);
      // While the best is `new`, a line the store knows to be frequent at this cap is not read
      // again: its newest holders would only give it a fence, which decides ties, not whether
      // anything reaches 40.
      const probed = isNew(this.best) ? this.unlessKnownFrequent(atLevel, level) : atLevel;
      if (probed.length === 0) return true; // all raised without a probe
      const affordable = Math.max(1, Math.floor(this.rowsLeft / (this.limits.caps[level] + 1)));
      return this.probeTokenLevel(level, probed.slice(0, affordable), Infinity);
    };
    if (reason === 'bound') {
      const other = await tokenStep(false);
      if (other !== null) return other;
      const binaryPending = this.paths.some((p) => p.kind !== 'text' && p.fileLevel < last);
      if (binaryPending) return this.probeFileLevel(lowestFileLevel + 1);
      const trivial = await tokenStep(true);
      return trivial ?? false;
    }
    if (lowestFileLevel === Infinity) return false;
    return this.probeFileLevel(lowestFileLevel + 1);
  }

  private spend(rows: number): boolean {
    if (rows > this.rowsLeft) return false;
    this.rowsLeft -= rows;
    return true;
  }

  private addCandidate(id: number): Candidate {
    let c = this.candidates.get(id);
    if (!c && this.settled.has(id)) return this.newCandidate(id); // settled for good: evidence about it is moot
    if (!c) {
      c = this.newCandidate(id);
      this.candidates.set(id, c);
    }
    return c;
  }

  private newCandidate(id: number): Candidate {
    return {
      id,
      partial: new Map(),
      fileStats: new Map(),
      inSize: false,
      sameFile: new Set(),
      flagged: false,
      stage: Stage.Loose,
      key: { scanId: id, similarity: 0, byteIdentical: false },
    };
  }

  /**
   * The probe cap of `level` for `count` lookups, lowered to what the row budget still allows;
   * null when the budget cannot even reach past the previous level.
   */
  private capFor(level: number, count: number): number | null {
    if (level === 0) return this.limits.caps[0];
    const cap = Math.min(this.limits.caps[level], Math.floor(this.rowsLeft / Math.max(1, count)) - 1);
    return cap > this.limits.caps[level - 1] ? cap : null;
  }

  private async probeTokenLevel(level: number, tokens: TokenState[], max: number): Promise<boolean> {
    const chosen = tokens.length > max ? smallestByHash(tokens, max) : tokens;
    const cap = this.capFor(level, chosen.length);
    if (cap === null) return false;
    if (chosen.length > 0) {
      const result = await this.store.probeTokens(chosen, cap);
      this.rowsLeft = Math.max(0, this.rowsLeft - result.rows);
      const frequent = new Map(result.frequent.map((t) => [pathHashKey(t), t.fence]));
      const stillFrequent: TokenState[] = [];
      for (const t of chosen) {
        const fence = frequent.get(pathHashKey(t));
        if (fence !== undefined) {
          t.level = level;
          t.fence = fence;
          stillFrequent.push(t);
        } else {
          t.level = Infinity;
          t.fence = null;
          const p = this.byPathState.get(t.path) as PathState;
          if (t.trivial) p.skippedTrivial -= t.count;
          else p.skippedOther -= t.count;
        }
      }
      for (const s of result.partial) {
        const c = this.addCandidate(s.scanId);
        if (c.stage >= Stage.Counted) continue; // exact already
        c.partial.set(s.path, (c.partial.get(s.path) ?? 0) + s.shared);
        c.fileStats.set(s.path, { lines: s.lines, trivial: s.trivial });
      }
      // Newest holders of frequent lines become candidates (bounded as if those lines were
      // skipped); this keeps the fence invariant.
      for (const s of result.fenced) {
        const c = this.addCandidate(s.scanId);
        if (c.stage === Stage.Loose && !c.fileStats.has(s.path)) c.fileStats.set(s.path, { lines: s.lines, trivial: s.trivial });
      }
      this.raiseKnownFrequent(stillFrequent, level);
      this.updateFence();
    }
    this.rekeyAll();
    return true;
  }

  /**
   * Frequent lines the store knows to be frequent at higher caps too (see
   * {@link CandidateStore.knownFrequent}) take the highest such level, keeping the fence their
   * probe found: a probe at those caps could not complete them, so escalations and the band's
   * cost estimate ({@link nextTokenProbeRows}) look past them.
   */
  private raiseKnownFrequent(tokens: TokenState[], level: number): void {
    let known = tokens;
    for (let next = level + 1; next < this.limits.caps.length - 1 && known.length > 0; next++) {
      const named = this.knownFrequentKeys(known, next);
      known = known.filter((t) => named.has(pathHashKey(t)));
      for (const t of known) t.level = next;
    }
  }

  private async probeFileLevel(level: number): Promise<boolean> {
    const hashes = [...this.hashes].filter(([, l]) => l < level).map(([h]) => h);
    const emptyPaths = this.paths.filter((p) => p.kind !== 'text' && p.hash === EMPTY_SHA256 && p.fileLevel < level);
    if (hashes.length + emptyPaths.length > 0) {
      const cap = this.capFor(level, hashes.length + emptyPaths.length);
      if (cap === null) return false;
      const result = await this.store.probeFiles(hashes, emptyPaths.map((p) => p.path), cap);
      this.rowsLeft = Math.max(0, this.rowsLeft - result.rows);
      const frequentHashes = new Set(result.frequentHashes);
      const frequentEmpty = new Set(result.frequentEmptyPaths);
      for (const h of hashes) this.hashes.set(h, frequentHashes.has(h) ? level : Infinity);
      for (const p of emptyPaths) {
        p.fileLevel = frequentEmpty.has(p.path) ? level : Infinity;
        p.fileProbed = p.fileLevel === Infinity;
      }
      for (const p of this.paths) {
        if (p.kind !== 'text' && p.hash !== EMPTY_SHA256) {
          p.fileLevel = this.hashes.get(p.hash) as number;
          p.fileProbed = p.fileLevel === Infinity;
        }
      }
      for (const hit of result.hits) {
        const c = this.addCandidate(hit.scanId);
        if (hit.hash !== EMPTY_SHA256) c.flagged = true;
        const p = this.byPathState.get(hit.path);
        if (p && p.kind !== 'text' && p.hash === hit.hash) c.sameFile.add(hit.path);
      }
    }
    this.rekeyAll();
    return true;
  }

  /**
   * `tokens` but those the store knows to be frequent at `level`'s cap (lines in most skills of a
   * catalogue: their postings would only say so again). Those take `level` (or the higher one the
   * store knows, below the last) unprobed: skipped for every scan, with the fence an earlier probe
   * gave them, if any; an escalation probes them at the next cap.
   */
  private unlessKnownFrequent(tokens: TokenState[], level: number): TokenState[] {
    // The last cap is always read: a wrong or stale memo then costs rows, never exactness.
    if (level >= this.limits.caps.length - 1) return tokens;
    const skip = this.knownFrequentKeys(tokens, level);
    if (skip.size === 0) return tokens;
    const rest: TokenState[] = [];
    const marked: TokenState[] = [];
    for (const t of tokens) {
      if (!skip.has(pathHashKey(t))) rest.push(t);
      else if (t.level < level) {
        t.level = level;
        marked.push(t);
      }
    }
    this.raiseKnownFrequent(marked, level);
    return rest;
  }

  /** pathHashKey of the tokens the store knows to be frequent at `level`'s cap. */
  private knownFrequentKeys(tokens: readonly TokenState[], level: number): Set<string> {
    return new Set((this.store.knownFrequent?.(tokens, this.limits.caps[level]) ?? []).map(pathHashKey));
  }

  /** C's tokens that line probes may look up (not those of a popular pair's file: see {@link PairState}). */
  private probeable(): TokenState[] {
    const out: TokenState[] = [];
    for (const p of this.paths) if (!p.pair) for (const t of p.tokens) out.push(t);
    return out;
  }

  /**
   * After the first file probe: C's non-empty files whose hash more than caps[0] stored files
   * have become pairs (see {@link PairState}) when their variants and copies are few. Those
   * variants and copies become candidates; the hash then needs no further file probe.
   */
  private async probePairs(): Promise<void> {
    const wanted: FilePair[] = [];
    for (const p of this.paths) {
      if (p.kind !== 'empty' && this.hashes.get(p.hash) === 0) wanted.push({ path: p.path, hash: p.hash });
    }
    const walkLimit = Math.min(this.limits.smallPairWalk, this.limits.holderWalk);
    if (wanted.length === 0 || !this.spend((4 * (this.limits.pairCap + 1) + walkLimit + 1) * wanted.length)) return;
    const result = await this.store.probePairs(wanted, this.limits.pairCap, walkLimit);
    const frequent = new Set(result.frequent.map((f) => pathHashKey(f)));
    for (const pair of wanted) {
      if (frequent.has(pathHashKey(pair))) continue;
      const p = this.byPathState.get(pair.path) as PathState;
      p.pair = { path: pair.path, hash: pair.hash, before: Number.POSITIVE_INFINITY, pages: 0, members: null, membersFrom: Number.POSITIVE_INFINITY };
      p.fileProbed = true;
      p.fileLevel = Infinity;
    }
    // A hash is fully known once every pair of it is (copies elsewhere are candidates).
    for (const [hash, level] of this.hashes) {
      if (level === Infinity) continue;
      const paths = this.paths.filter((p) => p.hash === hash);
      if (paths.every((p) => p.pair)) this.hashes.set(hash, Infinity);
    }
    for (const w of result.walks) {
      const pair = this.byPathState.get(w.path)?.pair;
      if (pair && pair.hash === w.hash) this.applyWalk(pair, { ids: w.ids, complete: true });
    }
    for (const v of result.variants) if (this.byPathState.get(v.path)?.pair) (this.addCandidate(v.scanId).variantAt ??= new Set()).add(v.path);
    for (const c of result.copies) {
      const candidate = this.addCandidate(c.scanId);
      candidate.flagged = true;
      const p = this.byPathState.get(c.path);
      if (p && p.kind !== 'text' && p.hash === c.hash) candidate.sameFile.add(c.path);
    }
    this.rekeyAll();
  }

  /**
   * Before holders are read: C's lines never looked up yet (beyond the first 64) are probed at
   * the first cap, so a holder's shaped bound counts only the lines that many scans share —
   * a handful of postings per line instead of a count query per holder.
   */
  private async beforeHolders(pair: PairState): Promise<boolean> {
    const unprobed = this.probeable().filter((t) => !t.trivial && t.level === -1);
    if (unprobed.length > 0) return this.probeTokenLevel(0, unprobed, Infinity);
    // Lines a few dozen stored files share (a `return x_12` of many scripts) are frequent at the
    // first cap; while they stay skipped, every holder's bound assumes it shares them all. Their
    // complete posting lists (up to HOLDER_TOKEN_LEVEL's cap) cost rows per line of C, not per
    // holder; the lines nearly every scan has stay skipped (a holder does share those).
    if (pair.pages === 0) {
      const upTo = Math.min(HOLDER_TOKEN_LEVEL, this.limits.caps.length - 1);
      const fenced = this.probeable().filter((t) => !t.trivial && t.level !== Infinity && t.level < upTo);
      if (fenced.length > 0) {
        let lowest = Infinity;
        for (const t of fenced) lowest = Math.min(lowest, t.level);
        if (await this.probeTokenLevel(lowest + 1, fenced.filter((t) => t.level === lowest), Infinity)) return true;
      }
    }
    return this.readHolders(pair);
  }

  /**
   * Reads the next page of holders of `pair` (newest first). A holder that is a candidate already
   * keeps its place; any other gets its shaped bound at once (its files at C's paths and its
   * file count are all that needs) and becomes a shaped candidate if that bound can still matter —
   * else it is settled: the best only improves, so it never will. Once the best is `modified`,
   * the store applies that bound itself ({@link HolderFilter}): it returns only the holders whose
   * bound reaches the best's similarity (and the known candidates), so the thousands of holders of
   * a LICENSE cost an index walk in the database, not a row each here.
   */
  private async readHolders(pair: PairState): Promise<boolean> {
    const filter = this.holderFilter(pair);
    const perHolder = 1 + this.paths.length;
    const wanted = this.limits.holderPage * 4 ** Math.min(filter ? 5 : 3, pair.pages);
    const limit = Math.min(wanted, Math.floor(this.rowsLeft / perHolder));
    if (limit < 1 || !this.spend(limit * perHolder)) return false;
    pair.pages++;
    const page = await this.store.holders(pair, pair.before, limit, [...this.byPathState.keys()], filter);
    this.rowsLeft += (limit - Math.min(limit, page.walked)) * perHolder; // a short last page: only what was walked counts
    this.stats.holders += page.walked;
    this.stats.settledHolders += page.walked - page.holders.length;
    for (const h of page.holders) {
      const known = this.candidates.get(h.scanId);
      if (known) {
        // A candidate found by other evidence keeps its place, but now it is known to share C's
        // file byte for byte (its loose key assumed so only while the page was unread).
        known.flagged = true;
        continue;
      }
      if (this.settled.has(h.scanId)) continue;
      const c = this.addCandidate(h.scanId);
      c.flagged = true;
      c.files = h.files;
      for (const f of h.files) if (f.sequence !== undefined) (c.sequences ??= new Map()).set(f.path, f.sequence);
      c.fileCount = h.fileCount;
      c.stage = Stage.Shaped;
      c.key = this.shapedKey(c);
      this.stats.shaped++;
      if (!this.relevant(c.key)) {
        this.candidates.delete(c.id);
        this.settled.add(c.id);
        this.stats.settledHolders++;
      }
    }
    pair.before = page.walked < limit || page.lastId === null ? Number.NEGATIVE_INFINITY : page.lastId;
    return true;
  }

  /**
   * One index walk per pair of C not walked yet, ids only, all in one round trip (see
   * {@link PairState.members}); the candidates among the holders are now known to hold C's file.
   * When the row budget cannot pay for it the pairs just stay unwalked (members empty from
   * Infinity: nothing is decided by them).
   */
  private async learnHolders(): Promise<boolean> {
    const pairs: PairState[] = [];
    for (const p of this.paths) if (p.pair && p.pair.members === null) pairs.push(p.pair);
    for (const pair of pairs) pair.members = [];
    const limit = Math.min(this.limits.holderWalk, Math.floor(this.rowsLeft / 2 / Math.max(1, pairs.length)));
    if (pairs.length === 0 || limit < 1 || !this.spend(limit * pairs.length)) return true;
    const walks = await this.store.holderIds(pairs, limit);
    pairs.forEach((pair, k) => {
      this.rowsLeft += limit - Math.min(limit, walks[k].ids.length); // only what was walked counts
      this.applyWalk(pair, walks[k]);
    });
    this.rekeyAll();
    return true;
  }

  /** Records a walk of the pair's holders (newest first) as its members. */
  private applyWalk(pair: PairState, walk: HolderIds): void {
    const members = new Array<number>(walk.ids.length);
    for (let i = 0; i < walk.ids.length; i++) members[walk.ids.length - 1 - i] = walk.ids[i];
    pair.members = members;
    pair.membersFrom = walk.complete ? Number.NEGATIVE_INFINITY : walk.ids.length > 0 ? walk.ids[walk.ids.length - 1] : Number.POSITIVE_INFINITY;
    for (const id of walk.ids) {
      const c = this.candidates.get(id);
      if (c) c.flagged = true; // it holds C's file byte for byte
    }
  }

  /**
   * The store-side filter of a holder page: while the best is `new` every holder matters (it
   * shares a file); after, only those whose shaped bound — with no probed line shared, as for
   * every holder outside the candidates — rounds to at least the best's similarity can rank above
   * it. The candidates below `before` are kept whatever their bound (they may share probed
   * lines, and a kept one learns that it holds the file).
   */
  private holderFilter(pair: PairState): HolderFilter | null {
    if (isNew(this.best)) return null;
    const keep: number[] = [];
    for (const id of this.candidates.keys()) if (id < pair.before) keep.push(id);
    return {
      paths: this.paths.map((p) => ({
        path: p.path,
        hash: p.hash,
        text: p.kind === 'text',
        lines: p.lines,
        skippedTrivial: p.skippedTrivial,
        skippedOther: p.skippedOther,
      })),
      postedLinesMax: this.limits.postedLinesMax,
      minSimilarity: (this.best as ScanMatch).similarity,
      olderThan: (this.best as ScanMatch).scanId,
      keep,
    };
  }

  private rekeyAll(): void {
    for (const c of this.candidates.values()) this.rekey(c);
  }
}

/** The key of a (path, hash) pair — a token or a file — in maps and sets. */
const pathHashKey = (x: { path: string; hash: string }): string => `${x.path}\u0000${x.hash}`;

/** Whether ascending `sorted` contains `value` (binary search). */
function sortedIncludes(sorted: readonly number[], value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === value) return true;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

const byHashThenPath = (x: TokenState, y: TokenState) => (x.hash !== y.hash ? (x.hash < y.hash ? -1 : 1) : x.path < y.path ? -1 : x.path > y.path ? 1 : 0);

/**
 * The `max` tokens first by (hash, path) — a deterministic, content-independent choice — in one
 * pass with a sorted buffer of `max` (a huge paste has 100 000+ tokens: no full sort).
 */
function smallestByHash(tokens: readonly TokenState[], max: number): TokenState[] {
  const out: TokenState[] = [];
  if (max <= 0) return out; // maxProbeTokens 0: every line starts skipped (the bounds still hold)
  for (const t of tokens) {
    if (out.length === max && byHashThenPath(t, out[max - 1]) >= 0) continue;
    let i = out.length === max ? max - 1 : out.length;
    if (out.length < max) out.push(t);
    while (i > 0 && byHashThenPath(t, out[i - 1]) < 0) {
      out[i] = out[i - 1];
      i--;
    }
    out[i] = t;
  }
  return out;
}

/**
 * Best match of `current` among the stored scans the store can see (all of them are earlier
 * than `current`). `stats` may be passed when the caller already computed them.
 */
export function searchCompared(
  current: readonly FileSide[],
  store: CandidateStore,
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS,
  stats?: readonly FileLineStats[],
): Promise<SearchResult> {
  return new Search(current, store, limits, stats).run();
}
