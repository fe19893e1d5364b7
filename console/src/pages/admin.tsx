import { useMemo, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { useApp } from '../app-context';
import { ErrorBox, Loading, PageTitle, SeverityBadge, useAsync } from '../components/common';
import { VirtualList } from '../components/virtual-list';
import { formatDate } from '../i18n';
import { href } from '../router';
import { SEVERITIES, type ApiType, type Prompt, type Provider, type Rule, type Scan, type Severity, type Suppression } from '../types';
import { filterScans, ScanFilters, ScanRow, useScanStream } from './scan-list';

const SECTIONS = ['providers', 'prompts', 'rules', 'suppressions', 'scans'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_TEXT = { providers: 'providers', prompts: 'prompts', rules: 'rules', suppressions: 'suppressions', scans: 'moderation' } as const;

/** Runs an API action, keeping its error (the API's localized `error` text) and a success note. */
function useAction() {
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState<string | null>(null);
  const run = async <T,>(action: () => Promise<T>, done?: (result: T) => string | void): Promise<void> => {
    setError(null);
    setNote(null);
    try {
      const result = await action();
      const message = done?.(result);
      if (message) setNote(message);
    } catch (e) {
      setError(e);
    }
  };
  const feedback = (
    <>
      <ErrorBox error={error} />
      {note && (
        <p class="note" role="status">
          {note}
        </p>
      )}
    </>
  );
  return { run, feedback };
}

export function AdminPage({ section }: { section: string }) {
  const { t, me, api, refreshMe } = useApp();
  const current = (SECTIONS as readonly string[]).includes(section) ? (section as Section) : 'providers';
  const out = useAction();
  if (!me.authenticated) return <SignIn />;
  return (
    <>
      <PageTitle>{t(SECTION_TEXT[current])}</PageTitle>
      <div class="admin-bar">
        <nav aria-label={t('navAdmin')} class="tabs">
          {SECTIONS.map((s) => (
            <a key={s} href={href(`/admin/${s}`)} aria-current={s === current ? 'page' : undefined}>
              {t(SECTION_TEXT[s])}
            </a>
          ))}
        </nav>
        <span class="muted">{t('signedInAs', { email: me.email ?? '' })}</span>{' '}
        <button type="button" onClick={() => out.run(() => api.post('/auth/logout'), () => void refreshMe())}>
          {t('signOut')}
        </button>
        {out.feedback}
      </div>
      {current === 'providers' && <Providers />}
      {current === 'prompts' && <Prompts />}
      {current === 'rules' && <Rules />}
      {current === 'suppressions' && <Suppressions />}
      {current === 'scans' && <Moderation />}
    </>
  );
}

function SignIn() {
  const { t, api, refreshMe } = useApp();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  return (
    <>
      <PageTitle>{t('signIn')}</PageTitle>
      <p>{t('signInNeeded')}</p>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(() => api.post('/auth/login', { email, password }), () => void refreshMe());
        }}
      >
        <label>
          {t('email')}
          <input type="email" name="email" autoComplete="username" required value={email} onInput={(e) => setEmail((e.currentTarget as HTMLInputElement).value)} />
        </label>
        <label>
          {t('password')}
          <input type="password" name="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword((e.currentTarget as HTMLInputElement).value)} />
        </label>
        <button type="submit">{t('signIn')}</button>
        {action.feedback}
      </form>
    </>
  );
}

const API_TYPES: readonly ApiType[] = ['provider_a', 'provider_b', 'custom'];

function Providers() {
  const { t, api } = useApp();
  const list = useAsync((signal) => api.get<Provider[]>('/providers', signal), [api]);
  const [form, setForm] = useState({ name: '', apiType: 'provider_a' as ApiType, baseUrl: '', model: '', apiToken: '', enabled: true });
  const [models, setModels] = useState<string[]>([]);
  const action = useAction();
  const set = (key: keyof typeof form) => (e: Event) => {
    const el = e.currentTarget as HTMLInputElement;
    setForm({ ...form, [key]: el.type === 'checkbox' ? el.checked : el.value });
  };
  const connection = { apiType: form.apiType, baseUrl: form.baseUrl, apiToken: form.apiToken };
  const result = (r: { ok: boolean; message?: string | null }) => `${r.ok ? t('ok') : t('failed')}${r.message ? `: ${r.message}` : ''}`;
  return (
    <>
      <form
        class="form"
        aria-label={t('create')}
        onSubmit={(e) => {
          e.preventDefault();
          void action.run(
            () => api.post<Provider>('/providers', { ...form, apiToken: form.apiToken || undefined }),
            (p) => {
              list.reload();
              setForm({ ...form, name: '', apiToken: '' });
              return `${t('saved')} #${p.id}`;
            },
          );
        }}
      >
        <label>
          {t('name')}
          <input required value={form.name} onInput={set('name')} />
        </label>
        <label>
          {t('apiType')}
          <select value={form.apiType} onChange={set('apiType')}>
            {API_TYPES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('baseUrl')}
          <input type="url" required value={form.baseUrl} onInput={set('baseUrl')} />
        </label>
        <label>
          {t('model')}
          <input required list="model-options" value={form.model} onInput={set('model')} />
          <datalist id="model-options">
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </label>
        <label>
          {t('apiToken')}
          <input type="password" autoComplete="off" value={form.apiToken} onInput={set('apiToken')} />
        </label>
        <label class="check">
          <input type="checkbox" checked={form.enabled} onChange={set('enabled')} /> {t('enabled')}
        </label>
        <div class="buttons">
          <button type="button" onClick={() => action.run(() => api.post<{ ok: boolean; message?: string | null }>('/providers/test-connection', connection), result)}>
            {t('testConnection')}
          </button>
          <button
            type="button"
            onClick={() =>
              action.run(
                () => api.post<{ ok: boolean; models: string[]; message?: string | null }>('/providers/list-models', connection),
                (r) => {
                  setModels(r.models);
                  return r.ok ? `${t('modelsFound', { count: r.models.length })}: ${r.models.slice(0, 20).join(', ')}` : result(r);
                },
              )
            }
          >
            {t('listModels')}
          </button>
          <button type="submit">{t('create')}</button>
        </div>
        {action.feedback}
      </form>
      <ErrorBox error={list.error} />
      {list.data && (
        <table>
          <caption>{t('providers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('apiType')}</th>
              <th scope="col">{t('baseUrl')}</th>
              <th scope="col">{t('model')}</th>
              <th scope="col">{t('token')}</th>
              <th scope="col">{t('enabled')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((p) => (
              <ProviderRow key={p.id} provider={p} onChanged={list.reload} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function ProviderRow({ provider: p, onChanged }: { provider: Provider; onChanged: () => void }) {
  const { t, api } = useApp();
  const action = useAction();
  const result = (r: { ok: boolean; message?: string | null }) => `${r.ok ? t('ok') : t('failed')}${r.message ? `: ${r.message}` : ''}`;
  return (
    <tr>
      <td>{p.name}</td>
      <td>{p.apiType}</td>
      <td>{p.baseUrl}</td>
      <td>{p.model}</td>
      <td>{p.hasToken ? p.tokenPreview : t('noToken')}</td>
      <td>{p.enabled ? t('enabled') : '—'}</td>
      <td>
        <div class="buttons">
          <button type="button" onClick={() => action.run(() => api.patch(`/providers/${p.id}`, { enabled: !p.enabled }), onChanged)}>
            {p.enabled ? t('disable') : t('enable')} <span class="sr-only">{p.name}</span>
          </button>
          <button type="button" onClick={() => action.run(() => api.post<{ ok: boolean; message?: string | null }>(`/providers/${p.id}/test`), result)}>
            {t('testConnection')} <span class="sr-only">{p.name}</span>
          </button>
          <button
            type="button"
            onClick={() =>
              action.run(
                () => api.post<{ ok: boolean; models: string[]; message?: string | null }>('/providers/list-models', { apiType: p.apiType, baseUrl: p.baseUrl, providerId: p.id }),
                (r) => (r.ok ? `${t('modelsFound', { count: r.models.length })}: ${r.models.slice(0, 20).join(', ')}` : result(r)),
              )
            }
          >
            {t('listModels')} <span class="sr-only">{p.name}</span>
          </button>
          <button type="button" class="danger" onClick={() => action.run(() => api.delete(`/providers/${p.id}`), onChanged)}>
            {t('delete')} <span class="sr-only">{p.name}</span>
          </button>
        </div>
        {action.feedback}
      </td>
    </tr>
  );
}

function Prompts() {
  const { api } = useApp();
  const list = useAsync((signal) => api.get<Prompt[]>('/prompts', signal), [api]);
  if (list.error) return <ErrorBox error={list.error} />;
  if (!list.data) return <Loading />;
  return (
    <>
      {list.data.map((p) => (
        <PromptEditor key={p.id} prompt={p} />
      ))}
    </>
  );
}

function PromptEditor({ prompt }: { prompt: Prompt }) {
  const { t, api, lang } = useApp();
  const [name, setName] = useState(prompt.name);
  const [content, setContent] = useState(prompt.content);
  const [updatedAt, setUpdatedAt] = useState(prompt.updatedAt);
  const action = useAction();
  return (
    <form
      class="form prompt"
      aria-label={prompt.key}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(
          () => api.patch<Prompt>(`/prompts/${prompt.id}`, { name, content }),
          (p) => {
            setUpdatedAt(p.updatedAt);
            return t('saved');
          },
        );
      }}
    >
      <h2>
        {prompt.key} <span class="muted">{formatDate(updatedAt, lang)}</span>
      </h2>
      <label>
        {t('name')}
        <input value={name} onInput={(e) => setName((e.currentTarget as HTMLInputElement).value)} />
      </label>
      <label>
        {t('content')}
        <textarea rows={8} value={content} onInput={(e) => setContent((e.currentTarget as HTMLTextAreaElement).value)} />
      </label>
      <button type="submit">{t('save')}</button>
      {action.feedback}
    </form>
  );
}

function Rules() {
  const { t, api } = useApp();
  const list = useAsync((signal) => api.get<Rule[]>('/rules', signal), [api]);
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (list.data ?? []).filter((r) => !needle || `${r.ruleId} ${r.title} ${r.category}`.toLowerCase().includes(needle));
  }, [list.data, filter]);
  if (list.error) return <ErrorBox error={list.error} />;
  if (!list.data) return <Loading />;
  return (
    <>
      <div class="filters">
        <label>
          {t('filterRules')} <input type="search" value={filter} onInput={(e) => setFilter((e.currentTarget as HTMLInputElement).value)} />
        </label>
      </div>
      <table>
        <caption>{t('rules')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ruleId')}</th>
            <th scope="col">{t('axis')}</th>
            <th scope="col">{t('detection')}</th>
            <th scope="col">{t('severity')}</th>
            <th scope="col">{t('enabled')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <RuleRow key={r.id} rule={r} />
          ))}
        </tbody>
      </table>
    </>
  );
}

function RuleRow({ rule }: { rule: Rule }) {
  const { t, api } = useApp();
  const [current, setCurrent] = useState(rule);
  const action = useAction();
  const update = (patch: { severity?: Severity; enabled?: boolean }) => action.run(() => api.patch<Rule>(`/rules/${rule.id}`, patch), (r) => void setCurrent(r));
  return (
    <tr data-rule={rule.ruleId}>
      <th scope="row">
        <code>{current.ruleId}</code>
        <div>{current.title}</div>
        <div class="muted">{current.category}</div>
        {action.feedback}
      </th>
      <td>{t(`axis.${current.axis}`)}</td>
      <td>{current.detectionType}</td>
      <td>
        <label>
          <span class="sr-only">
            {t('severity')} {current.ruleId}
          </span>
          <select value={current.severity} onChange={(e) => update({ severity: (e.currentTarget as HTMLSelectElement).value as Severity })}>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`severity.${s}`)}
              </option>
            ))}
          </select>
        </label>{' '}
        <SeverityBadge severity={current.severity} />
      </td>
      <td>
        <label class="check">
          <input type="checkbox" checked={current.enabled} onChange={(e) => update({ enabled: (e.currentTarget as HTMLInputElement).checked })} />
          <span class="sr-only">
            {t('enabled')} {current.ruleId}
          </span>
          <span aria-hidden="true">{current.enabled ? t('enabled') : '—'}</span>
        </label>
      </td>
    </tr>
  );
}

function Suppressions() {
  const { t, api, lang } = useApp();
  const list = useAsync((signal) => api.get<Suppression[]>('/suppressions', signal), [api]);
  const empty = { ruleId: '', reason: '', skillName: '', path: '', fingerprint: '', expiresAt: '' };
  // The detail page's "Suppress…" link passes the finding's rule, skill name, path and fingerprint.
  const [form, setForm] = useState(() => {
    const query = new URLSearchParams(location.search);
    return { ...empty, ruleId: query.get('ruleId') ?? '', skillName: query.get('skillName') ?? '', path: query.get('path') ?? '', fingerprint: query.get('fingerprint') ?? '' };
  });
  const action = useAction();
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.currentTarget as HTMLInputElement).value });
  if (list.error instanceof ApiError && list.error.status === 404) return <p data-testid="no-suppressions">{t('suppressionsMissing')}</p>;
  return (
    <>
      <form
        class="form"
        aria-label={t('create')}
        onSubmit={(e) => {
          e.preventDefault();
          const body = {
            ruleId: form.ruleId,
            reason: form.reason,
            skillName: form.skillName || null,
            path: form.path || null,
            fingerprint: form.fingerprint || null,
            expiresAt: form.expiresAt ? new Date(form.expiresAt).toISOString() : null,
          };
          void action.run(
            () => api.post<Suppression>('/suppressions', body),
            (s) => {
              list.reload();
              setForm(empty);
              return `${t('saved')} #${s.id}`;
            },
          );
        }}
      >
        <label>
          {t('ruleId')}
          <input required value={form.ruleId} onInput={set('ruleId')} />
        </label>
        <label>
          {t('reason')}
          <textarea required rows={2} value={form.reason} onInput={set('reason')} />
        </label>
        <label>
          {t('skillName')}
          <input value={form.skillName} onInput={set('skillName')} />
        </label>
        <label>
          {t('pathGlob')}
          <input value={form.path} onInput={set('path')} />
        </label>
        <label>
          {t('fingerprint')}
          <input value={form.fingerprint} onInput={set('fingerprint')} pattern="[0-9a-f]{64}" />
        </label>
        <label>
          {t('expiresAt')}
          <input type="datetime-local" value={form.expiresAt} onInput={set('expiresAt')} />
        </label>
        <button type="submit">{t('create')}</button>
        {action.feedback}
      </form>
      <ErrorBox error={list.error} />
      {list.data && (
        <table>
          <caption>{t('suppressions')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ruleId')}</th>
              <th scope="col">{t('reason')}</th>
              <th scope="col">{t('skillName')}</th>
              <th scope="col">{t('pathGlob')}</th>
              <th scope="col">{t('expiresAt')}</th>
              <th scope="col">{t('createdBy')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((s) => (
              <tr key={s.id}>
                <td>
                  <code>{s.ruleId}</code>
                </td>
                <td>{s.reason}</td>
                <td>{s.skillName ?? '—'}</td>
                <td>{s.path ?? '—'}</td>
                <td>{s.expiresAt ? formatDate(s.expiresAt, lang) : t('never')}</td>
                <td>{s.createdBy}</td>
                <td>
                  <button type="button" class="danger" onClick={() => action.run(() => api.delete(`/suppressions/${s.id}`), () => void list.reload())}>
                    {t('delete')} <span class="sr-only">#{s.id}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

/** Hide, unhide and delete scans; the admin's list includes hidden scans. */
function Moderation() {
  const { t, api } = useApp();
  const stream = useScanStream();
  const [verdict, setVerdict] = useState<Scan['verdict'] | ''>('');
  const [name, setName] = useState('');
  const [changed, setChanged] = useState<Map<number, Scan | null>>(new Map());
  // Deleting takes a second click on the same row.
  const [confirmId, setConfirmId] = useState<number | null>(null);
  const action = useAction();
  const rows = useMemo(
    () => filterScans(stream.rows, verdict, name).flatMap((s) => (changed.has(s.id) ? (changed.get(s.id) ? [changed.get(s.id)!] : []) : [s])),
    [stream.rows, stream.version, verdict, name, changed],
  );
  const record = (id: number, scan: Scan | null) => setChanged(new Map(changed).set(id, scan));
  return (
    <>
      <ScanFilters verdict={verdict} name={name} onVerdict={setVerdict} onName={setName} />
      <p class="muted" role="status">
        {t('shownOf', { shown: rows.length, total: stream.rows.length })}
        {!stream.complete && ` — ${t('streaming')}`}
      </p>
      {action.feedback}
      <ErrorBox error={stream.error} />
      <VirtualList
        items={rows}
        rowHeight={40}
        height={480}
        label={t('moderation')}
        rowKey={(s) => s.id}
        renderRow={(s) => (
          <div class="mod-row">
            <ScanRow scan={s} />
            <button type="button" onClick={() => action.run(() => api.patch<Scan>(`/scans/${s.id}`, { hidden: !s.hidden }), (u) => void record(s.id, u))}>
              {s.hidden ? t('unhide') : t('hide')} <span class="sr-only">#{s.id}</span>
            </button>
            {confirmId !== s.id ? (
              <button type="button" class="danger" onClick={() => setConfirmId(s.id)}>
                {t('delete')} <span class="sr-only">#{s.id}</span>
              </button>
            ) : (
              <span class="buttons">
                <button
                  type="button"
                  class="danger"
                  onClick={() => action.run(() => api.delete(`/scans/${s.id}`), () => (record(s.id, null), setConfirmId(null), t('deleted', { id: s.id })))}
                >
                  {t('confirm')} <span class="sr-only">{t('confirmDelete', { id: s.id })}</span>
                </button>
                <button type="button" onClick={() => setConfirmId(null)}>
                  {t('cancel')}
                </button>
              </span>
            )}
          </div>
        )}
      />
    </>
  );
}
