/**
 * What lineage stores per file so that the candidate search never reads every earlier scan
 * (see candidate-search.ts for how it is read, and the migrations 1764000008400-lineage-postings
 * and 1764000010000-lineage-file-pairs for the tables):
 *
 * - `scan_file_lines(scan_id, path, hash, line_count, trivial_count)`: one row per file;
 *   line_count / trivial_count are null for binary files.
 * - `scan_line_postings(scan_id, path, line_hash, cnt)`: one row per distinct line hash of a
 *   text file, with its multiplicity. line_hash = the first 8 bytes of the SHA-256 of the
 *   normalised line ({@link lineHash}) as a signed bigint.
 *
 * A line is *trivial* when it is at most three printable ASCII characters surrounded by spaces
 * or tabs: the empty line, `---`, a code fence, `}`, `fi`, `end`. Such lines are shared by
 * nearly every skill; the search never looks them up by hash (their posting lists are as long
 * as the table) but bounds what they can contribute with the stored trivial_count. The same
 * predicate exists in SQL in the migration's backfill (keep both in step).
 *
 * - `scan_file_lines.line_seq` (migration 1764000020000): the file's lines in order as 4-byte
 *   keys (the first 4 bytes of the line's SHA-256, big-endian; {@link FileLineStats.sequence}).
 *   Equal lines have equal keys, so the LCS of two key sequences is at least the LCS of the
 *   lines: an upper bound the search computes without reading the stored content (only a
 *   candidate whose key LCS still matters has its content loaded). null for binary files,
 *   files without postings, and rows written before that migration.
 *
 * A text file of more than {@link POSTED_LINES_MAX} lines stores no postings: a request must not
 * write (nor the search probe) 100 000+ posting rows for one paste. The search knows such files
 * only by their size (scan_file_lines, the size band) and bounds them without their lines.
 */
import { hash as oneShotHash } from 'node:crypto';
import { splitLines } from '../lcs';
import type { FileSide } from '../similarity';

/** Text files with more lines than this store no line postings (see above). */
export const POSTED_LINES_MAX = 20_000;

/** Whether the postings of a file of `lineCount` lines are stored (binary files have none). */
export const hasPostings = (lineCount: number | null, postedLinesMax = POSTED_LINES_MAX): boolean => lineCount !== null && lineCount <= postedLinesMax;

/** 16 lowercase hex chars: the first 8 bytes of the SHA-256 of the (normalised) line, UTF-8. */
export function lineHash(line: string): string {
  return oneShotHash('sha256', line, 'hex').slice(0, 16);
}

/** A line hash as a signed 64-bit integer (PostgreSQL bigint). */
export function lineHashToInt64(hex: string): bigint {
  return BigInt.asIntN(64, BigInt('0x' + hex));
}

export const TRIVIAL_LINE = /^[ \t]*[!-~]{0,3}[ \t]*$/;

export function isTrivialLine(line: string): boolean {
  return TRIVIAL_LINE.test(line);
}

/** One distinct line of a text file: its hash as int64 text, multiplicity, triviality. */
export interface LineToken {
  /** Signed 64-bit line hash, decimal (what PostgreSQL's bigint takes and returns). */
  hash: string;
  count: number;
  trivial: boolean;
}

export interface FileLineStats {
  path: string;
  hash: string;
  /** null for binary files. */
  lineCount: number | null;
  /** null for binary files. */
  trivialCount: number | null;
  /** Distinct lines; empty for binary and empty files. */
  tokens: LineToken[];
  /** The lines in order as 4-byte keys (see above); null for binary files. */
  sequence: Uint8Array | null;
}

/** Bytes per line of {@link FileLineStats.sequence}. */
export const SEQUENCE_KEY_BYTES = 4;

export function fileLineStats(file: FileSide): FileLineStats {
  if (file.content === null) return { path: file.path, hash: file.hash, lineCount: null, trivialCount: null, tokens: [], sequence: null };
  const byLine = new Map<string, LineToken & { key: number }>();
  const lines = splitLines(file.content);
  const sequence = new Uint8Array(lines.length * SEQUENCE_KEY_BYTES);
  const view = new DataView(sequence.buffer);
  let lineCount = 0;
  let trivialCount = 0;
  for (const line of lines) {
    let token = byLine.get(line);
    if (token) {
      token.count++;
      if (token.trivial) trivialCount++;
    } else {
      const trivial = isTrivialLine(line);
      if (trivial) trivialCount++;
      const hex = lineHash(line);
      token = { hash: lineHashToInt64(hex).toString(), count: 1, trivial, key: Number.parseInt(hex.slice(0, 8), 16) };
      byLine.set(line, token);
    }
    view.setUint32(lineCount * SEQUENCE_KEY_BYTES, token.key);
    lineCount++;
  }
  // Two different lines with the same 64-bit hash (a collision) count as one token: the
  // multiset bound only grows, so every bound stays an upper bound.
  const byHash = new Map<string, LineToken>();
  for (const token of byLine.values()) {
    const other = byHash.get(token.hash);
    if (other) {
      other.count += token.count;
      other.trivial = other.trivial && token.trivial;
    } else byHash.set(token.hash, { hash: token.hash, count: token.count, trivial: token.trivial });
  }
  return { path: file.path, hash: file.hash, lineCount, trivialCount, tokens: [...byHash.values()], sequence };
}
