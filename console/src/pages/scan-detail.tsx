import type { ComponentChildren } from 'preact';
import { memo } from 'preact/compat';
import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { useApp } from '../app-context';
import { ErrorBox, Loading, PageTitle, SeverityBadge, useAsync, VerdictBadge } from '../components/common';
import { FileContent } from '../components/file-content';
import { formatDate } from '../i18n';
import { href, navigate } from '../router';
import { AXES, SEVERITIES, type Axis, type Finding, type ScanDetail, type ScanFile, type Severity, type Suppression } from '../types';

const NO_FILE = '\u0000';

export function ScanDetailPage({ id }: { id: number }) {
  const { api, t } = useApp();
  const scan = useAsync((signal) => api.get<ScanDetail>(`/scans/${id}`, signal), [api, id]);
  if (scan.error) {
    return (
      <>
        <PageTitle>#{id}</PageTitle>
        <ErrorBox error={scan.error} />
        <p>
          <a href={href('/')}>{t('backToList')}</a>
        </p>
      </>
    );
  }
  if (!scan.data) return <Loading />;
  return <ScanReport scan={scan.data} onChanged={scan.reload} />;
}

function ScanReport({ scan, onChanged }: { scan: ScanDetail; onChanged: () => void }) {
  const { t, lang, me } = useApp();
  return (
    <>
      <PageTitle>
        <span class="muted">#{scan.id}</span> {scan.name}
      </PageTitle>
      <div class="summary">
        <VerdictBadge verdict={scan.verdict} />
        <span class="score">
          {t('riskScore')}: <strong data-testid="risk-score">{scan.riskScore}</strong>
        </span>
        {scan.hidden && <span class="badge hidden-badge">{t('hiddenBadge')}</span>}
      </div>
      <dl class="meta">
        <dt>{t('colCreated')}</dt>
        <dd>{formatDate(scan.createdAt, lang)}</dd>
        <dt>{t('source')}</dt>
        <dd>{scan.source}</dd>
        <dt>{t('files')}</dt>
        <dd>{scan.fileCount}</dd>
        <dt>{t('checkCount')}</dt>
        <dd>{scan.checkCount}</dd>
        {scan.relation && (
          <>
            <dt>{t('relation')}</dt>
            <dd>
              {t(`relation.${scan.relation}`)}
              {scan.similarity !== null && ` · ${t('similarity')} ${scan.similarity} %`}
            </dd>
          </>
        )}
        {scan.comparedScan && (
          <>
            <dt>{t('comparedWith')}</dt>
            <dd>
              <a href={href(`/scans/${scan.comparedScan.id}`)}>
                #{scan.comparedScan.id} {scan.comparedScan.name}
              </a>{' '}
              <VerdictBadge verdict={scan.comparedScan.verdict} /> {scan.comparedScan.riskScore}
            </dd>
          </>
        )}
        {scan.aiUsed && (
          <>
            <dt>{t('aiFinding')}</dt>
            <dd>{t('aiUsed')}</dd>
          </>
        )}
      </dl>
      {scan.aiError && <p class="warning">{t('aiError', { error: scan.aiError })}</p>}
      {scan.findingDelta && <p data-testid="finding-delta">{t('findingDelta', { added: scan.findingDelta.added, resolved: scan.findingDelta.resolved })}</p>}
      <p class="links">
        {scan.comparedScanId !== null && (
          <a href={href(`/scans/${scan.id}/compare/${scan.comparedScanId}`)} class="button-link">
            {t('compareLink')}
          </a>
        )}
        <a href={href(`/scans/${scan.id}/lineage`)} class="button-link">
          {t('lineageLink')}
        </a>
      </p>
      {me.isAdmin && <Moderation scan={scan} onChanged={onChanged} />}
      <h2>{t('description')}</h2>
      <p class="description">{scan.description || t('noDescription')}</p>
      <Checkpoints scan={scan} />
      <Findings scan={scan} />
    </>
  );
}

function Moderation({ scan, onChanged }: { scan: ScanDetail; onChanged: () => void }) {
  const { api, t } = useApp();
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const run = async (action: () => Promise<unknown>, after: () => void) => {
    setError(null);
    try {
      await action();
      after();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <div class="actions">
      <button type="button" onClick={() => run(() => api.patch(`/scans/${scan.id}`, { hidden: !scan.hidden }), onChanged)}>
        {scan.hidden ? t('unhide') : t('hide')}
      </button>
      {!confirming ? (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          {t('delete')}
        </button>
      ) : (
        <span role="group" aria-label={t('confirmDelete', { id: scan.id })}>
          {t('confirmDelete', { id: scan.id })}{' '}
          <button type="button" class="danger" onClick={() => run(() => api.delete(`/scans/${scan.id}`), () => navigate(href('/')))}>
            {t('confirm')}
          </button>{' '}
          <button type="button" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
        </span>
      )}
      <ErrorBox error={error} />
    </div>
  );
}

const STATUS_MARK = { pass: '✓', flagged: '!', skipped: '–', error: '✗' } as const;

function Checkpoints({ scan }: { scan: ScanDetail }) {
  const { t } = useApp();
  return (
    <>
      <h2>{t('checkpoints')}</h2>
      <ol class="checkpoints">
        {scan.checkpoints.map((c) => (
          <li key={c.id} class={`cp cp-${c.status}`}>
            <span class="cp-status">
              <span aria-hidden="true">{STATUS_MARK[c.status]}</span> {t(`checkpoint.${c.status}`)}
            </span>
            <span class="cp-label">{c.label}</span>
            <span class="muted">
              {c.category}
              {c.axis && ` · ${t(`axis.${c.axis}`)}`}
              {c.detectedBy === 'ai' && ` · ${t('aiFinding')}`}
            </span>
            {c.severity && <SeverityBadge severity={c.severity} />}
            <span class="num">
              {t('findingsCount', { count: c.findingCount })}
              {c.scoreDelta !== 0 && ` · ${t('scoreDelta', { delta: c.scoreDelta > 0 ? `+${c.scoreDelta}` : c.scoreDelta })}`}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** Groups findings by file path, in the order of the scan's files; findings without a file last. */
export interface FileGroup {
  path: string;
  file: ScanFile | null;
  findings: Finding[];
}

export function groupByFile(files: readonly ScanFile[], findings: readonly Finding[]): FileGroup[] {
  const byPath = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = f.file ?? NO_FILE;
    const list = byPath.get(key);
    if (list) list.push(f);
    else byPath.set(key, [f]);
  }
  const groups: FileGroup[] = files.map((file) => ({ path: file.path, file, findings: byPath.get(file.path) ?? [] }));
  const known = new Set(files.map((f) => f.path));
  for (const [path, list] of byPath) if (!known.has(path)) groups.push({ path, file: null, findings: list });
  for (const g of groups) g.findings.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity));
  // Files with findings first (most findings first), then the rest in the scan's order.
  return groups.sort((a, b) => Number(b.findings.length > 0) - Number(a.findings.length > 0));
}

function Findings({ scan }: { scan: ScanDetail }) {
  const { api, t, me } = useApp();
  const [severity, setSeverity] = useState<Severity | ''>('');
  const [axis, setAxis] = useState<Axis | ''>('');
  const active = scan.findings.filter((f) => !f.suppressed);
  const suppressed = scan.findings.filter((f) => f.suppressed);
  const shown = useMemo(() => active.filter((f) => (!severity || f.severity === severity) && (!axis || f.axis === axis)), [scan, severity, axis]);
  const groups = useMemo(() => groupByFile(scan.files, shown), [scan, shown]);
  // Suppression reasons come from the admin-only list; others see the suppression's number.
  const reasons = useAsync(
    async (signal) => {
      if (!me.isAdmin || suppressed.length === 0) return new Map<number, string>();
      try {
        const list = await api.get<Suppression[]>('/suppressions', signal);
        return new Map(list.map((s) => [s.id, s.reason]));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return new Map<number, string>();
        throw e;
      }
    },
    [api, me.isAdmin, scan.id],
  );
  return (
    <>
      <h2>
        {t('findings')} <span class="muted">({t('findingsCount', { count: active.length })})</span>
      </h2>
      <div class="filters">
        <label>
          {t('severity')}{' '}
          <select value={severity} onChange={(e) => setSeverity((e.currentTarget as HTMLSelectElement).value as Severity | '')}>
            <option value="">{t('all')}</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`severity.${s}`)} ({active.filter((f) => f.severity === s).length})
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('axis')}{' '}
          <select value={axis} onChange={(e) => setAxis((e.currentTarget as HTMLSelectElement).value as Axis | '')}>
            <option value="">{t('all')}</option>
            {AXES.map((a) => (
              <option key={a} value={a}>
                {t(`axis.${a}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {shown.length === 0 && <p>{t('noFindings')}</p>}
      {groups.map((g) =>
        g.findings.length > 0 ? (
          <section class="file-group" key={g.path} aria-label={g.file ? g.path : t('noFile')}>
            <h3>
              {g.file ? g.path : t('noFile')} {g.file && <span class="muted">({g.file.kind}, {g.file.size} B)</span>}
            </h3>
            <ul class="findings">
              {g.findings.map((f) => (
                <FindingItem key={f.id} finding={f}>
                  {me.isAdmin && f.fingerprint && (
                    <p>
                      <a href={href(`/admin/suppressions?${new URLSearchParams({ ruleId: f.ruleId, skillName: scan.name, fingerprint: f.fingerprint })}`)}>
                        {t('suppressThis')} <span class="sr-only">{f.title}</span>
                      </a>
                    </p>
                  )}
                </FindingItem>
              ))}
            </ul>
            {g.file && <FileContent file={g.file} findings={g.findings} />}
          </section>
        ) : (
          g.file &&
          !severity &&
          !axis && (
            <CollapsedFile key={g.path} file={g.file} />
          )
        ),
      )}
      {suppressed.length > 0 && (
        <section class="suppressed" aria-labelledby="suppressed-title">
          <h2 id="suppressed-title">
            {t('suppressedFindings')} <span class="muted">({suppressed.length})</span>
          </h2>
          <ul class="findings">
            {suppressed.map((f) => (
              <FindingItem key={f.id} finding={f}>
                <p>
                  <strong>{t('suppressionReason')}:</strong>{' '}
                  {(f.suppressionId != null && reasons.data?.get(f.suppressionId)) || t('suppressionUnknown', { id: f.suppressionId ?? '?' })}
                </p>
              </FindingItem>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

const NO_FINDINGS: readonly Finding[] = [];

/** A file without findings, closed; its content is rendered only once it is opened (a 200 KB skill has many lines nobody reads). */
function CollapsedFile({ file }: { file: ScanFile }) {
  const [open, setOpen] = useState(false);
  return (
    <details class="file-group" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>
        {file.path} <span class="muted">({file.kind}, {file.size} B)</span>
      </summary>
      {open && <FileContent file={file} findings={NO_FINDINGS} />}
    </details>
  );
}

/** One finding; memoised, so a filter change does not re-render the findings that stay. */
export const FindingItem = memo(function FindingItem({ finding: f, children }: { finding: Finding; children?: ComponentChildren }) {
  const { t } = useApp();
  return (
    <li class={`finding sev-border-${f.severity}`}>
      <div class="finding-head">
        <SeverityBadge severity={f.severity} />
        <span class="badge axis">{t(`axis.${f.axis}`)}</span>
        {f.detectedBy === 'ai' && <span class="badge ai">{t('aiFinding')}</span>}
        <strong>{f.title}</strong>
        <span class="muted">
          {f.ruleId}
          {f.file && ` · ${f.file}`}
          {f.line ? ` · ${t('line', { line: f.line })}` : ''}
        </span>
      </div>
      <p>{f.description}</p>
      {f.snippet && <pre class="snippet">{f.snippet}</pre>}
      {f.remediation && (
        <p>
          <strong>{t('remediation')}:</strong> {f.remediation}
        </p>
      )}
      {children}
    </li>
  );
});
