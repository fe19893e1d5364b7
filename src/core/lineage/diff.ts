/**
 * File-by-file comparison of two scans (spec ScanComparison / ScanFileDiff / DiffLine).
 *
 * - Files are matched by path; the result is sorted by path (code-unit order, like the
 *   fingerprint). Status: same hash = `unchanged`; different hash = `modified`; only in the
 *   current scan = `added`; only in the previous one = `removed`. The fields of a missing side
 *   are null.
 * - `lineDiff` is set only for `modified` files that are text on both sides; otherwise null.
 *   Lines follow the line model of lcs.ts (a trailing `\r` is stripped from `text`, so a pure
 *   CRLF↔LF change is a `modified` file whose diff has only context lines).
 * - A line diff is the full file: every line appears, unchanged lines as `context`; inside a
 *   change block all `remove` lines precede the `add` lines. previousLine/currentLine are
 *   1-based; `add` has previousLine null, `remove` has currentLine null. The diff is minimal
 *   (Myers) unless the per-file work budget runs out (pathological files of many thousands of
 *   reordered lines), in which case the remaining blocks are plain remove/add.
 * - Output bound: a file whose full diff would exceed `maxLinesPerFile` (20 000) lines is
 *   trimmed to its changes with `context` (3) lines around each change (gaps show as jumps in
 *   the line numbers), and is cut at `maxLinesPerFile`. Over the whole comparison at most
 *   `maxTotalLines` (200 000) lines are returned; once spent, later modified files are also
 *   trimmed and cut to what is left (possibly an empty array).
 */
import { lcsAlign, splitLines } from './lcs';
import { FileSide, byPath } from './similarity';

export type DiffLineType = 'context' | 'add' | 'remove';

export interface DiffLine {
  type: DiffLineType;
  text: string;
  previousLine: number | null;
  currentLine: number | null;
}

export type FileDiffStatus = 'unchanged' | 'modified' | 'added' | 'removed';

export interface ScanFileDiff {
  path: string;
  status: FileDiffStatus;
  previousHash: string | null;
  currentHash: string | null;
  previousSize: number | null;
  currentSize: number | null;
  previousHasContent: boolean | null;
  currentHasContent: boolean | null;
  lineDiff: DiffLine[] | null;
}

export interface DiffOptions {
  maxLinesPerFile?: number;
  maxTotalLines?: number;
  /** Context lines kept around changes when a file is trimmed. */
  context?: number;
  /** Myers work units per file before falling back to plain remove/add blocks. */
  workBudget?: number;
}

export const DIFF_DEFAULTS: Required<DiffOptions> = {
  maxLinesPerFile: 20_000,
  maxTotalLines: 200_000,
  context: 3,
  workBudget: 2_000_000,
};

/**
 * Line diff from `previous` to `current`. `limit` caps the number of lines; when the full diff
 * is longer than `limit` the diff is trimmed to `context` lines around changes first.
 */
export function diffLines(previous: string, current: string, options: DiffOptions & { limit?: number } = {}): DiffLine[] {
  const context = options.context ?? DIFF_DEFAULTS.context;
  const limit = options.limit ?? options.maxLinesPerFile ?? DIFF_DEFAULTS.maxLinesPerFile;
  const a = splitLines(previous);
  const b = splitLines(current);
  const { pairs } = lcsAlign(a, b, options.workBudget ?? DIFF_DEFAULTS.workBudget);
  const matches = pairs.length / 2;
  const full = a.length + b.length - matches <= limit;
  const out: DiffLine[] = [];

  const emitChange = (i0: number, i1: number, j0: number, j1: number): boolean => {
    for (let i = i0; i < i1; i++) {
      if (out.length >= limit) return false;
      out.push({ type: 'remove', text: a[i], previousLine: i + 1, currentLine: null });
    }
    for (let j = j0; j < j1; j++) {
      if (out.length >= limit) return false;
      out.push({ type: 'add', text: b[j], previousLine: null, currentLine: j + 1 });
    }
    return true;
  };
  const emitContext = (i: number, j: number, len: number): boolean => {
    for (let k = 0; k < len; k++) {
      if (out.length >= limit) return false;
      out.push({ type: 'context', text: a[i + k], previousLine: i + k + 1, currentLine: j + k + 1 });
    }
    return true;
  };

  // Walk runs of consecutive matches and the change blocks between them.
  let ai = 0;
  let bj = 0;
  let k = 0;
  let changed = false; // a change was emitted before the current context run
  while (k <= matches) {
    // Next run of consecutive matches starting at pair k.
    let runLen = 0;
    if (k < matches) {
      const i = pairs[2 * k];
      const j = pairs[2 * k + 1];
      if (i > ai || j > bj) {
        if (!emitChange(ai, i, bj, j)) return out;
        changed = true;
        ai = i;
        bj = j;
      }
      while (k + runLen < matches && pairs[2 * (k + runLen)] === ai + runLen && pairs[2 * (k + runLen) + 1] === bj + runLen) runLen++;
    } else {
      if (ai < a.length || bj < b.length) {
        if (!emitChange(ai, a.length, bj, b.length)) return out;
      }
      break;
    }
    const last = k + runLen === matches && ai + runLen === a.length && bj + runLen === b.length;
    if (full) {
      if (!emitContext(ai, bj, runLen)) return out;
    } else {
      const head = changed ? Math.min(context, runLen) : 0;
      const tail = last ? 0 : Math.min(context, runLen - head);
      if (!emitContext(ai, bj, head)) return out;
      if (!emitContext(ai + runLen - tail, bj + runLen - tail, tail)) return out;
    }
    ai += runLen;
    bj += runLen;
    k += runLen;
  }
  return out;
}

/** Compares `current` with `previous` (GET /scans/{id}/compare/{otherId}). */
export function diffScans(
  current: readonly FileSide[],
  previous: readonly FileSide[],
  options: DiffOptions = {},
): ScanFileDiff[] {
  const perFile = options.maxLinesPerFile ?? DIFF_DEFAULTS.maxLinesPerFile;
  let budgetLeft = options.maxTotalLines ?? DIFF_DEFAULTS.maxTotalLines;
  const cur = byPath(current);
  const prev = byPath(previous);
  const paths = [...new Set<string>([...cur.keys(), ...prev.keys()])].sort();
  return paths.map((path): ScanFileDiff => {
    const c = cur.get(path);
    const p = prev.get(path);
    const status: FileDiffStatus = !p ? 'added' : !c ? 'removed' : p.hash === c.hash ? 'unchanged' : 'modified';
    let lineDiff: DiffLine[] | null = null;
    if (status === 'modified' && p && c && p.content !== null && c.content !== null) {
      lineDiff = diffLines(p.content, c.content, { ...options, limit: Math.min(perFile, budgetLeft) });
      budgetLeft -= lineDiff.length;
    }
    return {
      path,
      status,
      previousHash: p ? p.hash : null,
      currentHash: c ? c.hash : null,
      previousSize: p ? p.size : null,
      currentSize: c ? c.size : null,
      previousHasContent: p ? p.content !== null : null,
      currentHasContent: c ? c.content !== null : null,
      lineDiff,
    };
  });
}
