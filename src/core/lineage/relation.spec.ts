import { fingerprintOf, sha256Hex } from './fingerprint';
import { EarlierScan, classifyRelation, compareMatches, relationFor } from './relation';
import { FileSide } from './similarity';

const text = (path: string, content: string): FileSide => ({ path, hash: sha256Hex(content), size: content.length, content });
const bin = (path: string, bytes: string): FileSide => ({ path, hash: sha256Hex('bin:' + bytes), size: bytes.length, content: null });
const scan = (scanId: number, files: FileSide[]): EarlierScan => ({ scanId, files, fingerprint: fingerprintOf(files) });
const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join('\n');

describe('classifyRelation', () => {
  it('is new with nulls when there is no earlier scan', () => {
    expect(classifyRelation({ files: [text('SKILL.md', 'x')] }, [])).toEqual({ relation: 'new', similarity: null, comparedScanId: null });
  });

  it('is identical to the most recent scan with the same fingerprint', () => {
    const files = [text('SKILL.md', 'x'), bin('a.bin', '1')];
    const earlier = [scan(1, files), scan(2, [text('SKILL.md', 'x')]), scan(3, [...files].reverse()), scan(4, [text('SKILL.md', 'y')])];
    expect(classifyRelation({ files }, earlier)).toEqual({ relation: 'identical', similarity: 100, comparedScanId: 3 });
  });

  it('is modified at exactly 40 and new at 39', () => {
    const common = [text('a', '1'), text('b', '2')];
    const cur = [...common, text('c', '3')];
    expect(classifyRelation({ files: cur }, [scan(1, [...common, text('d', '4'), text('e', '5')])])).toEqual({
      relation: 'modified',
      similarity: 40,
      comparedScanId: 1,
    });
    // 1 path, ratio 2·39/200 = 0.39 → 39, no byte-identical file
    const a = [lines('s', 39), lines('a', 61)].join('\n');
    const b = [lines('s', 39), lines('b', 61)].join('\n');
    expect(classifyRelation({ files: [text('t', a)] }, [scan(1, [text('t', b)])])).toEqual({ relation: 'new', similarity: null, comparedScanId: null });
  });

  it('counts a rounded 39.5 as 40 → modified', () => {
    const a = [lines('s', 79), lines('a', 121)].join('\n');
    const b = [lines('s', 79), lines('b', 121)].join('\n');
    expect(classifyRelation({ files: [text('t', a)] }, [scan(1, [text('t', b)])])).toEqual({ relation: 'modified', similarity: 40, comparedScanId: 1 });
  });

  it('is modified by a byte-identical (renamed) file despite low similarity', () => {
    const cur = [text('SKILL.md', 'new text'), text('lib/helper.py', 'print(1)\n')];
    const prev = [text('SKILL.md', 'old text'), text('helper.py', 'print(1)\n'), text('x', 'x'), text('y', 'y')];
    expect(classifyRelation({ files: cur }, [scan(7, prev)])).toEqual({ relation: 'modified', similarity: 0, comparedScanId: 7 });
  });

  it('treats a changed binary file as 0 and a CRLF conversion as similarity 100 but modified', () => {
    expect(classifyRelation({ files: [bin('a.bin', '1'), text('b', 'x')] }, [scan(1, [bin('a.bin', '2'), text('b', 'x')])])).toEqual({
      relation: 'modified',
      similarity: 50,
      comparedScanId: 1,
    });
    expect(classifyRelation({ files: [text('SKILL.md', 'a\r\nb\r\n')] }, [scan(1, [text('SKILL.md', 'a\nb\n')])])).toEqual({
      relation: 'modified',
      similarity: 100,
      comparedScanId: 1,
    });
  });

  it('does not relate scans that only share empty files', () => {
    const cur = [text('SKILL.md', 'one'), text('pkg/__init__.py', '')];
    const prev = [text('SKILL.md', 'two'), text('other/__init__.py', '')];
    expect(classifyRelation({ files: cur }, [scan(1, prev)])).toEqual({ relation: 'new', similarity: null, comparedScanId: null });
    // the same empty file at the same path counts 1 of 3 paths → 33, still new
    const prev2 = [text('SKILL.md', 'two'), text('pkg/__init__.py', ''), text('z', 'z')];
    expect(classifyRelation({ files: cur }, [scan(1, prev2)])).toEqual({ relation: 'new', similarity: null, comparedScanId: null });
  });

  it('picks the highest similarity, ties going to the most recent scan', () => {
    const cur = [text('a', '1'), text('b', '2')];
    const earlier = [scan(1, [text('a', '1'), text('b', '2'), text('c', '3')]), scan(2, [text('a', '1')]), scan(3, [text('a', '1'), text('b', 'x')])];
    // 1: 2/3 → 67; 2: 1/2 → 50; 3: 1/2 → 50
    expect(classifyRelation({ files: cur }, earlier)).toMatchObject({ comparedScanId: 1, similarity: 67 });
    expect(classifyRelation({ files: cur }, earlier.slice(1))).toMatchObject({ comparedScanId: 3, similarity: 50 });
  });

  it('below 40, prefers a tied scan sharing a byte-identical file', () => {
    const cur = [text('SKILL.md', 'v2'), text('a.py', 'code')];
    const older = scan(1, [text('SKILL.md', 'v1'), text('b.py', 'code')]); // 0, renamed file
    const newer = scan(2, [text('SKILL.md', 'v0'), text('c.py', 'other')]); // 0
    expect(classifyRelation({ files: cur }, [older, newer])).toEqual({ relation: 'modified', similarity: 0, comparedScanId: 1 });
  });
});

describe('compareMatches / relationFor', () => {
  it('orders by similarity, then (below 40) byte-identity, then id', () => {
    expect(compareMatches({ scanId: 1, similarity: 50, byteIdentical: false }, { scanId: 2, similarity: 49, byteIdentical: true })).toBeGreaterThan(0);
    expect(compareMatches({ scanId: 1, similarity: 50, byteIdentical: true }, { scanId: 2, similarity: 50, byteIdentical: false })).toBeLessThan(0);
    expect(compareMatches({ scanId: 1, similarity: 30, byteIdentical: true }, { scanId: 2, similarity: 30, byteIdentical: false })).toBeGreaterThan(0);
  });

  it('maps a match to a relation', () => {
    expect(relationFor(null, null)).toEqual({ relation: 'new', similarity: null, comparedScanId: null });
    expect(relationFor(null, { scanId: 4, similarity: 39, byteIdentical: false }).relation).toBe('new');
    expect(relationFor(null, { scanId: 4, similarity: 39, byteIdentical: true })).toEqual({ relation: 'modified', similarity: 39, comparedScanId: 4 });
    expect(relationFor(9, null)).toEqual({ relation: 'identical', similarity: 100, comparedScanId: 9 });
  });
});
