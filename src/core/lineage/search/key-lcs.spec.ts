import fc from 'fast-check';
import { lcsLength } from '../lcs';
import { KEY_MASK_WORDS_MAX, keyLcsLength, keyLcsWork, keysOf, prepareKeys, type PreparedKeys } from './key-lcs';
import { fileLineStats, lineHash } from './line-stats';

const keys = (xs: readonly number[]) => Uint32Array.from(xs);
const prepared = (xs: Uint32Array) => prepareKeys(xs) as PreparedKeys;
/** Keys as a stored sequence (4 bytes big-endian each). */
const stored = (xs: readonly number[]) => {
  const out = new Uint8Array(xs.length * 4);
  xs.forEach((x, i) => new DataView(out.buffer).setUint32(4 * i, x));
  return out;
};
describe('key LCS', () => {
  it('equals the LCS of lcs.ts on random key sequences across word boundaries (31, 32, 33, 64, 65 … lines)', () => {
    const seq = fc.array(fc.integer({ min: 0, max: 6 }).map((k) => (k === 6 ? 0xffffffff : k * 0x1234567)), { maxLength: 140 });
    fc.assert(
      fc.property(seq, seq, (a, b) => {
        const expected = lcsLength(a.map(String), b.map(String));
        expect(keyLcsLength(prepared(keys(a)), stored(b))).toBe(expected);
      }),
      { numRuns: 400, seed: 11_26 },
    );
    // Many distinct 32-bit keys: the open-addressing table probes past occupied slots.
    const wide = fc.array(fc.nat(40), { maxLength: 200 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 41, maxLength: 41 }), wide, wide, (pool, a, b) => {
        const [ka, kb] = [a.map((i) => pool[i]), b.map((i) => pool[i])];
        expect(keyLcsLength(prepared(keys(ka)), stored(kb))).toBe(lcsLength(ka.map(String), kb.map(String)));
      }),
      { numRuns: 200, seed: 11_26 },
    );
    for (const n of [31, 32, 33, 64, 65]) {
      const a = Array.from({ length: n }, (_, i) => i % 3);
      expect(keyLcsLength(prepared(keys(a)), stored(a))).toBe(n);
      expect(keyLcsLength(prepared(keys(a)), stored([...a].reverse()))).toBe(lcsLength(a.map(String), [...a].reverse().map(String)));
    }
  });

  it('is 0 against an empty side and costs one pass per stored line', () => {
    expect(keyLcsLength(prepared(keys([])), stored([1, 2]))).toBe(0);
    expect(keyLcsLength(prepared(keys([1, 2])), stored([]))).toBe(0);
    expect(keyLcsWork(prepared(keys(Array.from({ length: 70 }, (_, i) => i))), 10)).toBe(70 + 10 + 3 * 10);
  });

  it('prepares no masks for a file whose masks would exceed KEY_MASK_WORDS_MAX words (a huge paste of distinct lines)', () => {
    const n = 6_000; // 6 000 distinct keys × 188 words > 2^20
    expect(n * Math.ceil(n / 32)).toBeGreaterThan(KEY_MASK_WORDS_MAX);
    expect(prepareKeys(keys(Array.from({ length: n }, (_, i) => i)))).toBeNull();
    expect(prepareKeys(keys(Array.from({ length: n }, (_, i) => i % 100)))).not.toBeNull(); // 100 × 188 words
  });

  it('reads the stored sequence of fileLineStats: the first 4 bytes of each line hash, in line order', () => {
    const stats = fileLineStats({ path: 'a.md', hash: 'h', size: 0, content: 'x\ny\nx\r\n' });
    const expected = ['x', 'y', 'x'].map((line) => Number.parseInt(lineHash(line).slice(0, 8), 16));
    expect([...keysOf(stats.sequence as Uint8Array)]).toEqual(expected);
    expect(fileLineStats({ path: 'b.bin', hash: 'h', size: 1, content: null }).sequence).toBeNull();
  });
});
