import type { DiffLine } from './types';

/** One side of a side-by-side row: a line of that version, or nothing (the other side added or removed lines). */
export interface DiffCell {
  line: number;
  text: string;
  type: DiffLine['type'];
}

export interface SideBySideRow {
  previous: DiffCell | null;
  current: DiffCell | null;
}

/**
 * Turns the API's unified `lineDiff` into side-by-side rows: a context line on both sides; within
 * one change block (removed lines, then added lines, in any order the diff gives them) the k-th
 * removed line faces the k-th added line, and the longer side runs on against empty cells.
 * Every line of the diff appears exactly once, in its side's order.
 */
export function sideBySideRows(diff: readonly DiffLine[]): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let removed: DiffCell[] = [];
  let added: DiffCell[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) rows.push({ previous: removed[k] ?? null, current: added[k] ?? null });
    removed = [];
    added = [];
  };
  for (const l of diff) {
    if (l.type === 'context') {
      flush();
      rows.push({ previous: { line: l.previousLine ?? 0, text: l.text, type: 'context' }, current: { line: l.currentLine ?? 0, text: l.text, type: 'context' } });
    } else if (l.type === 'remove') removed.push({ line: l.previousLine ?? 0, text: l.text, type: 'remove' });
    else added.push({ line: l.currentLine ?? 0, text: l.text, type: 'add' });
  }
  flush();
  return rows;
}
