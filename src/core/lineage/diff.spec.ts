import fc from 'fast-check';
import { sha256Hex } from './fingerprint';
import { DiffLine, diffLines, diffScans } from './diff';
import { lcsLength, splitLines } from './lcs';
import { FileSide } from './similarity';

const text = (path: string, content: string): FileSide => ({ path, hash: sha256Hex(content), size: Buffer.byteLength(content), content });
const bin = (path: string, bytes: string): FileSide => ({ path, hash: sha256Hex('bin:' + bytes), size: bytes.length, content: null });

describe('diffScans', () => {
  it('reports every path sorted, with status and null fields on the missing side', () => {
    const prev = [text('b.md', 'same'), text('SKILL.md', 'a\nb\nc\n'), bin('img.png', '1'), text('old.txt', 'gone')];
    const cur = [text('SKILL.md', 'a\nB\nc\n'), text('b.md', 'same'), bin('img.png', '2'), text('new.txt', 'hi')];
    const diff = diffScans(cur, prev);
    expect(diff.map((d) => [d.path, d.status])).toEqual([
      ['SKILL.md', 'modified'],
      ['b.md', 'unchanged'],
      ['img.png', 'modified'],
      ['new.txt', 'added'],
      ['old.txt', 'removed'],
    ]);
    expect(diff[0].lineDiff).toEqual([
      { type: 'context', text: 'a', previousLine: 1, currentLine: 1 },
      { type: 'remove', text: 'b', previousLine: 2, currentLine: null },
      { type: 'add', text: 'B', previousLine: null, currentLine: 2 },
      { type: 'context', text: 'c', previousLine: 3, currentLine: 3 },
    ]);
    expect(diff[1]).toEqual({
      path: 'b.md',
      status: 'unchanged',
      previousHash: prev[0].hash,
      currentHash: prev[0].hash,
      previousSize: 4,
      currentSize: 4,
      previousHasContent: true,
      currentHasContent: true,
      lineDiff: null,
    });
    expect(diff[2]).toMatchObject({ previousHasContent: false, currentHasContent: false, lineDiff: null });
    expect(diff[3]).toEqual({
      path: 'new.txt',
      status: 'added',
      previousHash: null,
      currentHash: cur[3].hash,
      previousSize: null,
      currentSize: 2,
      previousHasContent: null,
      currentHasContent: true,
      lineDiff: null,
    });
    expect(diff[4]).toMatchObject({ status: 'removed', currentHash: null, currentSize: null, currentHasContent: null, lineDiff: null });
  });

  it('gives no line diff when one side of a modified file is binary', () => {
    const [d] = diffScans([bin('x', '1')], [text('x', 'a')]);
    expect(d).toMatchObject({ status: 'modified', previousHasContent: true, currentHasContent: false, lineDiff: null });
  });

  it('shows a CRLF-only change as a modified file with context lines only', () => {
    const [d] = diffScans([text('s', 'a\r\nb\r\n')], [text('s', 'a\nb\n')]);
    expect(d.status).toBe('modified');
    expect(d.lineDiff?.map((l) => l.type)).toEqual(['context', 'context']);
  });

  it('handles empty files', () => {
    expect(diffLines('', 'x\n')).toEqual([{ type: 'add', text: 'x', previousLine: null, currentLine: 1 }]);
    expect(diffLines('x', '')).toEqual([{ type: 'remove', text: 'x', previousLine: 1, currentLine: null }]);
  });
});

function check(prev: string, cur: string, d: DiffLine[]): void {
  const a = splitLines(prev);
  const b = splitLines(cur);
  expect(d.filter((l) => l.type !== 'add').map((l) => l.text)).toEqual(a);
  expect(d.filter((l) => l.type !== 'remove').map((l) => l.text)).toEqual(b);
  let i = 0;
  let j = 0;
  let lastType = 'context';
  for (const l of d) {
    if (l.type !== 'add') expect(l.previousLine).toBe(++i);
    else expect(l.previousLine).toBeNull();
    if (l.type !== 'remove') expect(l.currentLine).toBe(++j);
    else expect(l.currentLine).toBeNull();
    if (l.type === 'remove') expect(lastType).not.toBe('add');
    lastType = l.type;
  }
  expect(d.filter((l) => l.type === 'context').length).toBe(lcsLength(a, b));
}

describe('diffLines', () => {
  it('is a minimal full-context diff that rebuilds both sides (property)', () => {
    const content = fc.array(fc.constantFrom('a', 'b', 'c', '', 'd e'), { maxLength: 30 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(content, content, (prev, cur) => check(prev, cur, diffLines(prev, cur))),
      { numRuns: 1000 },
    );
  });

  it('trims huge diffs to 3 context lines around changes and caps the line count', () => {
    const a = Array.from({ length: 1000 }, (_, i) => `l${i}`);
    const b = [...a];
    b[500] = 'changed';
    const d = diffLines(a.join('\n'), b.join('\n'), { maxLinesPerFile: 100 });
    expect(d.map((l) => l.text)).toEqual(['l497', 'l498', 'l499', 'l500', 'changed', 'l501', 'l502', 'l503']);
    expect(d[0]).toEqual({ type: 'context', text: 'l497', previousLine: 498, currentLine: 498 });
    const many = a.map((l, i) => (i % 2 ? l : 'x' + l));
    expect(diffLines(a.join('\n'), many.join('\n'), { maxLinesPerFile: 100 })).toHaveLength(100);
  });

  it('bounds the whole comparison', () => {
    const a = Array.from({ length: 50 }, (_, i) => `l${i}`).join('\n');
    const cur = [text('1', a + '\nx'), text('2', a + '\ny')];
    const prev = [text('1', a), text('2', a)];
    const diff = diffScans(cur, prev, { maxTotalLines: 60 });
    expect(diff[0].lineDiff).toHaveLength(51);
    expect(diff[1].lineDiff?.length).toBeLessThanOrEqual(9);
  });
});
