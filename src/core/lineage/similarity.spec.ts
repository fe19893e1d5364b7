import { sha256Hex } from './fingerprint';
import { EMPTY_SHA256, FileSide, hasByteIdenticalFile, roundedPercent, scanSimilarity } from './similarity';

const text = (path: string, content: string): FileSide => ({ path, hash: sha256Hex(content), size: Buffer.byteLength(content), content });
const bin = (path: string, bytes: string): FileSide => ({ path, hash: sha256Hex('bin:' + bytes), size: bytes.length, content: null });
const lines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('scanSimilarity', () => {
  it('is 100 for identical scans and for two empty scans', () => {
    const a = [text('SKILL.md', 'hello\n'), bin('img.png', 'x')];
    expect(scanSimilarity(a, [...a].reverse())).toBe(100);
    expect(scanSimilarity([], [])).toBe(100);
  });

  it('counts added and removed files 0 over the union of paths', () => {
    expect(scanSimilarity([text('a', '1')], [text('a', '1'), text('b', '2')])).toBe(50);
    expect(scanSimilarity([text('a', '1')], [])).toBe(0);
  });

  it('counts a changed text file by its line LCS ratio', () => {
    // LCS 3 of 4+4 lines → 0.75
    expect(scanSimilarity([text('a', '1\n2\n3\n4\n')], [text('a', '1\n2\n3\n5\n')])).toBe(75);
    // 1 identical + 0.75 over 2 paths → 87.5 → 88
    expect(scanSimilarity([text('a', '1\n2\n3\n4\n'), text('b', 'x')], [text('a', '1\n2\n3\n5\n'), text('b', 'x')])).toBe(88);
  });

  it('counts a changed binary file 0, also text ↔ binary', () => {
    expect(scanSimilarity([bin('a', '1'), text('b', 'x')], [bin('a', '2'), text('b', 'x')])).toBe(50);
    expect(scanSimilarity([text('a', 'same')], [{ ...bin('a', 'same'), hash: 'other' }])).toBe(0);
  });

  it('is exactly 40 for 2 identical of 5 paths', () => {
    const common = [text('a', '1'), text('b', '2')];
    expect(scanSimilarity([...common, text('c', '3')], [...common, text('d', '4'), text('e', '5')])).toBe(40);
  });

  it('rounds 39.5 up to 40 and 39.4 down to 39 (exactly)', () => {
    // 4 paths: 1 identical + a text pair with ratio 58/100 + 2 one-sided → 25·1.58 = 39.5
    const shared = lines('s', 29);
    const a = [...shared, ...lines('a', 21)].join('\n');
    const b = [...shared, ...lines('b', 21)].join('\n');
    const cur = [text('same', 'x'), text('t', a), text('only-cur', 'c')];
    const prev = [text('same', 'x'), text('t', b), text('only-prev', 'p')];
    expect(scanSimilarity(cur, prev)).toBe(40);
    // ratio 2·28/100 → 25·1.56 = 39 exactly; 2·29/101 → 25·(1+58/101) = 39.356 → 39
    const b2 = [...shared, ...lines('b', 22)].join('\n');
    expect(scanSimilarity(cur, [text('same', 'x'), text('t', b2), text('only-prev', 'p')])).toBe(39);
  });

  it('treats CRLF and LF versions as line-identical (hash differs, similarity 100)', () => {
    const lf = text('SKILL.md', 'a\nb\nc\n');
    const crlf = text('SKILL.md', 'a\r\nb\r\nc\r\n');
    expect(lf.hash).not.toBe(crlf.hash);
    expect(scanSimilarity([lf], [crlf])).toBe(100);
  });

  it('handles empty text files: equal empties count 1, empty vs non-empty counts 0', () => {
    expect(scanSimilarity([text('e', ''), text('f', 'x')], [text('e', ''), text('f', 'y')])).toBe(50);
    expect(scanSimilarity([text('e', '')], [text('e', 'x\n')])).toBe(0);
  });
});

describe('roundedPercent', () => {
  it('decides .5 boundaries with exact arithmetic', () => {
    // 100 · (1/3 + 1/6) / 1 = 50 ; 100 · (79/200) = 39.5 → 40
    expect(roundedPercent([{ num: 1, den: 3 }, { num: 1, den: 6 }], 1)).toBe(50);
    expect(roundedPercent([{ num: 79, den: 200 }], 1)).toBe(40);
    expect(roundedPercent([{ num: 7, den: 10 }, { num: 1, den: 10 }], 2)).toBe(40);
    expect(roundedPercent([{ num: 789, den: 1000 }], 2)).toBe(39);
  });
});

describe('hasByteIdenticalFile', () => {
  it('matches the same hash at any path (renames count)', () => {
    expect(hasByteIdenticalFile([text('a.md', 'body')], [text('b.md', 'body')])).toBe(true);
    expect(hasByteIdenticalFile([text('a.md', 'body')], [text('a.md', 'other')])).toBe(false);
  });

  it('ignores zero-byte files', () => {
    expect(hasByteIdenticalFile([text('x/__init__.py', '')], [text('x/__init__.py', '')])).toBe(false);
    expect(text('e', '').hash).toBe(EMPTY_SHA256);
  });
});
