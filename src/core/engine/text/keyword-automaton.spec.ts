import fc from 'fast-check';
import { KeywordAutomaton } from './keyword-automaton';

describe('KeywordAutomaton.scanTargets', () => {
  const keywords = ['curl', 'url', 'ignore', 'the', 'he', 'api key', '.env'];
  // keyword → targets (several keywords may share a target, a keyword may feed several)
  const targetsOf = [[0], [0, 1], [2], [3], [3, 4], [5], [1, 5]];
  const ka = new KeywordAutomaton(keywords);
  const targets = ka.targets(targetsOf, 6);

  it('gives, per target, the ascending distinct lines on which one of its keywords occurs', () => {
    const chars = fc.constantFrom('c', 'u', 'r', 'l', 'I', 'G', 'n', 'o', 'e', 't', 'h', 'a', 'p', 'i', ' ', 'k', 'y', '.', 'v', '\n', '\u00e9');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 120 }), (a) => {
        const text = a.join('');
        const expected: number[][] = Array.from({ length: 6 }, () => []);
        ka.scan(text, (kw, line) => {
          for (const t of targetsOf[kw]) if (!expected[t].includes(line)) expected[t].push(line);
        });
        const got = ka.scanTargets(text, targets);
        for (let t = 0; t < 6; t++) {
          expect(Array.from(got.lines.subarray(got.start[t], got.start[t + 1]))).toEqual(expected[t].sort((x, y) => x - y));
        }
      }),
      { numRuns: 500, seed: 5 },
    );
  });
});
