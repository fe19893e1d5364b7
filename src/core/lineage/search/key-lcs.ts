/**
 * LCS bounds from stored line-key sequences (line-stats.ts {@link FileLineStats.sequence}): equal
 * lines have equal keys, so the LCS of two key sequences is at least that of the lines — an
 * upper bound computed without the stored content.
 *
 * The current scan's side is prepared once per search (one bit mask per distinct key, found
 * through a small open-addressing table), so a stored file costs one pass: the bit-parallel LCS
 * of Hyyrö (2004), ⌈n/32⌉ word operations per stored line, where n is the current file's line
 * count. The masks take distinct keys × ⌈n/32⌉ words: a file above {@link KEY_MASK_WORDS_MAX}
 * gets none (its candidates are bounded and compared as without sequences).
 */
import { SEQUENCE_KEY_BYTES } from './line-stats';

/** Most mask words one prepared file may take (4 MB; a 20 000-line file of distinct lines would need 50 MB). */
export const KEY_MASK_WORDS_MAX = 1 << 20;

export interface PreparedKeys {
  length: number;
  /** 32-bit words per mask. */
  words: number;
  /** Open-addressing table: slot → distinct key index, -1 when empty; its keys; log2 of its size. */
  slots: Int32Array;
  slotKeys: Uint32Array;
  bits: number;
  /** Mask of distinct key d at [d · words, (d + 1) · words): bit i set when line i has that key. */
  masks: Uint32Array;
  /** Scratch bit vector of {@link keyLcsLength} (one search runs one LCS at a time). */
  v: Uint32Array;
}

/** The keys of a stored sequence (4 bytes big-endian per line). */
export function keysOf(sequence: Uint8Array): Uint32Array {
  const n = sequenceLength(sequence);
  const out = new Uint32Array(n);
  for (let i = 0, k = 0; k < n; i += SEQUENCE_KEY_BYTES, k++) out[k] = keyAt(sequence, i);
  return out;
}

const keyAt = (b: Uint8Array, i: number): number => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;

/** Lines of a stored sequence. */
export const sequenceLength = (sequence: Uint8Array): number => Math.floor(sequence.length / SEQUENCE_KEY_BYTES);

function slotOf(p: PreparedKeys, key: number): number {
  const mask = (1 << p.bits) - 1;
  let s = Math.imul(key, 0x9e3779b1) >>> (32 - p.bits);
  while (p.slots[s] !== -1 && p.slotKeys[s] !== key) s = (s + 1) & mask;
  return s;
}

/** C's side of a text file, or null when its masks would exceed {@link KEY_MASK_WORDS_MAX}. */
export function prepareKeys(keys: Uint32Array): PreparedKeys | null {
  const words = Math.max(1, Math.ceil(keys.length / 32));
  const distinct = new Set(keys).size;
  if (distinct * words > KEY_MASK_WORDS_MAX) return null;
  let bits = 4;
  while (1 << bits < 2 * distinct) bits++;
  const p: PreparedKeys = {
    length: keys.length,
    words,
    slots: new Int32Array(1 << bits).fill(-1),
    slotKeys: new Uint32Array(1 << bits),
    bits,
    masks: new Uint32Array(distinct * words),
    v: new Uint32Array(words),
  };
  let next = 0;
  for (let i = 0; i < keys.length; i++) {
    const s = slotOf(p, keys[i]);
    if (p.slots[s] === -1) {
      p.slots[s] = next++;
      p.slotKeys[s] = keys[i];
    }
    p.masks[p.slots[s] * words + (i >>> 5)] |= 1 << (i & 31);
  }
  return p;
}

/** Work units of {@link keyLcsLength} (comparable to bounded-lcs.ts's) against a stored sequence of `bLength` lines. */
export const keyLcsWork = (a: PreparedKeys, bLength: number): number => a.length + bLength + a.words * bLength;

/** Exact LCS length of the key sequences a (prepared) and b (a stored sequence, read in place). */
export function keyLcsLength(a: PreparedKeys, b: Uint8Array): number {
  const bLength = sequenceLength(b);
  if (a.length === 0 || bLength === 0) return 0;
  const { words, masks } = a;
  // V starts with the low n bits set; a zero bit marks a matched line of a.
  const v = a.v.fill(0xffffffff);
  const rest = a.length & 31;
  if (rest !== 0) v[words - 1] = (2 ** rest - 1) >>> 0;
  for (let i = 0; i < bLength * SEQUENCE_KEY_BYTES; i += SEQUENCE_KEY_BYTES) {
    const d = a.slots[slotOf(a, keyAt(b, i))];
    if (d === -1) continue;
    const at = d * words;
    // V' = (V + U) | (V & ~U) with U = V & M (V − U has no borrow: U ⊆ V).
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const vw = v[w];
      const u = (vw & masks[at + w]) >>> 0;
      const sum = vw + u + carry;
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
