import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { errorText } from '../api';
import { useApp } from '../app-context';
import type { Severity, Verdict } from '../types';

/** Verdict as text plus a colour: the colour is never the only carrier. */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { t } = useApp();
  return <span class={`badge verdict-${verdict}`}>{t(`verdict.${verdict}`)}</span>;
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useApp();
  return <span class={`badge sev-${severity}`}>{t(`severity.${severity}`)}</span>;
}

export function ErrorBox({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p class="error" role="alert">
      {errorText(error)}
    </p>
  );
}

export function Loading() {
  const { t } = useApp();
  return (
    <p class="muted" role="status">
      {t('loading')}
    </p>
  );
}

export interface Async<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads `load()` whenever `deps` change; a stale answer never overwrites a newer one. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Async<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, error: null, loading: false }),
      (error) => !controller.signal.aborted && setState({ data: null, error, loading: false }),
    );
    return () => controller.abort();
  }, [...deps, round]);
  return { ...state, reload: () => setRound((r) => r + 1) };
}

/** A page's heading; it takes the focus after navigation so screen readers announce the new page. */
export function PageTitle({ children }: { children: ComponentChildren }) {
  return (
    <h1 tabIndex={-1} id="page-title">
      {children}
    </h1>
  );
}
