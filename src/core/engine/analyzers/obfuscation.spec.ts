import fc from 'fast-check';
import { hasLongB64Run } from './obfuscation';

describe('hasLongB64Run', () => {
  // The reference definition it replaces: a run of `min` base64 characters after the start or a non-base64 character.
  const reference = (text: string, min: number) => new RegExp(`(?:^|[^A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{${min}}`).test(text);

  it('agrees with the regex definition on random text', () => {
    const chars = fc.constantFrom('a', 'Z', '0', '+', '/', '-', '_', '=', ' ', '\n', '.', '\u00e9', '\ud83d');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 200 }), fc.integer({ min: 1, max: 40 }), (a, min) => {
        const t = a.join('');
        expect(hasLongB64Run(t, min)).toBe(reference(t, min));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('finds runs at the start, the end and after prose', () => {
    const run = 'QUJD'.repeat(20);
    expect(hasLongB64Run(run, 80)).toBe(true);
    expect(hasLongB64Run(`some prose, then ${run}`, 80)).toBe(true);
    expect(hasLongB64Run(`${run.slice(1)} tail`, 80)).toBe(false);
    expect(hasLongB64Run('word '.repeat(1000), 80)).toBe(false);
  });
});
