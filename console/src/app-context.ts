import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Api } from './api';
import type { Lang, Translate } from './i18n';
import type { AuthMe } from './types';

export interface AppContext {
  lang: Lang;
  t: Translate;
  api: Api;
  me: AuthMe;
  /** Re-reads GET /me (after sign-in or sign-out). */
  refreshMe: () => Promise<void>;
}

export const AppCtx = createContext<AppContext | null>(null);

export function useApp(): AppContext {
  const ctx = useContext(AppCtx);
  if (!ctx) throw new Error('AppCtx missing');
  return ctx;
}
