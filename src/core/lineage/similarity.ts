/**
 * Content-aware similarity of two scans (spec "Fingerprint and relation rules" 5, DESIGN
 * "Similarity").
 *
 * Files are matched by path. Per path of the union: same hash = 1; both sides text and
 * different hash = line LCS ratio 2·LCS/(|a|+|b|) (see lcs.ts for the line model); added,
 * removed, or changed with a binary side (content null) = 0.
 * similarity = round-half-up(100 · Σ / |union of paths|), computed exactly (39.5 → 40 even when
 * floating point would give 39.4999…). Two scans without files: 100 (nothing differs; they also
 * share the fingerprint). Paths are unique within a scan (ingest guarantees it); should a path
 * repeat, the last entry wins.
 */
import { lcsLength, splitLines } from './lcs';

/** What lineage needs of a stored or freshly ingested file. `content` is null for binary files. */
export interface FileSide {
  path: string;
  hash: string;
  size: number;
  content: string | null;
}

/** A per-path contribution num/den (den > 0). */
export interface Ratio {
  num: number;
  den: number;
}

export const ONE: Ratio = { num: 1, den: 1 };
export const ZERO: Ratio = { num: 0, den: 1 };

/** Exact round-half-up of 100 · Σ(num/den) / total (total > 0). */
export function roundedPercent(ratios: readonly Ratio[], total: number): number {
  let x = 0;
  for (const r of ratios) if (r.num !== 0) x += r.num / r.den;
  x = (100 * x) / total;
  const frac = x - Math.floor(x);
  if (Math.abs(frac - 0.5) > 1e-6) return Math.round(x);
  // Close to a .5 boundary: decide with exact rational arithmetic.
  let p = 0n;
  let q = 1n;
  for (const r of ratios) {
    if (r.num === 0) continue;
    const rn = BigInt(r.num);
    const rd = BigInt(r.den);
    p = p * rd + rn * q;
    q = q * rd;
    const g = gcd(p, q);
    p /= g;
    q /= g;
  }
  const t = BigInt(total);
  return Number((200n * p + q * t) / (2n * q * t));
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Line-ratio parts of two texts: 2·LCS over |a|+|b| (1/1 for two empty texts). */
export function textRatio(a: string, b: string): Ratio {
  const la = splitLines(a);
  const lb = splitLines(b);
  if (la.length + lb.length === 0) return ONE;
  return { num: 2 * lcsLength(la, lb), den: la.length + lb.length };
}

/** Contribution of one path: `a` or `b` undefined when the path exists on one side only. */
export function fileRatio(a: FileSide | undefined, b: FileSide | undefined): Ratio {
  if (!a || !b) return ZERO;
  if (a.hash === b.hash) return ONE;
  if (a.content === null || b.content === null) return ZERO;
  return textRatio(a.content, b.content);
}

export function byPath<T extends { path: string }>(files: readonly T[]): Map<string, T> {
  const map = new Map<string, T>();
  for (const f of files) map.set(f.path, f);
  return map;
}

/** Integer similarity 0–100 of two scans (symmetric). */
export function scanSimilarity(a: readonly FileSide[], b: readonly FileSide[]): number {
  const ma = byPath(a);
  const mb = byPath(b);
  const union = new Set<string>([...ma.keys(), ...mb.keys()]);
  if (union.size === 0) return 100;
  const ratios: Ratio[] = [];
  for (const path of union) ratios.push(fileRatio(ma.get(path), mb.get(path)));
  return roundedPercent(ratios, union.size);
}

/**
 * Rule 6 "at least one file is byte-identical to a file of the compared scan": true when some
 * file of `a` has the same hash as some file of `b`, at any path (a renamed or moved but
 * unchanged file counts; a path present on both sides with equal hashes is the common case).
 * Zero-byte files are ignored: an empty `__init__.py` or `.gitkeep` carries no content and must
 * not make two unrelated skills "modified" versions of each other.
 */
export function hasByteIdenticalFile(
  a: readonly { hash: string }[],
  b: readonly { hash: string }[],
): boolean {
  const hashes = new Set<string>();
  for (const f of a) if (f.hash !== EMPTY_SHA256) hashes.add(f.hash);
  return b.some((f) => hashes.has(f.hash));
}

/** SHA-256 of zero bytes. */
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
