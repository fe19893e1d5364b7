/**
 * Read access to the stored lineage data for the candidate search (candidate-search.ts). Every
 * method must go through indexes: the SQL implementation is LineageRepository
 * (src/modules/lineage/lineage.repository.ts), the in-memory one memory-candidate-store.ts.
 */
import type { FileSide } from '../similarity';
import type { HolderFilter } from './bounds';

/** A distinct line of C at a path; `count` = its multiplicity in C's file. */
export interface TokenRef {
  path: string;
  hash: string;
  count: number;
}

export interface PartialShare {
  scanId: number;
  path: string;
  /** Σ min(C's count, stored count) over the probed tokens at this path. */
  shared: number;
}

/** A probe hit: the shared lines plus the size of the stored file at that path. */
export interface ProbeShare extends PartialShare {
  /** Line and trivial-line count of the stored scan's file at `path`. */
  lines: number;
  trivial: number;
}

export interface TokenProbeResult {
  /**
   * Tokens with more than `cap` postings: only their `cap` + 1 newest postings are read, so they
   * are known for the scans with id ≥ `fence` (the oldest of those) and for no others.
   */
  frequent: Array<{ path: string; hash: string; fence: number }>;
  /** Complete for every token that is not frequent. */
  partial: ProbeShare[];
  /** The scans (with their file's size at `path`) among the newest postings of frequent tokens. */
  fenced: Array<{ scanId: number; path: string; lines: number; trivial: number }>;
  /** Posting rows read. */
  rows: number;
}

export interface FileProbeResult {
  /** Non-empty hashes with more than `cap` files: not probed. */
  frequentHashes: string[];
  /** Paths whose (path, empty hash) pair has more than `cap` files: not probed. */
  frequentEmptyPaths: string[];
  /** Files of stored scans with a probed hash (any path), or the empty file at a probed path. */
  hits: Array<{ scanId: number; path: string; hash: string }>;
  rows: number;
}

export interface BandRange {
  path: string;
  minPermille: number;
  belowPermille: number | null;
}

/** A stored text file in a trivial band: its scan, path, line and trivial-line count. */
export interface BandHit {
  scanId: number;
  path: string;
  lines: number;
  trivial: number;
}

/** Stored text files at `path` with minLines ≤ line count < belowLines (no upper end when null). */
export interface SizeRange {
  path: string;
  minLines: number;
  belowLines: number | null;
}

export interface StoredShapeFile {
  path: string;
  hash: string;
  /** null for binary files. */
  lineCount: number | null;
  trivialCount: number | null;
  /**
   * Its stored line sequence (line-stats.ts), when the store read it along (holder pages: the
   * holder's files at C's paths but the pair's own); null when none is stored.
   */
  sequence?: Uint8Array | null;
}

/** A file of the current scan (path and non-empty content hash) that many stored scans hold byte for byte. */
export interface FilePair {
  path: string;
  hash: string;
}

export interface PairProbeResult {
  /**
   * Pairs with more than `cap` other files at their path (variants) or more than `cap` copies of
   * their hash at other paths: not probed.
   */
  frequent: FilePair[];
  /** For the other pairs: every stored file at the pair's path with another hash, and every copy of the hash at another path. */
  variants: Array<{ scanId: number; path: string }>;
  copies: Array<{ scanId: number; path: string; hash: string }>;
  /**
   * For the other pairs with at most the requested number of holders: all of them, newest first
   * (a complete walk, as {@link CandidateStore.holderIds} gives it). Larger pairs are not listed.
   */
  walks: Array<{ path: string; hash: string; ids: number[] }>;
  rows: number;
}

/** A holder of a pair: its file count and its files at the current scan's paths (with their line sequences but at the pair's path). */
export interface PairHolder {
  scanId: number;
  fileCount: number;
  files: StoredShapeFile[];
}

/** One page of holders: the holders walked newest first, of them those the filter kept. */
export interface HolderPage {
  holders: PairHolder[];
  /** Holders walked (kept or not). */
  walked: number;
  /** The smallest id walked; null when none was. */
  lastId: number | null;
}

/** The holders of a pair, ids only (see {@link CandidateStore.holderIds}). */
export interface HolderIds {
  /** Newest first. */
  ids: number[];
  /** Every holder is listed (else only the newest `limit`: those with id ≥ the last one). */
  complete: boolean;
}

export interface StoredSequence {
  scanId: number;
  path: string;
  sequence: Uint8Array | null;
}

/** Read access to the stored lineage data. Every method must go through indexes. */
export interface CandidateStore {
  /** `walkLimit`: pairs with at most this many holders come with their holders' ids (`walks`). */
  probePairs(pairs: readonly FilePair[], cap: number, walkLimit: number): Promise<PairProbeResult>;
  /**
   * Walks the scans holding the pair's file (same path, same hash) with id < `before`, newest
   * first, at most `limit`; returns those the filter keeps (all without one), with their file
   * count and their files at `paths` (C's paths, the filter's paths when there is one).
   */
  holders(pair: FilePair, before: number, limit: number, paths: readonly string[], filter: HolderFilter | null): Promise<HolderPage>;
  /**
   * For each pair, in order: the ids of the scans holding its file (same path, same hash), newest
   * first, at most `limit` (one index walk per pair; the search learns from it which of its
   * candidates hold the file).
   */
  holderIds(pairs: readonly FilePair[], limit: number): Promise<HolderIds[]>;
  probeTokens(tokens: readonly TokenRef[], cap: number): Promise<TokenProbeResult>;
  /**
   * Optional: the tokens of `tokens` this store knows, without reading their postings, to have
   * had more than `cap` postings when an earlier probe read them (a memo of popular lines). Any
   * answer keeps the search exact: a token it names is merely treated as skipped (the search may
   * probe it later at a higher cap), so a stale memo only loosens bounds.
   */
  knownFrequent?(tokens: readonly TokenRef[], cap: number): TokenRef[];
  probeFiles(hashes: readonly string[], emptyPaths: readonly string[], cap: number): Promise<FileProbeResult>;
  /**
   * The text files at the ranges' paths whose floor(1000 · trivial / lines) lies in
   * [minPermille, belowPermille) (no upper end when null), with their sizes: all of them, or, when
   * they belong to more than `limit` distinct scans, those of at least `limit` scans.
   */
  band(ranges: readonly BandRange[], limit: number): Promise<BandHit[]>;
  /** Distinct scans with a text file in one of the size ranges; at most `limit` ids. */
  large(ranges: readonly SizeRange[], limit: number): Promise<number[]>;
  shapes(scanIds: readonly number[]): Promise<Map<number, StoredShapeFile[]>>;
  /** Σ min(count, stored count) per (scan, path) over `tokens`, for the given scans only. */
  sharedCounts(scanIds: readonly number[], tokens: readonly TokenRef[]): Promise<PartialShare[]>;
  /**
   * The stored line sequences (line-stats.ts {@link FileLineStats.sequence}) of each scan's files
   * at its `paths`; `sequence` null where none is stored (such files are counted with
   * {@link sharedCounts} and compared by content).
   */
  lineSequences(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): Promise<StoredSequence[]>;
  /** Files of each scan at (at least) its `paths`, with content, by scan id. */
  loadFiles(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): Promise<Map<number, FileSide[]>>;
}

