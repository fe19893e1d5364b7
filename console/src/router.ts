import { useEffect, useState } from 'preact/hooks';

export const BASE = '/console';

export type Route =
  | { page: 'list' }
  | { page: 'detail'; id: number }
  | { page: 'compare'; id: number; otherId: number }
  | { page: 'lineage'; id: number }
  | { page: 'admin'; section: string }
  | { page: 'notFound' };

/** The console's routes, relative to /console (deep links are served index.html by the API). */
export function parseRoute(pathname: string): Route {
  const rest = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  const parts = rest.split('/').filter(Boolean);
  const id = (s: string | undefined) => (s && /^[1-9][0-9]{0,9}$/.test(s) ? Number(s) : null);
  if (parts.length === 0) return { page: 'list' };
  if (parts[0] === 'admin') return parts.length <= 2 ? { page: 'admin', section: parts[1] ?? 'providers' } : { page: 'notFound' };
  if (parts[0] === 'scans') {
    const scanId = id(parts[1]);
    if (scanId === null) return { page: 'notFound' };
    if (parts.length === 2) return { page: 'detail', id: scanId };
    if (parts.length === 3 && parts[2] === 'lineage') return { page: 'lineage', id: scanId };
    const otherId = id(parts[3]);
    if (parts.length === 4 && parts[2] === 'compare' && otherId !== null) return { page: 'compare', id: scanId, otherId };
  }
  return { page: 'notFound' };
}

export function href(path: string): string {
  return `${BASE}${path}`;
}

export function navigate(to: string): void {
  history.pushState(null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** Current location; same-origin links under /console/ navigate without a page load. */
export function useLocation(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a');
      if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, location.href);
      if (url.origin !== location.origin || !(url.pathname === BASE || url.pathname.startsWith(`${BASE}/`))) return;
      event.preventDefault();
      if (url.pathname + url.search !== location.pathname + location.search) navigate(url.pathname + url.search);
    };
    addEventListener('popstate', onPop);
    document.addEventListener('click', onClick);
    return () => {
      removeEventListener('popstate', onPop);
      document.removeEventListener('click', onClick);
    };
  }, []);
  return path;
}
