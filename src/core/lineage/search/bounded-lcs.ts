/**
 * LCS length under a work budget, so that one request cannot spend seconds on a pair of huge,
 * heavily reordered files.
 *
 * The exact `lcsLength` of src/core/lineage costs at most about 1.5 × min(Hunt–Szymanski cost,
 * bit-parallel cost) after stripping the common prefix/suffix and the lines that occur on one
 * side only (see lcs.ts). {@link estimateLcsCost} computes that figure in O(n + m); when it fits
 * the remaining budget the exact length is computed. Otherwise the budgeted Myers alignment
 * (`lcsAlign(a, b, budget)`) still finishes quickly: it is exact when it completes within the
 * budget and otherwise returns a common subsequence, i.e. a LOWER bound of the LCS.
 */
import { commonEnds, lcsAlign, lcsLength } from '../lcs';

/** Work units (comparable to the inner-loop steps counted by lcs.ts). */
export interface WorkBudget {
  left: number;
}

const MAX_MASK_WORDS = 4 * 1024 * 1024; // as in lcs.ts
/**
 * Least work charged per LCS beyond its O(n + m) pass. Holders of a popular file that tie closely
 * need hundreds of small LCS whose lines, once those on one side only are stripped, are a few
 * dozen: at 10 000 (before) the growth bench's 12 KB catalogue skills ran out of the 20 M budget
 * after ~600 of them (about 3 in 40 skills carrying the LICENSE at 20 000 stored, silently
 * inexact), while those LCS took well under a tenth of that work.
 */
const LCS_COST_FLOOR = 1_000;

/** Upper estimate of the work units the exact lcsLength(a, b) needs. */
export function estimateLcsCost(a: readonly string[], b: readonly string[]): number {
  const n0 = a.length;
  const m0 = b.length;
  const { prefix, suffix } = commonEnds(a, b);
  const countB = new Map<string, number>();
  for (let j = prefix; j < m0 - suffix; j++) countB.set(b[j], (countB.get(b[j]) ?? 0) + 1);
  const countA = new Map<string, number>();
  let n = 0;
  for (let i = prefix; i < n0 - suffix; i++) {
    if (!countB.has(a[i])) continue;
    countA.set(a[i], (countA.get(a[i]) ?? 0) + 1);
    n++;
  }
  let m = 0;
  let pairs = 0;
  for (const [line, ca] of countA) {
    const cb = countB.get(line) as number;
    m += cb;
    pairs += ca * cb;
  }
  const base = n0 + m0;
  if (n === 0 || m === 0) return base;
  const shorter = Math.min(n, m);
  const words = Math.ceil(shorter / 32);
  const bitCost = countA.size * words <= MAX_MASK_WORDS ? words * Math.max(n, m) * 2 : Infinity;
  const hsCost = (pairs + n) * Math.max(1, Math.log2(shorter + 1));
  return base + 1.5 * Math.max(Math.min(bitCost, hsCost), LCS_COST_FLOOR);
}

export interface BoundedLcs {
  length: number;
  /** false: `length` is a lower bound (the budget ran out). */
  exact: boolean;
}

/**
 * A cheap common subsequence: common prefix and suffix plus the longest increasing run of lines
 * that occur exactly once on each side (the anchors of a patience diff). O((n + m) log n).
 */
export function uniqueLineLowerBound(a: readonly string[], b: readonly string[]): number {
  const n0 = a.length;
  const m0 = b.length;
  const { prefix, suffix } = commonEnds(a, b);
  const inA = new Map<string, number>(); // line → index, or -1 when repeated
  for (let i = prefix; i < n0 - suffix; i++) inA.set(a[i], inA.has(a[i]) ? -1 : i);
  const inB = new Map<string, number>();
  for (let j = prefix; j < m0 - suffix; j++) inB.set(b[j], inB.has(b[j]) ? -1 : j);
  const js: number[] = [];
  for (let i = prefix; i < n0 - suffix; i++) {
    if (inA.get(a[i]) !== i) continue;
    const j = inB.get(a[i]);
    if (j !== undefined && j >= 0) js.push(j);
  }
  const tails: number[] = [];
  for (const j of js) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (tails[mid] < j) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = j;
  }
  return prefix + suffix + tails.length;
}

/**
 * LCS length of two line arrays: exact when its estimated cost fits the budget, else the
 * budgeted Myers alignment (exact if it completes), else the larger of that partial alignment
 * and {@link uniqueLineLowerBound} — a lower bound.
 */
export function boundedLcsLength(a: readonly string[], b: readonly string[], budget: WorkBudget): BoundedLcs {
  const cost = estimateLcsCost(a, b);
  if (cost <= budget.left) {
    budget.left -= cost;
    return { length: lcsLength(a, b), exact: true };
  }
  const myers = Math.max(0, budget.left - (a.length + b.length));
  budget.left = 0;
  const { pairs, minimal } = lcsAlign(a, b, myers);
  if (minimal) return { length: pairs.length / 2, exact: true };
  return { length: Math.max(pairs.length / 2, uniqueLineLowerBound(a, b)), exact: false };
}
