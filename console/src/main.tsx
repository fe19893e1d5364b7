import { render } from 'preact';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { Api } from './api';
import { AppCtx, type AppContext } from './app-context';
import { initialLang, LANGS, storeLang, translator, type Lang } from './i18n';
import { href, parseRoute, useLocation } from './router';
import type { AuthMe } from './types';
import { PageTitle } from './components/common';
import { ScanListPage } from './pages/scan-list';
import { ScanDetailPage } from './pages/scan-detail';
import { ComparePage } from './pages/compare';
import { LineagePage } from './pages/lineage';
import { AdminPage } from './pages/admin';
import './styles.css';

const SIGNED_OUT: AuthMe = { authenticated: false, isAdmin: false, email: null };
const LANG_NAMES: Record<Lang, string> = { de: 'Deutsch', en: 'English', es: 'Español' };

function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [me, setMe] = useState<AuthMe>(SIGNED_OUT);
  const path = useLocation();
  const route = parseRoute(path);
  const api = useMemo(() => new Api(lang), [lang]);
  const refreshMe = useCallback(async () => {
    try {
      setMe(await api.get<AuthMe>('/me'));
    } catch {
      setMe(SIGNED_OUT);
    }
  }, [api]);
  useEffect(() => {
    void refreshMe();
  }, [refreshMe]);
  const t = useMemo(() => translator(lang), [lang]);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('appTitle');
  }, [lang, t]);
  // Move the focus to the new page's heading (not on the first load).
  const [firstPath] = useState(path);
  useEffect(() => {
    if (path !== firstPath) document.getElementById('page-title')?.focus();
  }, [path, firstPath]);

  const ctx: AppContext = { lang, t, api, me, refreshMe };
  const chooseLang = (next: Lang) => {
    storeLang(next);
    setLang(next);
  };
  const onAdmin = route.page === 'admin';
  return (
    <AppCtx.Provider value={ctx}>
      <a class="skip" href="#main">
        {t('skipToContent')}
      </a>
      <header class="top">
        <a class="brand" href={href('/')}>
          {t('appTitle')}
        </a>
        <nav aria-label={t('appTitle')}>
          <a href={href('/')} aria-current={route.page === 'list' ? 'page' : undefined}>
            {t('navScans')}
          </a>
          <a href={href('/admin')} aria-current={onAdmin ? 'page' : undefined}>
            {t('navAdmin')}
          </a>
        </nav>
        <label class="lang">
          {t('language')}{' '}
          <select value={lang} onChange={(e) => chooseLang((e.currentTarget as HTMLSelectElement).value as Lang)}>
            {LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="main">
        {route.page === 'list' && <ScanListPage />}
        {route.page === 'detail' && <ScanDetailPage key={route.id} id={route.id} />}
        {route.page === 'compare' && <ComparePage key={`${route.id}-${route.otherId}`} id={route.id} otherId={route.otherId} />}
        {route.page === 'lineage' && <LineagePage key={route.id} id={route.id} />}
        {route.page === 'admin' && <AdminPage section={route.section} />}
        {route.page === 'notFound' && (
          <>
            <PageTitle>{t('notFoundPage')}</PageTitle>
            <p>
              <a href={href('/')}>{t('backToList')}</a>
            </p>
          </>
        )}
      </main>
    </AppCtx.Provider>
  );
}

render(<App />, document.getElementById('app')!);
