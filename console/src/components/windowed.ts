import { useCallback, useState } from 'preact/hooks';
import { rowRange } from '../row-range';

/** Height of one code line in pixels; `.ln` and `.sbs tr` in styles.css use the same figure. */
export const LINE_HEIGHT = 20;
/** Height of a code view's scroll region (matches `.code { max-height }`). */
export const CODE_VIEW_HEIGHT = 576;
/** Code views with more rows than this render only the rows in view (plus OVERSCAN). */
export const WINDOW_ABOVE = 150;
const OVERSCAN = 12;

export interface RowWindow {
  /** Whether only part of the rows is rendered. */
  windowed: boolean;
  first: number;
  /** One past the last rendered row. */
  last: number;
  /** Space above and below the rendered rows, in pixels. */
  padTop: number;
  padBottom: number;
  onScroll: (e: Event) => void;
}

/**
 * Which rows of a fixed-row-height scroll region to render. Short views render everything (so a
 * search in the page finds every line); long ones only the rows in view, so a 200 KB file costs
 * the same as a short one and a filter change re-renders a few dozen rows, not thousands.
 */
export function useRowWindow(rowCount: number, rowHeight = LINE_HEIGHT, viewport = CODE_VIEW_HEIGHT): RowWindow {
  const [scrollTop, setScrollTop] = useState(0);
  const onScroll = useCallback((e: Event) => setScrollTop((e.currentTarget as HTMLElement).scrollTop), []);
  const windowed = rowCount > WINDOW_ABOVE;
  if (!windowed) return { windowed, first: 0, last: rowCount, padTop: 0, padBottom: 0, onScroll };
  const range = rowRange(rowCount, scrollTop, rowHeight, viewport, OVERSCAN);
  return { windowed, ...range, padTop: range.first * rowHeight, padBottom: (rowCount - range.last) * rowHeight, onScroll };
}
