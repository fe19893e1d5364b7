import fc from 'fast-check';
import { KeywordAutomaton } from './keyword-automaton';
import { WORD_BOUNDARY } from './required-literals';

describe('KeywordAutomaton.scanTargets', () => {
  const keywords = ['curl', 'url', 'ignore', 'the', 'he', 'api key', '.env'];
  // keyword → targets (several keywords may share a target, a keyword may feed several)
  const targetsOf = [[0], [0, 1], [2], [3], [3, 4], [5], [1, 5]];
  const ka = new KeywordAutomaton(keywords);
  const targets = ka.targets(targetsOf, 6, targetsOf, 6);

  it('gives, per listed target, the ascending distinct lines of its keywords, and per flagged target a bit per line', () => {
    const chars = fc.constantFrom('c', 'u', 'r', 'l', 'I', 'G', 'n', 'o', 'e', 't', 'h', 'a', 'p', 'i', ' ', 'k', 'y', '.', 'v', '\n', '\u00e9');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 120 }), (a) => {
        const text = a.join('');
        const expected: number[][] = Array.from({ length: 6 }, () => []);
        ka.scan(text, (kw, line) => {
          for (const t of targetsOf[kw]) if (!expected[t].includes(line)) expected[t].push(line);
        });
        const lineCount = text.split('\n').length;
        // A wrong line count is corrected by the scan itself.
        for (const announced of [lineCount, lineCount + 1, Math.max(1, lineCount - 1)]) {
          const got = ka.scanTargets(text, targets, announced);
          expect(got.lineCount).toBe(lineCount);
          expect(Array.from(got.lineStarts)).toEqual(text.split('\n').map((_l, i, all) => all.slice(0, i).reduce((n, l) => n + l.length + 1, 0)));
          for (let t = 0; t < 6; t++) {
            expect(Array.from(got.lines.subarray(got.start[t], got.start[t + 1]))).toEqual(expected[t].sort((x, y) => x - y));
            const flagged: number[] = [];
            for (let l = 0; l < lineCount; l++) if (got.flags[l * got.flagWords + (t >> 5)] & (1 << (t & 31))) flagged.push(l);
            expect(flagged).toEqual(expected[t]);
          }
        }
      }),
      { numRuns: 500, seed: 5 },
    );
  });

  it('gives, per listed target and line, the end offsets of its first and last keyword occurrence on that line', () => {
    const chars = fc.constantFrom('c', 'u', 'r', 'l', 'I', 'G', 'n', 'o', 'e', 't', 'h', 'a', 'p', 'i', ' ', 'k', 'y', '.', 'v', '\n', '\u00e9');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 120 }), (a) => {
        const text = a.join('');
        const lower = text.toLowerCase();
        const got = ka.scanTargets(text, targets, text.split('\n').length);
        for (let t = 0; t < 6; t++) {
          // Naive: every occurrence of every keyword of t, by (line, end offset).
          const ends = new Map<number, number[]>();
          keywords.forEach((kw, k) => {
            if (!targetsOf[k].includes(t)) return;
            for (let i = lower.indexOf(kw); i >= 0; i = lower.indexOf(kw, i + 1)) {
              const line = text.slice(0, i).split('\n').length - 1;
              ends.set(line, [...(ends.get(line) ?? []), i + kw.length - 1]);
            }
          });
          for (let j = got.start[t]; j < got.start[t + 1]; j++) {
            const onLine = ends.get(got.lines[j]) ?? [];
            expect([got.firstEnd[j], got.lastEnd[j]]).toEqual([Math.min(...onLine), Math.max(...onLine)]);
          }
        }
      }),
      { numRuns: 500, seed: 6 },
    );
  });

  it('counts an occurrence of a keyword with boundary marks only where \\b would hold there', () => {
    const b = WORD_BOUNDARY;
    const marked = [`${b}ai${b}`, `${b}nc`, `sh${b}`, 'ai', `${b}get(`];
    const regexes = [/\bai\b/gi, /\bnc/gi, /sh\b/gi, /ai/gi, /\bget\(/gi];
    const ka2 = new KeywordAutomaton(marked);
    const tg = ka2.targets(marked.map((_k, i) => [i]), marked.length, marked.map((_k, i) => [i]), marked.length);
    const chars = fc.constantFrom('a', 'i', 'n', 'c', 's', 'h', 'g', 'e', 't', '(', '_', '1', ' ', '-', '\n', '\u00e9', 'A', 'S');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 80 }), (a) => {
        const text = a.join('');
        const lineCount = text.split('\n').length;
        const got = ka2.scanTargets(text, tg, lineCount);
        const present = new Uint8Array(marked.length);
        ka2.markPresent(text, present);
        regexes.forEach((re, t) => {
          const lines = new Set<number>();
          for (const m of text.matchAll(re)) lines.add(text.slice(0, m.index).split('\n').length - 1);
          const expected = [...lines].sort((x, y) => x - y);
          expect(Array.from(got.lines.subarray(got.start[t], got.start[t + 1]))).toEqual(expected);
          const flagged: number[] = [];
          for (let l = 0; l < lineCount; l++) if (got.flags[l * got.flagWords + (t >> 5)] & (1 << (t & 31))) flagged.push(l);
          expect(flagged).toEqual(expected);
          expect(present[t]).toBe(expected.length > 0 ? 1 : 0);
        });
      }),
      { numRuns: 1000, seed: 7 },
    );
  });

  it('scans the same with more states than a 16-bit table holds', () => {
    // 6000 keywords of 8 letters share few prefixes: well over 32767 states.
    let seed = 1;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const words = [...new Set(Array.from({ length: 6000 }, () => Array.from({ length: 8 }, () => 'abcdefghijklmnop'[Math.floor(rand() * 16)]).join('')))];
    const big = new KeywordAutomaton(words);
    const tg = big.targets(words.map((_w, i) => [i]), words.length);
    const text = Array.from({ length: 40 }, (_l, k) => `${words[k * 97]} x ${words[k * 53].toUpperCase()}y${'abcdefghijklmnop'.slice(k % 8, (k % 8) + 8)}`).join('\n');
    const got = big.scanTargets(text, tg, 40);
    const lower = text.toLowerCase();
    words.forEach((w, t) => {
      const lines = new Set<number>();
      for (let i = lower.indexOf(w); i >= 0; i = lower.indexOf(w, i + 1)) lines.add(text.slice(0, i).split('\n').length - 1);
      expect(Array.from(got.lines.subarray(got.start[t], got.start[t + 1]))).toEqual([...lines].sort((x, y) => x - y));
    });
    expect((big as unknown as { next: unknown }).next).toBeInstanceOf(Int32Array);
  });
});
