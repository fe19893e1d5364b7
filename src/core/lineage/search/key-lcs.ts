/**
 * LCS bounds from stored line-key sequences (line-stats.ts {@link FileLineStats.sequence}): equal
 * lines have equal keys, so the LCS of two key sequences is at least that of the lines — an
 * upper bound computed without the stored content.
 *
 * The current scan's side is prepared once per search (one bit mask per distinct key), so a
 * stored file costs one pass: the bit-parallel LCS of Hyyrö (2004), ⌈n/32⌉ word operations per
 * stored line, where n is the current file's line count.
 */
import { SEQUENCE_KEY_BYTES } from './line-stats';

export interface PreparedKeys {
  length: number;
  /** 32-bit words per mask. */
  words: number;
  /** Bit i of masks(k) is set when line i has key k. */
  masks: Map<number, Uint32Array>;
  /** Scratch bit vector of {@link keyLcsLength} (one search runs one LCS at a time). */
  v: Uint32Array;
}

/** The keys of a stored sequence (4 bytes big-endian per line). */
export function keysOf(sequence: Uint8Array): Uint32Array {
  const n = Math.floor(sequence.length / SEQUENCE_KEY_BYTES);
  const out = new Uint32Array(n);
  for (let i = 0, k = 0; k < n; i += SEQUENCE_KEY_BYTES, k++) {
    out[k] = ((sequence[i] << 24) | (sequence[i + 1] << 16) | (sequence[i + 2] << 8) | sequence[i + 3]) >>> 0;
  }
  return out;
}

export function prepareKeys(keys: Uint32Array): PreparedKeys {
  const words = Math.max(1, Math.ceil(keys.length / 32));
  const masks = new Map<number, Uint32Array>();
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    let mask = masks.get(k);
    if (!mask) masks.set(k, (mask = new Uint32Array(words)));
    mask[i >>> 5] |= 1 << (i & 31);
  }
  return { length: keys.length, words, masks, v: new Uint32Array(words) };
}

/** Work units of {@link keyLcsLength} (comparable to bounded-lcs.ts's) against a stored sequence of `bLength` lines. */
export const keyLcsWork = (a: PreparedKeys, bLength: number): number => a.length + bLength + a.words * bLength;

/** Lines of a stored sequence. */
export const sequenceLength = (sequence: Uint8Array): number => Math.floor(sequence.length / SEQUENCE_KEY_BYTES);

/** Exact LCS length of the key sequences a (prepared) and b (a stored sequence, read in place). */
export function keyLcsLength(a: PreparedKeys, b: Uint8Array): number {
  const bLength = sequenceLength(b);
  if (a.length === 0 || bLength === 0) return 0;
  const words = a.words;
  // V starts with the low n bits set; a zero bit marks a matched line of a.
  const v = a.v.fill(0xffffffff);
  const rest = a.length & 31;
  if (rest !== 0) v[words - 1] = (2 ** rest - 1) >>> 0;
  for (let i = 0; i < bLength * SEQUENCE_KEY_BYTES; i += SEQUENCE_KEY_BYTES) {
    const m = a.masks.get(((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0);
    if (!m) continue;
    // V' = (V + U) | (V & ~U) with U = V & M (V − U has no borrow: U ⊆ V).
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const vw = v[w];
      const u = vw & m[w];
      const sum = vw + (u >>> 0) + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[w] = ((sum >>> 0) | (vw & ~u)) >>> 0;
    }
  }
  let ones = 0;
  for (let w = 0; w < words; w++) {
    let x = w === words - 1 && rest !== 0 ? v[w] & ((2 ** rest - 1) >>> 0) : v[w];
    x = x - ((x >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    ones += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return a.length - ones;
}
