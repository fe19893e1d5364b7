import fc from 'fast-check';
import { lcsAlign, lcsLength, lcsLengthBitParallel, lcsLengthHuntSzymanski, lineRatio, splitLines } from './lcs';

function dpLcs(a: readonly string[], b: readonly string[]): number {
  const prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j];
      prev[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(prev[j], prev[j - 1]);
      diag = up;
    }
  }
  return prev[b.length];
}

const smallLines = fc.array(fc.constantFrom('a', 'b', 'c', 'd', '', 'x y'), { maxLength: 40 });

describe('splitLines', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    ['a\n', ['a']],
    ['\n', ['']],
    ['a\n\n', ['a', '']],
    ['a\r\nb\r\n', ['a', 'b']],
    ['a\r\nb', ['a', 'b']],
    ['a\r\r\n', ['a\r']],
    ['\r', ['']],
  ])('%j → %j', (content, lines) => {
    expect(splitLines(content)).toEqual(lines);
  });

  it('makes CRLF and LF texts equal line by line', () => {
    expect(splitLines('x\r\ny\r\n')).toEqual(splitLines('x\ny'));
    expect(lineRatio(splitLines('x\r\ny\r\n'), splitLines('x\ny\n'))).toBe(1);
  });
});

describe('lcsLength', () => {
  it('handles trivial cases', () => {
    expect(lcsLength([], [])).toBe(0);
    expect(lcsLength(['a'], [])).toBe(0);
    expect(lcsLength(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(3);
    expect(lcsLength(['a', 'b', 'c', 'b', 'd', 'a', 'b'], ['b', 'd', 'c', 'a', 'b', 'a'])).toBe(4);
    expect(lcsLength(['x', 'y'], ['p', 'q'])).toBe(0);
  });

  it('equals the dynamic-programming LCS on random inputs', () => {
    fc.assert(
      fc.property(smallLines, smallLines, (a, b) => {
        expect(lcsLength(a, b)).toBe(dpLcs(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it('bit-parallel LCS equals the DP on random symbol sequences, across word boundaries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 100 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 100 }),
        (x, y) => {
          const expected = dpLcs(x.map(String), y.map(String));
          expect(lcsLengthBitParallel(Int32Array.from(x), Int32Array.from(y), 4)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('Hunt–Szymanski LCS equals the DP on random symbol sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 80 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 80 }),
        (x, y) => {
          expect(lcsLengthHuntSzymanski(Int32Array.from(x), Int32Array.from(y), 6)).toBe(dpLcs(x.map(String), y.map(String)));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays exact on sparse reordered lines (Hunt–Szymanski fallback)', () => {
    const rnd = fc.sample(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 3000, maxLength: 3000 }), { numRuns: 2, seed: 11 });
    const a = rnd[0].map((n) => `line ${n}`);
    const b = rnd[1].map((n) => `line ${n}`);
    expect(lcsLength(a, b)).toBe(dpLcs(a, b));
  });

  it('stays exact when Myers hands over to the bit-parallel fallback (many reordered lines)', () => {
    // A scrambled permutation of a small alphabet: D is large, so the budget runs out.
    const rnd = fc.sample(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 3000, maxLength: 3000 }), { numRuns: 2, seed: 7 });
    const a = rnd[0].map((n) => `line ${n}`);
    const b = rnd[1].map((n) => `line ${n}`);
    expect(lcsLength(a, b)).toBe(dpLcs(a, b));
  });

  it('is fast on 200 KB texts with few changes', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `line number ${i} with some text ${i * 7}`);
    const b = [...a];
    for (let i = 100; i < 5000; i += 500) b[i] = 'changed ' + i;
    b.splice(2500, 0, 'inserted');
    const t = performance.now();
    expect(lcsLength(a, b)).toBe(5000 - 10);
    expect(performance.now() - t).toBeLessThan(100);
  });
});

describe('lcsAlign', () => {
  it('returns an increasing matching of equal lines of maximum size', () => {
    fc.assert(
      fc.property(smallLines, smallLines, (a, b) => {
        const { pairs, minimal } = lcsAlign(a, b);
        expect(minimal).toBe(true);
        expect(pairs.length / 2).toBe(dpLcs(a, b));
        for (let k = 0; k < pairs.length; k += 2) {
          expect(a[pairs[k]]).toBe(b[pairs[k + 1]]);
          if (k > 0) {
            expect(pairs[k]).toBeGreaterThan(pairs[k - 2]);
            expect(pairs[k + 1]).toBeGreaterThan(pairs[k - 1]);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('still returns a valid common subsequence when the work budget runs out', () => {
    const a = Array.from({ length: 300 }, (_, i) => String(i % 7));
    const b = Array.from({ length: 300 }, (_, i) => String((i * 3) % 7));
    const { pairs, minimal } = lcsAlign(a, b, 50);
    expect(minimal).toBe(false);
    for (let k = 0; k < pairs.length; k += 2) {
      expect(a[pairs[k]]).toBe(b[pairs[k + 1]]);
      if (k > 0) expect(pairs[k]).toBeGreaterThan(pairs[k - 2]);
    }
  });
});

describe('lineRatio', () => {
  it('is 2·LCS/(|a|+|b|), and 1 for two empty files', () => {
    expect(lineRatio([], [])).toBe(1);
    expect(lineRatio(['a'], [])).toBe(0);
    expect(lineRatio(['a', 'b', 'c'], ['a', 'c'])).toBe(0.8);
  });
});
