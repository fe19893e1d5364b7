import { sideBySideRows } from './diff-rows';
import type { DiffLine } from './types';

const ctx = (text: string, previousLine: number, currentLine: number): DiffLine => ({ type: 'context', text, previousLine, currentLine });
const rem = (text: string, previousLine: number): DiffLine => ({ type: 'remove', text, previousLine, currentLine: null });
const add = (text: string, currentLine: number): DiffLine => ({ type: 'add', text, previousLine: null, currentLine });

describe('sideBySideRows', () => {
  it('puts context on both sides and pairs a change block removed-against-added', () => {
    const rows = sideBySideRows([ctx('a', 1, 1), rem('b', 2), rem('c', 3), add('B', 2), ctx('d', 4, 3)]);
    expect(rows.map((r) => [r.previous && `${r.previous.line}${r.previous.text}`, r.current && `${r.current.line}${r.current.text}`])).toEqual([
      ['1a', '1a'],
      ['2b', '2B'],
      ['3c', null],
      ['4d', '3d'],
    ]);
  });

  it('pairs added lines that the diff lists before the removed ones, and runs a longer added side on', () => {
    const rows = sideBySideRows([add('x', 1), add('y', 2), rem('old', 1)]);
    expect(rows).toEqual([
      { previous: { line: 1, text: 'old', type: 'remove' }, current: { line: 1, text: 'x', type: 'add' } },
      { previous: null, current: { line: 2, text: 'y', type: 'add' } },
    ]);
  });

  it('keeps every line exactly once, in order on each side', () => {
    const diff: DiffLine[] = [];
    let p = 1;
    let c = 1;
    for (let i = 0; i < 200; i++) {
      const kind = (i * 7) % 5;
      if (kind < 2) diff.push(ctx(`c${i}`, p++, c++));
      else if (kind < 4) diff.push(rem(`r${i}`, p++));
      else diff.push(add(`a${i}`, c++));
    }
    const rows = sideBySideRows(diff);
    const previous = rows.flatMap((r) => (r.previous ? [r.previous.line] : []));
    const current = rows.flatMap((r) => (r.current ? [r.current.line] : []));
    expect(previous).toEqual(Array.from({ length: p - 1 }, (_, i) => i + 1));
    expect(current).toEqual(Array.from({ length: c - 1 }, (_, i) => i + 1));
    expect(rows.every((r) => r.previous !== null || r.current !== null)).toBe(true);
  });
});
