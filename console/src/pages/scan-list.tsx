import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useApp } from '../app-context';
import { ErrorBox, Loading, PageTitle, SeverityBadge, useAsync, VerdictBadge } from '../components/common';
import { countDay, VerdictChart, type DayCounts } from '../components/verdict-chart';
import { VirtualList } from '../components/virtual-list';
import { formatDate } from '../i18n';
import { href } from '../router';
import { SEVERITIES, VERDICTS, type Dashboard, type Scan, type Verdict } from '../types';

/** Streams GET /api/scans into one growing array; re-renders at most every 100 ms while it arrives. */
export function useScanStream() {
  const { api } = useApp();
  const rows = useRef<Scan[]>([]);
  const days = useRef<DayCounts>(new Map());
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<{ complete: boolean; error: unknown }>({ complete: false, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    rows.current = [];
    days.current = new Map();
    setState({ complete: false, error: null });
    let timer: number | undefined;
    const flush = () => {
      timer = undefined;
      setVersion((v) => v + 1);
    };
    api
      .streamScans((batch) => {
        for (const scan of batch) {
          rows.current.push(scan);
          countDay(days.current, scan.createdAt, scan.verdict);
        }
        // The first rows paint at once; later ones in 100 ms steps.
        if (rows.current.length === batch.length) flush();
        else timer ??= window.setTimeout(flush, 100);
      }, controller.signal)
      .then(
        () => {
          window.clearTimeout(timer);
          flush();
          setState({ complete: true, error: null });
        },
        (error) => !controller.signal.aborted && setState({ complete: true, error }),
      );
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [api, round]);
  return { rows: rows.current, days: days.current, version, ...state, reload: () => setRound((r) => r + 1) };
}

export function filterScans(rows: readonly Scan[], verdict: Verdict | '', name: string): readonly Scan[] {
  const needle = name.trim().toLocaleLowerCase();
  if (!verdict && !needle) return rows;
  return rows.filter((s) => (!verdict || s.verdict === verdict) && (!needle || s.name.toLocaleLowerCase().includes(needle)));
}

export function ScanFilters(props: { verdict: Verdict | ''; name: string; onVerdict: (v: Verdict | '') => void; onName: (n: string) => void }) {
  const { t } = useApp();
  return (
    <div class="filters">
      <label>
        {t('filterVerdict')}{' '}
        <select value={props.verdict} onChange={(e) => props.onVerdict((e.currentTarget as HTMLSelectElement).value as Verdict | '')}>
          <option value="">{t('all')}</option>
          {VERDICTS.map((v) => (
            <option key={v} value={v}>
              {t(`verdict.${v}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('filterName')}{' '}
        <input type="search" value={props.name} onInput={(e) => props.onName((e.currentTarget as HTMLInputElement).value)} />
      </label>
    </div>
  );
}

function DashboardFigures() {
  const { api, t } = useApp();
  const dash = useAsync((signal) => api.get<Dashboard>('/dashboard', signal), [api]);
  if (dash.error) return <ErrorBox error={dash.error} />;
  const d = dash.data;
  if (!d) return <Loading />;
  return (
    <div class="figures">
      <dl class="figure">
        <dt>{t('totalScans')}</dt>
        <dd data-testid="total-scans">{d.totalScans}</dd>
      </dl>
      <dl class="figure">
        <dt>{t('avgRisk')}</dt>
        <dd>{d.avgRiskScore}</dd>
      </dl>
      {VERDICTS.map((v) => (
        <dl class="figure" key={v}>
          <dt>
            <VerdictBadge verdict={v} />
          </dt>
          <dd>{d.verdictCounts[v]}</dd>
        </dl>
      ))}
      <dl class="figure wide">
        <dt>{t('findings')}</dt>
        <dd class="sev-line">
          {SEVERITIES.map((s) => (
            <span key={s}>
              <SeverityBadge severity={s} /> {d.severityTotals[s]}
            </span>
          ))}
          <span>
            {t('axis.security')} {d.axisTotals.security} · {t('axis.privacy')} {d.axisTotals.privacy}
          </span>
        </dd>
      </dl>
      {d.topRules.length > 0 && (
        <dl class="figure wide">
          <dt>{t('topRules')}</dt>
          <dd>
            <ol class="top-rules">
              {d.topRules.slice(0, 5).map((r) => (
                <li key={r.ruleId}>
                  {r.title} <span class="muted">({r.ruleId}, {t(`axis.${r.axis}`)})</span>: {r.count}
                </li>
              ))}
            </ol>
          </dd>
        </dl>
      )}
    </div>
  );
}

export function ScanRow({ scan }: { scan: Scan }) {
  const { t, lang } = useApp();
  return (
    <div class="scan-row">
      <a href={href(`/scans/${scan.id}`)} class="name">
        <span class="muted">#{scan.id}</span> {scan.name}
      </a>
      <VerdictBadge verdict={scan.verdict} />
      <span class="num" title={t('colScore')}>
        {scan.riskScore}
      </span>
      <span class="num" title={t('colFindings')}>
        {scan.findingCounts.total}
      </span>
      <span class="muted date">
        {formatDate(scan.createdAt, lang)}
        {scan.hidden && <span class="badge hidden-badge"> {t('hiddenBadge')}</span>}
      </span>
    </div>
  );
}

export function ScanListHeader() {
  const { t } = useApp();
  return (
    <div class="scan-row list-head" aria-hidden="true">
      <span>{t('colName')}</span>
      <span>{t('colVerdict')}</span>
      <span class="num">{t('colScore')}</span>
      <span class="num">{t('colFindings')}</span>
      <span>{t('colCreated')}</span>
    </div>
  );
}

export function ScanListPage() {
  const { t } = useApp();
  const stream = useScanStream();
  const [verdict, setVerdict] = useState<Verdict | ''>('');
  const [name, setName] = useState('');
  const shown = useMemo(() => filterScans(stream.rows, verdict, name), [stream.rows, stream.version, verdict, name]);
  return (
    <>
      <PageTitle>{t('dashboard')}</PageTitle>
      <DashboardFigures />
      {stream.rows.length > 0 && <VerdictChart days={stream.days} />}
      <h2>{t('scanList')}</h2>
      <ScanFilters verdict={verdict} name={name} onVerdict={setVerdict} onName={setName} />
      <p class="muted" role="status" data-testid="list-status">
        {t('shownOf', { shown: shown.length, total: stream.rows.length })}
        {!stream.complete && ` — ${t('streaming')}`}
      </p>
      <ErrorBox error={stream.error} />
      {stream.complete && shown.length === 0 && !stream.error && <p>{t('noScans')}</p>}
      {shown.length > 0 && (
        <>
          <ScanListHeader />
          <VirtualList items={shown} rowHeight={40} height={480} label={t('scanList')} rowKey={(s) => s.id} renderRow={(s) => <ScanRow scan={s} />} />
        </>
      )}
    </>
  );
}
