import { WORD_BOUNDARY } from './required-literals';

/**
 * Aho–Corasick automaton over lowercase ASCII keywords. One linear pass over a text reports,
 * for every keyword occurrence, the keyword index and the 0-based line it ends on. Characters
 * outside ASCII never take part in a keyword (they reset to the root's transition of code 0).
 * The engine uses it as a prefilter: a rule's regexes run only on lines near its keywords.
 *
 * A keyword may begin and/or end with WORD_BOUNDARY (required-literals.ts): an occurrence then
 * counts only where a regex's `\b` would hold there, i.e. where the character before (after) it
 * and its first (last) character differ in being an ASCII word character ([A-Za-z0-9_]; the
 * start and end of the text count as non-word).
 */
/** Set in a transition entry when the target state reports keywords (16-bit table; 32-bit above 32767 states). */
const OUT_FLAG_16 = 1 << 15;
const OUT_FLAG_32 = 1 << 30;
/** Boundary check bits of an output entry: bit 0 before, bit 1 after, the keyword's length above. */
const CHECK_BEFORE = 1;
const CHECK_AFTER = 2;
const IS_WORD = new Uint8Array(65536);
for (let c = 48; c <= 57; c++) IS_WORD[c] = 1;
for (let c = 65; c <= 90; c++) IS_WORD[c] = IS_WORD[c + 32] = 1;
IS_WORD[95] = 1;

/** Whether the occurrence ending at `end` passes the boundary check `check` (0: always). */
function boundaryHolds(text: string, end: number, check: number): boolean {
  if (check & CHECK_BEFORE) {
    const first = end + 1 - (check >> 2);
    if (IS_WORD[text.charCodeAt(first)] === (first > 0 ? IS_WORD[text.charCodeAt(first - 1)] : 0)) return false;
  }
  if (check & CHECK_AFTER) {
    if (IS_WORD[text.charCodeAt(end)] === (end + 1 < text.length ? IS_WORD[text.charCodeAt(end + 1)] : 0)) return false;
  }
  return true;
}

/** The boundary check of a keyword (0 for a plain one) and its text without the marks. */
function parseKeyword(kw: string): { check: number; text: string } {
  if (kw.length < 2 || (kw[0] !== WORD_BOUNDARY && kw[kw.length - 1] !== WORD_BOUNDARY)) return { check: 0, text: kw };
  const before = kw[0] === WORD_BOUNDARY;
  const after = kw[kw.length - 1] === WORD_BOUNDARY;
  const text = kw.slice(before ? 1 : 0, after ? kw.length - 1 : kw.length);
  return { check: text.length === 0 ? 0 : (text.length << 2) | (before ? CHECK_BEFORE : 0) | (after ? CHECK_AFTER : 0), text };
}
/** Scratch buffers of scanTargets, reused between scans (hit records: target, line, first and last occurrence end; last line per target, kept at -1). */
let scratchPairs = new Int32Array(4096);
let scratchLast = new Int32Array(0);
/** Per target: index into the hit records of its record on the current line (valid while scratchLast says that line). */
let scratchRecord = new Int32Array(0);

/**
 * Memory for the results of scans that are all dropped together (the files of one evaluate()
 * call): zeroed slices of one reused Int32Array instead of a fresh typed array per file, whose
 * backing store is otherwise allocated, zeroed by the system and collected again for every file.
 */
export class ScanArena {
  private buffer = new Int32Array(0);
  private used = 0;

  /** `maxRetained`: the largest buffer kept between uses (in ints); a larger request gets its own array. */
  constructor(private readonly maxRetained = 1 << 20) {}

  /** Makes the whole arena free again: only once no result of an earlier scan is read any more. */
  reset(): void {
    this.used = 0;
  }

  /** A zeroed array of `length` ints. */
  take(length: number): Int32Array {
    if (this.used + length > this.buffer.length) {
      if (length > this.maxRetained) return new Int32Array(length);
      // Slices already handed out keep the old buffer alive; the new one serves the next requests.
      this.buffer = new Int32Array(Math.min(this.maxRetained, Math.max(2 * this.buffer.length, 2 * length, 1 << 14)));
      this.used = 0;
    }
    const slice = this.buffer.subarray(this.used, this.used + length);
    slice.fill(0);
    this.used += length;
    return slice;
  }
}

export class KeywordAutomaton {
  /**
   * states × alphabet transition table (compact alphabet: only characters used by keywords; states
   * numbered breadth-first). An entry is the target state's number, with the bit above stateMask
   * set when that state reports keywords.
   */
  private readonly next: Uint16Array | Int32Array;
  /** Mask of the state number in a transition entry (the bit above it is the output flag). */
  private readonly stateMask: number;
  /** UTF-16 code unit → alphabet index (ASCII letters case-folded); 0 = a character no keyword uses. */
  private readonly alpha: Uint8Array;
  private readonly width: number;
  private readonly outStart: Int32Array; // per state: start into outList (output links flattened)
  private readonly outList: Int32Array;
  /** Per keyword: its boundary check (0: none). */
  private readonly check: Int32Array;
  readonly keywords: readonly string[];

  constructor(keywordsWithMarks: readonly string[]) {
    this.keywords = keywordsWithMarks;
    const parsed = keywordsWithMarks.map(parseKeyword);
    this.check = Int32Array.from(parsed, (p) => p.check);
    const keywords = parsed.map((p) => p.text);
    // Compact alphabet: index 0 for "any other character", 1..k for characters used by keywords.
    const alpha = new Uint8Array(128);
    let width = 1;
    for (const kw of keywords) {
      for (let i = 0; i < kw.length; i++) {
        let c = kw.charCodeAt(i);
        if (c >= 65 && c <= 90) c += 32;
        if (c > 127) c = 0;
        if (c !== 0 && alpha[c] === 0) alpha[c] = width++;
      }
    }
    for (let c = 65; c <= 90; c++) alpha[c] = alpha[c + 32];
    // Full code-unit table: characters outside ASCII map to 0 without a branch in the scan loop.
    const alphaAll = new Uint8Array(65536);
    alphaAll.set(alpha);
    this.alpha = alphaAll;
    this.width = width;
    // Build the trie.
    const children: Map<number, number>[] = [new Map()];
    const terminal: number[][] = [[]];
    keywords.forEach((kw, idx) => {
      let s = 0;
      for (let i = 0; i < kw.length; i++) {
        let c = kw.charCodeAt(i);
        if (c >= 65 && c <= 90) c += 32;
        c = c > 127 ? 0 : alpha[c];
        let next = children[s].get(c);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          terminal.push([]);
          children[s].set(c, next);
        }
        s = next;
      }
      terminal[s].push(idx);
    });
    const n = children.length;
    const delta = n < 65536 ? new Uint16Array(n * width) : new Int32Array(n * width);
    const fail = new Int32Array(n);
    const outputs: number[][] = terminal.map((t) => t.slice());
    // BFS to fill failure links and the full transition table.
    const queue: number[] = [];
    for (let c = 0; c < width; c++) {
      const child = children[0].get(c);
      if (child !== undefined) {
        delta[c] = child;
        fail[child] = 0;
        queue.push(child);
      } else {
        delta[c] = 0;
      }
    }
    for (let qi = 0; qi < queue.length; qi++) {
      const s = queue[qi];
      const f = fail[s];
      for (const output of outputs[f]) outputs[s].push(output);
      for (let c = 0; c < width; c++) {
        const child = children[s].get(c);
        if (child !== undefined) {
          delta[s * width + c] = child;
          fail[child] = delta[f * width + c];
          queue.push(child);
        } else {
          delta[s * width + c] = delta[f * width + c];
        }
      }
    }
    // States renumbered in breadth-first order: the shallow states, where a scan spends nearly all
    // its steps, get neighbouring rows of the table (it is larger than a core's cache).
    const order = [0, ...queue];
    const id = new Int32Array(n);
    order.forEach((old, i) => (id[old] = i));
    const outStart = new Int32Array(n + 1);
    let total = 0;
    for (let i = 0; i < n; i++) {
      outStart[i] = total;
      total += outputs[order[i]].length;
    }
    outStart[n] = total;
    const outList = new Int32Array(total);
    for (let i = 0, k = 0; i < n; i++) for (const o of outputs[order[i]]) outList[k++] = o;
    // 16-bit entries halve the table (it is read at every character and shared with the rest of a
    // scan's work in the cache); a larger automaton falls back to 32 bits.
    const small = n < OUT_FLAG_16;
    if (!small && n >= OUT_FLAG_32) throw new Error('keyword automaton too large');
    const outFlag = small ? OUT_FLAG_16 : OUT_FLAG_32;
    const next = small ? new Uint16Array(n * width) : new Int32Array(n * width);
    for (let old = 0; old < n; old++) {
      const row = id[old] * width;
      for (let c = 0; c < width; c++) {
        const t = delta[old * width + c];
        next[row + c] = id[t] + (outputs[t].length > 0 ? outFlag : 0);
      }
    }
    this.next = next;
    this.stateMask = outFlag - 1;
    this.outStart = outStart;
    this.outList = outList;
  }

  /**
   * Scans `text` and calls `onHit(keywordIndex, line)` for each occurrence (line is 0-based, the
   * line on which the keyword ends). Consecutive hits of the same keyword on the same line are
   * reported once.
   */
  scan(text: string, onHit: (keyword: number, line: number) => void): void {
    const next = this.next;
    const mask = this.stateMask;
    const alpha = this.alpha;
    const width = this.width;
    const outStart = this.outStart;
    const outList = this.outList;
    const check = this.check;
    const lastLine = new Int32Array(this.keywords.length).fill(-1);
    let s = 0;
    let line = 0;
    for (let i = 0, len = text.length; i < len; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) line++;
      const v = next[s * width + alpha[c]];
      s = v & mask;
      if (v === s) continue;
      const state = s;
      const a = outStart[state];
      const b = outStart[state + 1];
      for (let k = a; k < b; k++) {
        const kw = outList[k];
        if (lastLine[kw] !== line && (check[kw] === 0 || boundaryHolds(text, i, check[kw]))) {
          lastLine[kw] = line;
          onHit(kw, line);
        }
      }
    }
  }

  /** Sets `present[k] = 1` for every keyword k occurring in `text` (ASCII case folded), without allocating. */
  markPresent(text: string, present: Uint8Array): void {
    const next = this.next;
    const mask = this.stateMask;
    const alpha = this.alpha;
    const width = this.width;
    const outStart = this.outStart;
    const outList = this.outList;
    let s = 0;
    for (let i = 0, len = text.length; i < len; i++) {
      const v = next[s * width + alpha[text.charCodeAt(i)]];
      s = v & mask;
      if (v === s) continue;
      const state = s;
      for (let k = outStart[state], b = outStart[state + 1]; k < b; k++) {
        const kw = outList[k];
        if (this.check[kw] === 0 || boundaryHolds(text, i, this.check[kw])) present[kw] = 1;
      }
    }
  }

  /**
   * Scans `text` (of `lineCount` lines) once. Listed targets get the ascending list of lines on
   * which one of their keywords occurs: the lines of target t are `lines[start[t]] …
   * lines[start[t + 1] - 1]`. Flagged targets get one bit per line instead: bit (f & 31) of
   * `flags[line * flagWords + (f >> 5)]`. `lineStarts` gives the offset of each line's first
   * character. If the text has another number of lines than announced, the result is computed
   * again with the real count. With `arena` the result's arrays are slices of it (valid until its
   * next reset).
   */
  scanTargets(text: string, targets: KeywordTargets, lineCount: number, arena?: ScanArena): TargetLines {
    const next = this.next;
    const mask = this.stateMask;
    const alpha = this.alpha;
    const width = this.width;
    const programOf = targets.programOf;
    const program = targets.program;
    const words = targets.flagWords;
    const n = targets.count;
    // One allocation for the fixed-size parts (a typed array's backing store is the costly part
    // for small files): flags, line starts, per-target counts and list starts.
    const rows = Math.max(1, lineCount);
    const size = rows * words + rows + 2 * (n + 1);
    const buffer = arena ? arena.take(size) : new Int32Array(size);
    const flags = buffer.subarray(0, rows * words);
    const lineStarts = buffer.subarray(rows * words, rows * words + rows);
    const count = buffer.subarray(rows * words + rows, rows * words + rows + n + 1);
    const start = buffer.subarray(rows * words + rows + n + 1);
    if (scratchLast.length < n) {
      scratchLast = new Int32Array(n).fill(-1);
      scratchRecord = new Int32Array(n);
    }
    const lastLine = scratchLast;
    const record = scratchRecord;
    let pairs = scratchPairs;
    let np = 0;
    let s = 0;
    let line = 0;
    let row = 0;
    let overflow = false;
    try {
      for (let i = 0, len = text.length; i < len; i++) {
        const c = text.charCodeAt(i);
        if (c === 10) {
          line++;
          if (line >= lineCount) {
            overflow = true;
            break;
          }
          row += words;
          lineStarts[line] = i + 1;
        }
        const v = next[s * width + alpha[c]];
        s = v & mask;
        if (v === s) continue;
        // The state's output program (see KeywordTargets): flag words, then listed targets.
        let p = programOf[s];
        const flagEnd = p + 1 + 3 * program[p];
        for (p++; p < flagEnd; p += 3) if (program[p + 2] === 0 || boundaryHolds(text, i, program[p + 2])) flags[row + program[p]] |= program[p + 1];
        const listEnd = p + 1 + 2 * program[p];
        for (p++; p < listEnd; p += 2) {
          if (program[p + 1] !== 0 && !boundaryHolds(text, i, program[p + 1])) continue;
          const t = program[p];
          if (lastLine[t] === line) {
            pairs[record[t] + 3] = i;
            continue;
          }
          lastLine[t] = line;
          record[t] = np;
          count[t + 1]++;
          if (np + 4 > pairs.length) {
            const grown = new Int32Array(pairs.length * 2);
            grown.set(pairs);
            pairs = scratchPairs = grown;
          }
          pairs[np++] = t;
          pairs[np++] = line;
          pairs[np++] = i;
          pairs[np++] = i;
        }
      }
    } finally {
      // Leave the scratch state clean for the next scan (only touched targets changed).
      for (let k = 0; k < np; k += 4) lastLine[pairs[k]] = -1;
    }
    if (overflow || line + 1 !== lineCount) return this.scanTargets(text, targets, countLines(text), arena);
    for (let t = 0; t < n; t++) count[t + 1] += count[t];
    start.set(count);
    const records = np >> 2;
    const ends = arena ? arena.take(3 * records) : new Int32Array(3 * records);
    const lines = ends.subarray(0, records);
    const firstEnd = ends.subarray(records, 2 * records);
    const lastEnd = ends.subarray(2 * records);
    for (let k = 0; k < np; k += 4) {
      const j = count[pairs[k]]++;
      lines[j] = pairs[k + 1];
      firstEnd[j] = pairs[k + 2];
      lastEnd[j] = pairs[k + 3];
    }
    return { start, lines, firstEnd, lastEnd, lineCount, lineStarts, flags, flagWords: words };
  }

  /**
   * Per automaton state: the distinct listed targets and the flagged targets of the keywords it
   * reports (see scanTargets). `listedOf[keyword]` / `flaggedOf[keyword]` give a keyword's targets.
   */
  targets(listedOf: ReadonlyArray<readonly number[]>, count: number, flaggedOf: ReadonlyArray<readonly number[]> = [], flagCount = 0): KeywordTargets {
    const nStates = this.outStart.length - 1;
    const programOf = new Int32Array(nStates);
    // Offset 0: the empty program (no flag word, no listed target) of states that report nothing.
    const program: number[] = [0, 0];
    for (let st = 0; st < nStates; st++) {
      if (this.outStart[st] === this.outStart[st + 1]) continue;
      // Per target (and flag word): the distinct boundary checks of the state's keywords; a
      // keyword without a check makes the others redundant.
      const listed = new Map<number, Set<number>>();
      const masks = new Map<string, number>();
      const add = <K>(map: Map<K, Set<number>>, key: K, check: number) => {
        const known = map.get(key);
        if (known === undefined) map.set(key, new Set([check]));
        else if (!known.has(0)) {
          if (check === 0) known.clear();
          known.add(check);
        }
      };
      const flagged = new Map<number, Set<number>>();
      for (let k = this.outStart[st]; k < this.outStart[st + 1]; k++) {
        const kw = this.outList[k];
        for (const t of listedOf[kw] ?? []) add(listed, t, this.check[kw]);
        for (const f of flaggedOf[kw] ?? []) add(flagged, f, this.check[kw]);
      }
      for (const [f, checks] of flagged) for (const c of checks) masks.set(`${f >> 5}/${c}`, (masks.get(`${f >> 5}/${c}`) ?? 0) | (1 << (f & 31)));
      if (listed.size === 0 && masks.size === 0) continue;
      programOf[st] = program.length;
      program.push(masks.size);
      for (const [key, mask] of masks) {
        const [slot, c] = key.split('/').map(Number);
        program.push(slot, mask, c);
      }
      let listedCount = 0;
      for (const checks of listed.values()) listedCount += checks.size;
      program.push(listedCount);
      for (const [t, checks] of listed) for (const c of checks) program.push(t, c);
    }
    return { count, flagWords: Math.max(1, Math.ceil(flagCount / 32)), programOf, program: Int32Array.from(program) };
  }
}

function countLines(text: string): number {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}

/** Targets of an automaton's output states (built by `KeywordAutomaton.targets`). */
export interface KeywordTargets {
  /** Number of listed targets. */
  count: number;
  /** Int32 words of flags per line. */
  flagWords: number;
  /** Per state: the offset of its output program in `program` (0: the empty program). */
  programOf: Int32Array;
  /**
   * Output programs, one contiguous run per state (what a scan reads at an output state is in one
   * or two cache lines): the number of flag words, then per flag word (word, bit mask, boundary
   * check); the number of listed targets, then per target (target, boundary check). A boundary
   * check of 0 always passes; a target may appear once per distinct check.
   */
  program: Int32Array;
}

/** Lines per target: the lines of target t are `lines[start[t]] … lines[start[t + 1] - 1]`, ascending. */
export interface TargetLines {
  start: Int32Array;
  lines: Int32Array;
  /**
   * Parallel to `lines`: the offset of the last character of the first and of the last keyword
   * occurrence of the target on that line (a window can start near them, not anywhere on the line).
   */
  firstEnd: Int32Array;
  lastEnd: Int32Array;
  /** Number of lines of the scanned text (line breaks + 1), and the offset where each starts. */
  lineCount: number;
  lineStarts: Int32Array;
  /** Flagged targets per line (see scanTargets). */
  flags: Int32Array;
  flagWords: number;
}
