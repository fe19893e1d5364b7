/**
 * Line-level longest common subsequence (LCS), the basis of the spec's "line-level similarity".
 *
 * Line model (used by similarity, diff and the candidate line hashes alike):
 * - content is split on `\n`; one trailing `\r` is stripped from every line, so a CRLF file and
 *   the same text with LF line ends have equal lines (LCS ratio 1). Their raw bytes, and so
 *   their file hashes, still differ: such a file is "modified" with line similarity 1 and a
 *   line diff without add/remove lines.
 * - a final newline does not create an extra empty line: `"a\n"` and `"a"` are both `["a"]`;
 *   `""` is `[]`; `"\n"` is `[""]`.
 *
 * Algorithm (exact, never a heuristic for lengths):
 * 1. strip the common prefix and suffix;
 * 2. intern the remaining lines as integers and drop lines that occur on one side only (they can
 *    never be part of a common subsequence, so the LCS is unchanged; a full rewrite becomes
 *    empty here);
 * 3. Myers' O((N+M)·D) middle-snake algorithm (linear space) on what is left;
 * 4. for LCS lengths only: when Myers exceeds a work budget of half the estimated cost of the
 *    cheaper exact fallback, that fallback finishes the job: the bit-parallel LCS (Allison–Dix /
 *    Hyyrö, O(N·M/32), when its match masks fit in 16 MB) or Hunt–Szymanski (O((r+N)·log N) for
 *    r matching line pairs, good when lines are mostly distinct). Only huge files made of
 *    heavily reordered, frequently repeated lines stay slow (seconds for 10 MB files).
 *
 * {@link lcsAlign} (used by the diff) takes an optional work budget: when it runs out, the
 * remaining blocks are reported as plain remove/add (a valid but not minimal diff). Without a
 * budget it is minimal.
 */

/** Split content into normalised lines (see the module comment). */
export function splitLines(content: string): string[] {
  if (content === '') return [];
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > 0 && line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
  }
  return lines;
}

interface Prepared {
  /** Interned, filtered middle parts. */
  a: Int32Array;
  b: Int32Array;
  /** Original indexes of the filtered elements. */
  aIdx: Int32Array;
  bIdx: Int32Array;
  prefix: number;
  suffix: number;
  /** Number of distinct symbols in the filtered parts (ids 0..symbols-1). */
  symbols: number;
}

/** Lengths of the common prefix and of the common suffix after it (they never overlap). */
export function commonEnds(a: readonly string[], b: readonly string[]): { prefix: number; suffix: number } {
  const n = a.length;
  const m = b.length;
  let prefix = 0;
  while (prefix < n && prefix < m && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < n - prefix && suffix < m - prefix && a[n - 1 - suffix] === b[m - 1 - suffix]) suffix++;
  return { prefix, suffix };
}

function prepare(a: readonly string[], b: readonly string[]): Prepared {
  const n = a.length;
  const m = b.length;
  const { prefix, suffix } = commonEnds(a, b);
  const aEnd = n - suffix;
  const bEnd = m - suffix;

  // Symbols of b first, then keep only a's lines that occur in b and b's lines that occur in a.
  const ids = new Map<string, number>();
  const bRaw = new Int32Array(bEnd - prefix);
  let next = 0;
  for (let j = prefix; j < bEnd; j++) {
    let id = ids.get(b[j]);
    if (id === undefined) {
      id = next++;
      ids.set(b[j], id);
    }
    bRaw[j - prefix] = id;
  }
  const usedInA = new Uint8Array(next);
  const remap = new Int32Array(next).fill(-1);
  let symbols = 0;
  const aTmp: number[] = [];
  const aIdxTmp: number[] = [];
  for (let i = prefix; i < aEnd; i++) {
    const id = ids.get(a[i]);
    if (id === undefined) continue;
    if (!usedInA[id]) {
      usedInA[id] = 1;
      remap[id] = symbols++;
    }
    aTmp.push(remap[id]);
    aIdxTmp.push(i);
  }
  const bTmp: number[] = [];
  const bIdxTmp: number[] = [];
  for (let j = 0; j < bRaw.length; j++) {
    const id = remap[bRaw[j]];
    if (id < 0) continue;
    bTmp.push(id);
    bIdxTmp.push(j + prefix);
  }
  return {
    a: Int32Array.from(aTmp),
    b: Int32Array.from(bTmp),
    aIdx: Int32Array.from(aIdxTmp),
    bIdx: Int32Array.from(bIdxTmp),
    prefix,
    suffix,
    symbols,
  };
}

interface Budget {
  left: number;
  exhausted: boolean;
}

/**
 * Myers' middle snake ("bisect", as in diff-match-patch) on a[aLo,aHi) × b[bLo,bHi), both
 * non-empty and without a common prefix/suffix. Returns the split point or null when the budget
 * runs out.
 */
function bisect(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  budget: Budget,
): [number, number] | null {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const maxD = Math.ceil((n + m) / 2);
  const off = maxD;
  const size = 2 * maxD + 2;
  const v1 = new Int32Array(size).fill(-1);
  const v2 = new Int32Array(size).fill(-1);
  v1[off + 1] = 0;
  v2[off + 1] = 0;
  const delta = n - m;
  const front = (delta & 1) !== 0;
  let k1start = 0;
  let k1end = 0;
  let k2start = 0;
  let k2end = 0;
  for (let d = 0; d < maxD; d++) {
    if (budget.left < 0) {
      budget.exhausted = true;
      return null;
    }
    for (let k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
      const k1o = off + k1;
      let x1 = k1 === -d || (k1 !== d && v1[k1o - 1] < v1[k1o + 1]) ? v1[k1o + 1] : v1[k1o - 1] + 1;
      let y1 = x1 - k1;
      const x1s = x1;
      while (x1 < n && y1 < m && a[aLo + x1] === b[bLo + y1]) {
        x1++;
        y1++;
      }
      budget.left -= 1 + x1 - x1s;
      v1[k1o] = x1;
      if (x1 > n) k1end += 2;
      else if (y1 > m) k1start += 2;
      else if (front) {
        const k2o = off + delta - k1;
        if (k2o >= 0 && k2o < size && v2[k2o] !== -1) {
          if (x1 >= n - v2[k2o]) return [aLo + x1, bLo + y1];
        }
      }
    }
    for (let k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
      const k2o = off + k2;
      let x2 = k2 === -d || (k2 !== d && v2[k2o - 1] < v2[k2o + 1]) ? v2[k2o + 1] : v2[k2o - 1] + 1;
      let y2 = x2 - k2;
      const x2s = x2;
      while (x2 < n && y2 < m && a[aHi - 1 - x2] === b[bHi - 1 - y2]) {
        x2++;
        y2++;
      }
      budget.left -= 1 + x2 - x2s;
      v2[k2o] = x2;
      if (x2 > n) k2end += 2;
      else if (y2 > m) k2start += 2;
      else if (!front) {
        const k1o = off + delta - k2;
        if (k1o >= 0 && k1o < size && v1[k1o] !== -1) {
          const x1 = v1[k1o];
          const y1 = off + x1 - k1o;
          if (x1 >= n - x2) return [aLo + x1, bLo + y1];
        }
      }
    }
  }
  // Unreachable for non-empty inputs (the paths always meet); treat as "no common line".
  return [aLo, bHi];
}

/** Appends matched pairs (filtered indexes) of a[aLo,aHi) × b[bLo,bHi) to `out`, in order. */
function alignRange(
  a: Int32Array,
  aLo: number,
  aHi: number,
  b: Int32Array,
  bLo: number,
  bHi: number,
  out: number[],
  budget: Budget,
): void {
  // Recursion depth stays logarithmic in D: each middle snake halves the edit count.
  while (aLo < aHi && bLo < bHi && a[aLo] === b[bLo]) {
    out.push(aLo++, bLo++);
  }
  let sfx = 0;
  while (aHi - sfx > aLo && bHi - sfx > bLo && a[aHi - 1 - sfx] === b[bHi - 1 - sfx]) sfx++;
  aHi -= sfx;
  bHi -= sfx;
  if (aLo < aHi && bLo < bHi) {
    const split = bisect(a, aLo, aHi, b, bLo, bHi, budget);
    if (split && !(split[0] === aLo && split[1] === bLo) && !(split[0] === aHi && split[1] === bHi)) {
      alignRange(a, aLo, split[0], b, bLo, split[1], out, budget);
      alignRange(a, split[0], aHi, b, split[1], bHi, out, budget);
    }
  }
  for (let s = 0; s < sfx; s++) out.push(aHi + s, bHi + s);
}

/**
 * An LCS alignment: `pairs` holds (i, j) pairs flattened ([i0, j0, i1, j1, ...]) with strictly
 * increasing i and j and a[i] === b[j]. `minimal` is false when the budget ran out (the pairs
 * are then a common subsequence, not necessarily a longest one).
 */
export interface LcsAlignment {
  pairs: Int32Array;
  minimal: boolean;
}

/** Matched line pairs of a longest common subsequence (see the module comment). */
export function lcsAlign(a: readonly string[], b: readonly string[], workBudget = Infinity): LcsAlignment {
  const p = prepare(a, b);
  const budget: Budget = { left: workBudget, exhausted: false };
  const mid: number[] = [];
  alignRange(p.a, 0, p.a.length, p.b, 0, p.b.length, mid, budget);
  const pairs = new Int32Array(2 * p.prefix + mid.length + 2 * p.suffix);
  let w = 0;
  for (let i = 0; i < p.prefix; i++) {
    pairs[w++] = i;
    pairs[w++] = i;
  }
  for (let k = 0; k < mid.length; k += 2) {
    pairs[w++] = p.aIdx[mid[k]];
    pairs[w++] = p.bIdx[mid[k + 1]];
  }
  for (let s = p.suffix; s > 0; s--) {
    pairs[w++] = a.length - s;
    pairs[w++] = b.length - s;
  }
  return { pairs, minimal: !budget.exhausted };
}

/** Largest match-mask table (in 32-bit words) the bit-parallel fallback may allocate (16 MB). */
const MAX_MASK_WORDS = 4 * 1024 * 1024;

/**
 * Bit-parallel LCS length of two interned sequences (symbols 0..symbols-1), or null when the
 * match masks would exceed {@link MAX_MASK_WORDS}. Exported for tests.
 */
export function lcsLengthBitParallel(x: Int32Array, y: Int32Array, symbols: number): number | null {
  const [s, t] = x.length <= y.length ? [x, y] : [y, x];
  const n = s.length;
  if (n === 0) return 0;
  const words = Math.ceil(n / 32);
  if (symbols * words > MAX_MASK_WORDS) return null;
  const masks = new Uint32Array(symbols * words);
  for (let i = 0; i < n; i++) masks[s[i] * words + (i >>> 5)] |= 1 << (i & 31);
  const v = new Uint32Array(words).fill(0xffffffff);
  for (let j = 0; j < t.length; j++) {
    const base = t[j] * words;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const vw = v[w];
      const u = (vw & masks[base + w]) >>> 0;
      const sum = vw + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = (sum >>> 0) | (vw & ~u);
    }
  }
  let zeros = 0;
  for (let i = 0; i < n; i++) if ((v[i >>> 5] & (1 << (i & 31))) === 0) zeros++;
  return zeros;
}

/**
 * Hunt–Szymanski LCS length, O((r + n) log n) for r matching pairs: fast when matches are
 * sparse (many distinct lines). Exported for tests.
 */
export function lcsLengthHuntSzymanski(x: Int32Array, y: Int32Array, symbols: number): number {
  // Positions of each symbol in y, in decreasing order (CSR layout).
  const start = new Int32Array(symbols + 1);
  for (let j = 0; j < y.length; j++) start[y[j] + 1]++;
  for (let s = 0; s < symbols; s++) start[s + 1] += start[s];
  const fill = start.slice(0, symbols);
  const pos = new Int32Array(y.length);
  for (let j = y.length - 1; j >= 0; j--) pos[fill[y[j]]++] = j;
  // thresh[k] = smallest end position in y of a common subsequence of length k + 1.
  const thresh = new Int32Array(Math.min(x.length, y.length) + 1);
  let len = 0;
  for (let i = 0; i < x.length; i++) {
    const sym = x[i];
    for (let p = start[sym]; p < start[sym + 1]; p++) {
      const j = pos[p];
      let lo = 0;
      let hi = len;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (thresh[mid] < j) lo = mid + 1;
        else hi = mid;
      }
      thresh[lo] = j;
      if (lo === len) len++;
    }
  }
  return len;
}

/** Exact LCS length of two line arrays. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  const p = prepare(a, b);
  const fixed = p.prefix + p.suffix;
  const n = p.a.length;
  const m = p.b.length;
  if (n === 0 || m === 0) return fixed;
  // Cost estimates (in comparable inner-loop steps) of the two exact fallbacks.
  const shorter = Math.min(n, m);
  const bitCost = Math.ceil(shorter / 32) * Math.max(n, m) * 2;
  const bitFits = p.symbols * Math.ceil(shorter / 32) <= MAX_MASK_WORDS;
  const countA = new Float64Array(p.symbols);
  const countB = new Float64Array(p.symbols);
  for (let i = 0; i < n; i++) countA[p.a[i]]++;
  for (let j = 0; j < m; j++) countB[p.b[j]]++;
  let pairs = 0;
  for (let s = 0; s < p.symbols; s++) pairs += countA[s] * countB[s];
  const hsCost = (pairs + n) * Math.max(1, Math.log2(shorter + 1));
  const fallbackCost = Math.min(hsCost, bitFits ? bitCost : Infinity);
  const budget: Budget = { left: Math.max(fallbackCost / 2, 10_000), exhausted: false };
  const mid: number[] = [];
  alignRange(p.a, 0, n, p.b, 0, m, mid, budget);
  if (!budget.exhausted) return fixed + mid.length / 2;
  if (bitFits && bitCost <= hsCost) return fixed + (lcsLengthBitParallel(p.a, p.b, p.symbols) as number);
  return fixed + lcsLengthHuntSzymanski(p.a, p.b, p.symbols);
}

/** 2·LCS / (|a| + |b|); 1 when both are empty. */
export function lineRatio(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}
