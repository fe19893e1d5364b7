import { memo } from 'preact/compat';
import { useMemo, useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { SEVERITIES, type Finding, type ScanFile, type Severity } from '../types';
import { useRowWindow } from './windowed';

/** Lines shown around each finding line while a long file is collapsed. */
const CONTEXT = 5;
/** Files up to this many lines are shown whole from the start. */
const SHOW_WHOLE = 300;

interface Hit {
  severity: Severity;
  ids: number[];
}

/** The highest severity per line number (1-based) among the findings of one file. */
export function hitsByLine(findings: readonly Finding[]): Map<number, Hit> {
  const hits = new Map<number, Hit>();
  for (const f of findings) {
    if (!f.line) continue;
    const hit = hits.get(f.line);
    if (!hit) hits.set(f.line, { severity: f.severity, ids: [f.id] });
    else {
      hit.ids.push(f.id);
      if (SEVERITIES.indexOf(f.severity) < SEVERITIES.indexOf(hit.severity)) hit.severity = f.severity;
    }
  }
  return hits;
}

/** Which lines (0-based) to show: all, or the finding lines with CONTEXT lines around them. */
export function visibleLines(total: number, hitLines: Iterable<number>, whole: boolean): Array<number | 'gap'> {
  if (whole) return Array.from({ length: total }, (_, i) => i);
  const keep = new Set<number>();
  for (const line of hitLines) for (let i = line - 1 - CONTEXT; i <= line - 1 + CONTEXT; i++) if (i >= 0 && i < total) keep.add(i);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  let prev = -1;
  for (const i of sorted) {
    if (i !== prev + 1) out.push('gap');
    out.push(i);
    prev = i;
  }
  if (prev < total - 1) out.push('gap');
  return out;
}

/** A file's text with line numbers; finding lines are highlighted and labelled with their severity. */
export function FileContent({ file, findings }: { file: ScanFile; findings: readonly Finding[] }) {
  const { t } = useApp();
  const lines = useMemo(() => (file.content ?? '').split('\n'), [file.content]);
  const hits = useMemo(() => hitsByLine(findings), [findings]);
  const [whole, setWhole] = useState(lines.length <= SHOW_WHOLE || hits.size === 0);
  const shown = useMemo(() => visibleLines(lines.length, hits.keys(), whole), [lines, hits, whole]);
  const rows = useRowWindow(shown.length);
  if (!file.hasContent || file.content === null || file.content === undefined) {
    return <p class="binary">{t('binaryFile', { size: file.size, hash: file.hash.slice(0, 16) + '…' })}</p>;
  }
  const showAll = t('showAllLines', { count: lines.length });
  return (
    <div class="code" role="region" aria-label={t('fileContent', { path: file.path })} tabIndex={0} onScroll={rows.onScroll}>
      {rows.padTop > 0 && <div aria-hidden="true" style={{ height: `${rows.padTop}px` }} />}
      {shown.slice(rows.first, rows.last).map((i, k) =>
        i === 'gap' ? (
          <div class="gap ln" key={`gap-${rows.first + k}`}>
            <button type="button" class="link" onClick={() => setWhole(true)}>
              {showAll}
            </button>
          </div>
        ) : (
          <Line key={i} n={i + 1} text={lines[i]} hit={hits.get(i + 1)} />
        ),
      )}
      {rows.padBottom > 0 && <div aria-hidden="true" style={{ height: `${rows.padBottom}px` }} />}
    </div>
  );
}

/** One line; memoised, so a re-render of the file (a filter change, a scroll) skips unchanged lines. */
const Line = memo(function Line({ n, text, hit }: { n: number; text: string; hit: Hit | undefined }) {
  const { t } = useApp();
  if (!hit)
    return (
      <div class="ln">
        <span class="gutter">{n}</span>
        <code>{text}</code>
      </div>
    );
  return (
    <div class={`ln hit sev-${hit.severity}`} id={`finding-line-${hit.ids[0]}`}>
      <span class="gutter">{n}</span>
      <code>{text}</code>
      <span class="hit-label">{t(`severity.${hit.severity}`)}</span>
    </div>
  );
});
