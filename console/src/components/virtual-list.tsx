import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

interface Props<T> {
  items: readonly T[];
  /** Fixed row height in pixels (the CSS of a row must match). */
  rowHeight: number;
  /** Viewport height in pixels. */
  height: number;
  label: string;
  renderRow: (item: T, index: number) => ComponentChildren;
  rowKey: (item: T) => string | number;
}

const OVERSCAN = 8;

/**
 * Windowed list: only the rows in view (plus a few) are in the DOM, so 100 000 rows scroll as
 * smoothly as 100. The scroller is focusable, so arrow and page keys scroll it.
 */
export function VirtualList<T>({ items, rowHeight, height, label, renderRow, rowKey }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // A shrinking list (a filter) must not leave the window past the end.
  useEffect(() => {
    const el = scroller.current;
    if (el && el.scrollTop > items.length * rowHeight) el.scrollTop = 0;
  }, [items.length, rowHeight]);
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const visible = items.slice(first, last);
  return (
    <div
      ref={scroller}
      class="vlist"
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ height: `${height}px` }}
      onScroll={(e) => setScrollTop((e.currentTarget as HTMLDivElement).scrollTop)}
    >
      <div style={{ height: `${items.length * rowHeight}px`, position: 'relative' }}>
        <ul style={{ position: 'absolute', top: `${first * rowHeight}px`, left: 0, right: 0 }}>
          {visible.map((item, i) => (
            <li key={rowKey(item)} style={{ height: `${rowHeight}px` }} aria-posinset={first + i + 1} aria-setsize={items.length}>
              {renderRow(item, first + i)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
