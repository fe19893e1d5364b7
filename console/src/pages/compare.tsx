import { useApp } from '../app-context';
import { ErrorBox, Loading, PageTitle, useAsync, VerdictBadge } from '../components/common';
import { formatDate } from '../i18n';
import { href } from '../router';
import { useMemo, useState } from 'preact/hooks';
import { useRowWindow } from '../components/windowed';
import { sideBySideRows, type DiffCell } from '../diff-rows';
import type { Comparison, ComparisonSide, DiffLine, FileDiff } from '../types';
import { FindingItem } from './scan-detail';

const STATUS_ORDER: Record<FileDiff['status'], number> = { modified: 0, added: 1, removed: 2, unchanged: 3 };
const STATUS_MARK: Record<FileDiff['status'], string> = { modified: '~', added: '+', removed: '−', unchanged: '=' };

export function ComparePage({ id, otherId }: { id: number; otherId: number }) {
  const { api, t } = useApp();
  const [view, setView] = useDiffView();
  const cmp = useAsync((signal) => api.get<Comparison>(`/scans/${id}/compare/${otherId}`, signal), [api, id, otherId]);
  const title = <PageTitle>{t('compareTitle', { current: `#${id}`, previous: `#${otherId}` })}</PageTitle>;
  if (cmp.error)
    return (
      <>
        {title}
        <ErrorBox error={cmp.error} />
      </>
    );
  if (!cmp.data) return <Loading />;
  const c = cmp.data;
  const files = [...c.files].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.path.localeCompare(b.path));
  return (
    <>
      {title}
      <div class="sides">
        <Side label={t('previous')} side={c.previous} />
        <Side label={t('current')} side={c.current} />
      </div>
      <p class="links">
        <a href={href(`/scans/${id}/lineage`)} class="button-link">
          {t('lineageLink')}
        </a>
      </p>
      <h2>{t('findingChanges')}</h2>
      {c.findingChanges ? (
        <div class="changes">
          <section aria-labelledby="added-title">
            <h3 id="added-title">
              {t('addedFindings')} ({c.findingChanges.added.length})
            </h3>
            {c.findingChanges.added.length === 0 ? <p>{t('none')}</p> : <ul class="findings">{c.findingChanges.added.map((f) => <FindingItem key={f.id} finding={f} />)}</ul>}
          </section>
          <section aria-labelledby="resolved-title">
            <h3 id="resolved-title">
              {t('resolvedFindings')} ({c.findingChanges.resolved.length})
            </h3>
            {c.findingChanges.resolved.length === 0 ? <p>{t('none')}</p> : <ul class="findings">{c.findingChanges.resolved.map((f) => <FindingItem key={f.id} finding={f} />)}</ul>}
          </section>
          <p class="muted">{t('unchangedFindings', { count: c.findingChanges.unchangedCount })}</p>
        </div>
      ) : (
        <p class="muted">{t('noFindingChanges')}</p>
      )}
      <h2>{t('fileChanges')}</h2>
      <ul class="file-status">
        {files.map((f) => (
          <li key={f.path}>
            <a href={`#diff-${encodeURIComponent(f.path)}`}>{f.path}</a> <StatusBadge status={f.status} />
          </li>
        ))}
      </ul>
      <DiffViewSwitch mode={view} onChange={setView} />
      {files
        .filter((f) => f.status !== 'unchanged')
        .map((f) => (
          <FileDiffView key={f.path} file={f} mode={view} />
        ))}
    </>
  );
}

function Side({ label, side }: { label: string; side: ComparisonSide }) {
  const { t, lang } = useApp();
  return (
    <section class="side" aria-label={label}>
      <h2>
        {label}: <a href={href(`/scans/${side.id}`)}>#{side.id} {side.name}</a>
      </h2>
      <p>
        <VerdictBadge verdict={side.verdict} /> {t('riskScore')} {side.riskScore} · {t('files')} {side.fileCount} · {formatDate(side.createdAt, lang)}
      </p>
    </section>
  );
}

function StatusBadge({ status }: { status: FileDiff['status'] }) {
  const { t } = useApp();
  return (
    <span class={`badge fs-${status}`}>
      <span aria-hidden="true">{STATUS_MARK[status]} </span>
      {t(`fileStatus.${status}`)}
    </span>
  );
}

const LINE_MARK = { add: '+', remove: '−', context: ' ' } as const;

export type DiffViewMode = 'unified' | 'side-by-side';
const VIEW_KEY = 'skill-audit-console.diffView';

/** The diff view chosen in this browser session (sessionStorage), unified by default. */
function storedView(): DiffViewMode {
  try {
    return sessionStorage.getItem(VIEW_KEY) === 'side-by-side' ? 'side-by-side' : 'unified';
  } catch {
    return 'unified';
  }
}

function useDiffView(): [DiffViewMode, (mode: DiffViewMode) => void] {
  const [mode, setMode] = useState<DiffViewMode>(storedView);
  const choose = (next: DiffViewMode) => {
    try {
      sessionStorage.setItem(VIEW_KEY, next);
    } catch {
      // storage unavailable: the choice holds for this page
    }
    setMode(next);
  };
  return [mode, choose];
}

/** Two native radio buttons: Tab reaches the group, the arrow keys switch the view. */
function DiffViewSwitch({ mode, onChange }: { mode: DiffViewMode; onChange: (mode: DiffViewMode) => void }) {
  const { t } = useApp();
  const option = (value: DiffViewMode, label: string) => (
    <label>
      <input type="radio" name="diff-view" value={value} checked={mode === value} onChange={() => onChange(value)} /> {label}
    </label>
  );
  return (
    <fieldset class="diff-view">
      <legend>{t('diffView')}</legend>
      {option('unified', t('diffUnified'))}
      {option('side-by-side', t('diffSideBySide'))}
    </fieldset>
  );
}

function FileDiffView({ file, mode }: { file: FileDiff; mode: DiffViewMode }) {
  const { t } = useApp();
  return (
    <section class="file-group" id={`diff-${encodeURIComponent(file.path)}`} aria-labelledby={`diff-title-${encodeURIComponent(file.path)}`}>
      <h3 id={`diff-title-${encodeURIComponent(file.path)}`}>
        {file.path} <StatusBadge status={file.status} />{' '}
        <span class="muted">
          {file.previousSize ?? '–'} B → {file.currentSize ?? '–'} B
        </span>
      </h3>
      {!file.lineDiff ? (
        <p class="muted">{t('noLineDiff')}</p>
      ) : mode === 'unified' ? (
        <UnifiedDiff path={file.path} diff={file.lineDiff} />
      ) : (
        <SideBySideDiff path={file.path} diff={file.lineDiff} />
      )}
    </section>
  );
}

/** Unified diff of one file, from the API's lineDiff; long diffs render only the rows in view. */
function UnifiedDiff({ path, diff }: { path: string; diff: readonly DiffLine[] }) {
  const { t } = useApp();
  const rows = useRowWindow(diff.length);
  return (
    <div class="code diff" role="region" aria-label={t('diffOf', { path })} tabIndex={0} onScroll={rows.onScroll}>
      {rows.padTop > 0 && <div aria-hidden="true" style={{ height: `${rows.padTop}px` }} />}
      {diff.slice(rows.first, rows.last).map((l, k) => (
        <div key={rows.first + k} class={`ln d-${l.type}`}>
          <span class="gutter">{l.previousLine ?? ''}</span>
          <span class="gutter">{l.currentLine ?? ''}</span>
          <span class="mark">{LINE_MARK[l.type]}</span>
          <code>{l.text}</code>
        </div>
      ))}
      {rows.padBottom > 0 && <div aria-hidden="true" style={{ height: `${rows.padBottom}px` }} />}
    </div>
  );
}

/**
 * Side-by-side diff as a table (previous | current, each with its line number); removed and
 * added lines carry a written −/+ and a screen-reader word besides the colour. Long diffs render
 * only the rows in view; aria-rowcount/aria-rowindex keep the table's true size.
 */
function SideBySideDiff({ path, diff }: { path: string; diff: readonly DiffLine[] }) {
  const { t } = useApp();
  const table = useMemo(() => sideBySideRows(diff), [diff]);
  const rows = useRowWindow(table.length);
  const label = t('sideBySideOf', { path });
  return (
    <div class="code diff" role="region" aria-label={label} tabIndex={0} onScroll={rows.onScroll}>
      <table class="sbs" aria-rowcount={table.length + 1}>
        <caption class="sr-only">{label}</caption>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" class="gutter">
              <span class="sr-only">{t('lineNumberOf', { side: t('previous') })}</span>
            </th>
            <th scope="col">{t('previous')}</th>
            <th scope="col" class="gutter">
              <span class="sr-only">{t('lineNumberOf', { side: t('current') })}</span>
            </th>
            <th scope="col">{t('current')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.padTop > 0 && <tr aria-hidden="true" class="pad" style={{ height: `${rows.padTop}px` }} />}
          {table.slice(rows.first, rows.last).map((row, k) => (
            <tr key={rows.first + k} aria-rowindex={rows.first + k + 2}>
              <SideCells cell={row.previous} />
              <SideCells cell={row.current} />
            </tr>
          ))}
          {rows.padBottom > 0 && <tr aria-hidden="true" class="pad" style={{ height: `${rows.padBottom}px` }} />}
        </tbody>
      </table>
    </div>
  );
}

function SideCells({ cell }: { cell: DiffCell | null }) {
  const { t } = useApp();
  if (!cell)
    return (
      <>
        <td class="gutter" />
        <td class="empty" />
      </>
    );
  return (
    <>
      <td class="gutter">{cell.line}</td>
      <td class={`d-${cell.type}`}>
        <span class="mark" aria-hidden="true">
          {LINE_MARK[cell.type]}
        </span>
        {cell.type !== 'context' && <span class="sr-only">{t(cell.type === 'add' ? 'lineAdded' : 'lineRemoved')} </span>}
        <code>{cell.text}</code>
      </td>
    </>
  );
}
