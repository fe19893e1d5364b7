/** The rows [first, last) that cover the viewport at `scrollTop`, with `overscan` rows either side. */
export function rowRange(rowCount: number, scrollTop: number, rowHeight: number, viewport: number, overscan: number): { first: number; last: number } {
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, rowCount * rowHeight - viewport));
  const first = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((top + viewport) / rowHeight) + overscan);
  return { first, last };
}
