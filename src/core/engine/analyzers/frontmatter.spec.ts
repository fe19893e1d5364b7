import fc from 'fast-check';
import { parseDocument } from 'yaml';
import type { SkillFile } from '../../ingest/ingest.types';
import { evaluate } from '../evaluate';
import { parseLenientMapping, parseSimpleMapping } from './frontmatter';

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

describe('parseLenientMapping (frontmatter that is not valid YAML)', () => {
  it('reads an unquoted colon inside a description as part of the value', () => {
    const lines = ['name: gmail-triage', "description: Triage the user's inbox: summarise unread mail, draft replies.", 'allowed-tools: Read, Bash(python3:*)'];
    expect(parseDocument(lines.join('\n')).errors.length).toBeGreaterThan(0);
    expect(parseLenientMapping(lines)).toEqual({
      name: 'gmail-triage',
      description: "Triage the user's inbox: summarise unread mail, draft replies.",
      'allowed-tools': 'Read, Bash(python3:*)',
    });
  });

  it('folds indented continuation lines, reads `- item` lines as a list, unquotes, keeps the first of duplicate keys', () => {
    const lines = ['name: "notes"', 'description: |', '  Formats notes: fast.', '  Use it daily.', 'tags:', '  - a', "  - 'b'", '# comment', 'name: other'];
    expect(parseLenientMapping(lines)).toEqual({ name: 'notes', description: 'Formats notes: fast. Use it daily.', tags: ['a', 'b'] });
  });

  it('finds nothing in lines without a top-level key', () => {
    expect(parseLenientMapping(['  indented: only', '- list', ''])).toBeNull();
  });
});

describe('frontmatter-invalid-yaml severity', () => {
  const skillMd = (content: string): SkillFile => ({ path: 'SKILL.md', kind: 'instruction', language: null, size: content.length, hash: '0'.repeat(64), content, detectedType: null });
  const sevOf = (fm: string) => evaluate([skillMd(`---\n${fm}\n---\n# Notes\n\nFormat the notes.\n`)]).findings.find((f) => f.ruleId === 'frontmatter-invalid-yaml')?.severity;

  it('is low when name and description can still be read line by line (a formatting slip)', () => {
    expect(sevOf('name: notes-helper\ndescription: Formats notes: fast and tidy.')).toBe('low');
  });

  it('stays medium when the declared fields cannot be read at all', () => {
    expect(sevOf('name: notes-helper\n  description: [Formats\n: {')).toBe('medium');
  });
});
