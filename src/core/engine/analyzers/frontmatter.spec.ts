import fc from 'fast-check';
import { parseDocument } from 'yaml';
import { parseSimpleMapping } from './frontmatter';

describe('parseSimpleMapping (frontmatter fast path)', () => {
  function viaYaml(lines: string[]): { data: unknown; errors: string[] } {
    const doc = parseDocument(lines.join('\n'), { uniqueKeys: true, prettyErrors: false, strict: false });
    return { data: doc.toJS({ maxAliasCount: 20 }), errors: doc.errors.map((e) => e.code) };
  }

  /** Runs the property "the fast path, when it answers, equals the YAML parser"; returns how often it answered. */
  function agreementsWithYaml(line: fc.Arbitrary<string>, maxLines: number, numRuns: number, seed: number): number {
    let answered = 0;
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: maxLines }), (lines) => {
        const fast = parseSimpleMapping(lines);
        if (fast === null) return;
        answered++;
        const y = viaYaml(lines);
        expect(y.errors).toEqual([]);
        expect(fast).toEqual(y.data);
      }),
      { numRuns, seed },
    );
    return answered;
  }

  it('parses the usual name / description / license block like the YAML parser', () => {
    const lines = ['name: pdf-tools', "description: Extracts text from PDFs, fills forms (AcroForm) and merges files. Use when the user's task involves a PDF.", 'license: Complete terms in LICENSE.txt', 'allowed-tools: Read, Grep, Bash(git:*)'];
    expect(parseSimpleMapping(lines)).toEqual(viaYaml(lines).data);
  });

  it('declines what it does not model', () => {
    for (const l of ['description: |', 'name: "quoted"', 'a: b # comment', 'a: b: c', 'a: true', 'x: 1.5', 'a: [b]', 'a:b', ' a: b', 'a: b ', '- a', 'a: b\u0085', 'a: b\ud83d\ude00', 'a: \u00e9 #x']) {
      expect(parseSimpleMapping([l])).toBeNull();
    }
    expect(parseSimpleMapping(['a: x', 'a: y'])).toBeNull();
    expect(parseSimpleMapping([])).toBeNull();
  });

  it('agrees with the YAML parser whenever it answers', () => {
    const keyChar = fc.constantFrom('a', 'Z', 'k', '0', '-', '_', 'e');
    const valChar = fc.constantFrom('a', 'B', ' ', '.', ',', "'", '"', '-', '?', '!', '&', '*', '|', '>', '%', '@', '`', ':', '/', '(', ')', '=', '+', '~', '\\', '^', '$', ';', '<', '1', 'x', 'y', 'n', 'o');
    const line = fc
      .tuple(fc.constantFrom('n', 'd', 'T', 'y', 'on', 'no', 'name'), fc.array(keyChar, { maxLength: 6 }), fc.constantFrom(': ', ':  ', ':'), fc.constantFrom('', 'a', 'Y', 'N', 'O', 'no', 'yes', 'on', 'off', 'true', 'null'), fc.array(valChar, { maxLength: 30 }))
      .map(([k0, k, sep, v0, v]) => `${k0}${k.join('')}${sep}${v0}${v.join('')}`);
    expect(agreementsWithYaml(line, 4, 5000, 9)).toBeGreaterThan(500);
  });

  it('agrees with the YAML parser on values with non-ASCII characters', () => {
    const valChar = fc.oneof(
      fc.constantFrom('a', 'B', ' ', '.', ',', "'", '"', '-', ':', '#', '|', '>', '&', '*', '!', '%', '@', '`', '[', '{', '\\'),
      fc.constantFrom('\u00e9', '\u00fc', '\u00df', '\u00f1', '\u00a0', '\u2013', '\u2019', '\u201c', '\u2028', '\u2029', '\u3000', '\u0085', '\ufeff', '\ud83d', '\ude00', '\u00c4', '\u00bf', '\u00a1', '\u00d7'),
      fc.integer({ min: 0x80, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    const line = fc
      .tuple(fc.constantFrom('name', 'description', 'a'), fc.constantFrom(': ', ':'), fc.constantFrom('', 'x', '\u00dc', '\u00e9'), fc.array(valChar, { minLength: 1, maxLength: 12 }))
      .map(([k, sep, v0, v]) => `${k}${sep}${v0}${v.join('')}`);
    expect(agreementsWithYaml(line, 3, 20000, 11)).toBeGreaterThan(1000);
  });
});
