import { useApp } from '../app-context';
import { ErrorBox, Loading, PageTitle, useAsync, VerdictBadge } from '../components/common';
import { formatDate } from '../i18n';
import { href } from '../router';
import type { Comparison, ComparisonSide, FileDiff } from '../types';
import { FindingItem } from './scan-detail';

const STATUS_ORDER: Record<FileDiff['status'], number> = { modified: 0, added: 1, removed: 2, unchanged: 3 };
const STATUS_MARK: Record<FileDiff['status'], string> = { modified: '~', added: '+', removed: '−', unchanged: '=' };

export function ComparePage({ id, otherId }: { id: number; otherId: number }) {
  const { api, t } = useApp();
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
      {files
        .filter((f) => f.status !== 'unchanged')
        .map((f) => (
          <FileDiffView key={f.path} file={f} />
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

/** Unified diff of one file, from the API's lineDiff (null for added, removed or binary files). */
function FileDiffView({ file }: { file: FileDiff }) {
  const { t } = useApp();
  return (
    <section class="file-group" id={`diff-${encodeURIComponent(file.path)}`} aria-label={t('diffOf', { path: file.path })}>
      <h3>
        {file.path} <StatusBadge status={file.status} />{' '}
        <span class="muted">
          {file.previousSize ?? '–'} B → {file.currentSize ?? '–'} B
        </span>
      </h3>
      {file.lineDiff ? (
        <div class="code diff" role="region" aria-label={t('diffOf', { path: file.path })} tabIndex={0}>
          {file.lineDiff.map((l, i) => (
            <div key={i} class={`ln d-${l.type}`}>
              <span class="gutter">{l.previousLine ?? ''}</span>
              <span class="gutter">{l.currentLine ?? ''}</span>
              <span class="mark">{LINE_MARK[l.type]}</span>
              <code>{l.text}</code>
            </div>
          ))}
        </div>
      ) : (
        <p class="muted">{t('noLineDiff')}</p>
      )}
    </section>
  );
}
