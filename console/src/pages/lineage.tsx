import { useApp } from '../app-context';
import { ErrorBox, Loading, PageTitle, useAsync, VerdictBadge } from '../components/common';
import { formatDate } from '../i18n';
import { href } from '../router';
import type { LineageEntry } from '../types';

/** The skill family as a timeline, newest first: each step with its relation and similarity. */
export function LineagePage({ id }: { id: number }) {
  const { api, t, lang } = useApp();
  const lineage = useAsync((signal) => api.get<LineageEntry[]>(`/scans/${id}/lineage`, signal), [api, id]);
  return (
    <>
      <PageTitle>{t('lineageTitle', { id: `#${id}` })}</PageTitle>
      <ErrorBox error={lineage.error} />
      {!lineage.data && !lineage.error && <Loading />}
      {lineage.data && (
        <ol class="timeline">
          {lineage.data.map((e) => (
            <li key={e.id} class={e.id === id ? 'current' : undefined} aria-current={e.id === id ? 'step' : undefined}>
              <div class="when">{formatDate(e.createdAt, lang)}</div>
              <div>
                <a href={href(`/scans/${e.id}`)}>
                  #{e.id} {e.name}
                </a>{' '}
                <VerdictBadge verdict={e.verdict} /> {t('riskScore')} {e.riskScore}
              </div>
              <div class="muted">
                {e.relation ? t(`relation.${e.relation}`) : '—'}
                {e.similarity !== null && ` · ${t('similarity')} ${e.similarity} %`}
                {e.comparedScanId !== null && (
                  <>
                    {' · '}
                    <a href={href(`/scans/${e.id}/compare/${e.comparedScanId}`)}>{t('lineageStep', { id: e.comparedScanId })}</a>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
