import { useApp } from '../app-context';
import { VERDICTS, type Verdict } from '../types';

export type DayCounts = Map<string, Record<Verdict, number>>;

/** Adds one scan to the per-day verdict counts (the day in the viewer's time zone). */
export function countDay(days: DayCounts, createdAt: string, verdict: Verdict): void {
  const d = new Date(createdAt);
  if (Number.isNaN(d.getTime())) return;
  const key = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  let counts = days.get(key);
  if (!counts) days.set(key, (counts = { pass: 0, review: 0, block: 0 }));
  counts[verdict]++;
}

const WIDTH = 560;
const HEIGHT = 140;
const MAX_DAYS = 30;

/**
 * Stacked bars of verdicts per day (the last 30 days that have scans), inline SVG. The bars are
 * described in text too: a legend with names and a table for screen readers.
 */
export function VerdictChart({ days }: { days: DayCounts }) {
  const { t } = useApp();
  const keys = [...days.keys()].sort().slice(-MAX_DAYS);
  const rows = keys.map((k) => ({ day: k, ...days.get(k)! }));
  const max = Math.max(1, ...rows.map((r) => r.pass + r.review + r.block));
  const total = rows.reduce((n, r) => n + r.pass + r.review + r.block, 0);
  const slot = WIDTH / Math.max(rows.length, 1);
  const barWidth = Math.max(2, Math.min(28, slot - 4));
  return (
    <figure class="chart">
      <figcaption>
        {t('verdictsOverTime')} — {t('chartSummary', { days: rows.length, total })}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`} role="img" aria-label={`${t('verdictsOverTime')}: ${t('chartSummary', { days: rows.length, total })}`}>
        {rows.map((r, i) => {
          let y = HEIGHT;
          return (
            <g key={r.day}>
              {VERDICTS.map((v) => {
                const h = (r[v] / max) * HEIGHT;
                y -= h;
                return h > 0 ? <rect key={v} class={`bar-${v}`} x={i * slot + (slot - barWidth) / 2} y={y} width={barWidth} height={h} /> : null;
              })}
            </g>
          );
        })}
        {rows.length > 0 && (
          <>
            <text x={0} y={HEIGHT + 14} class="axis-label">
              {rows[0].day}
            </text>
            <text x={WIDTH} y={HEIGHT + 14} class="axis-label" text-anchor="end">
              {rows[rows.length - 1].day}
            </text>
          </>
        )}
      </svg>
      <ul class="legend">
        {VERDICTS.map((v) => (
          <li key={v}>
            <span class={`swatch bar-${v}`} aria-hidden="true" /> {t(`verdict.${v}`)}: {rows.reduce((n, r) => n + r[v], 0)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
