import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const CONSOLE_PATH = '/console';

/**
 * Where `npm run build` puts the console bundle (Vite, `console/`): `<project>/dist/console`.
 * Resolved from this file's place, which is `src/modules/console` in tests and
 * `dist/modules/console` in a build — both three levels below the project root.
 */
export function consoleBundleDir(): string {
  return resolve(__dirname, '..', '..', '..', 'dist', 'console');
}

/**
 * Serves the review console from the API's own origin (the `session` cookie and the CSP's
 * 'self' cover it): hashed files under /console/assets/ with a year of caching, and index.html
 * for every other GET under /console/ so deep links (/console/scans/7/lineage) load directly.
 * Anything it does not serve — a missing asset, a non-GET, no built bundle — goes on to the
 * app's {error} 404.
 */
export function consoleStatic(dir: string = consoleBundleDir()): RequestHandler {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !(req.path === CONSOLE_PATH || req.path.startsWith(`${CONSOLE_PATH}/`))) return next();
    if (!existsSync(index)) return next();
    if (req.path === CONSOLE_PATH) return res.redirect(301, `${CONSOLE_PATH}/`);
    const rest = req.path.slice(CONSOLE_PATH.length + 1);
    if (rest.startsWith('assets/')) {
      let file: string;
      try {
        file = resolve(root, decodeURIComponent(rest));
      } catch {
        return next();
      }
      if (!file.startsWith(root + sep)) return next();
      return res.sendFile(file, { maxAge: '365d', immutable: true, dotfiles: 'deny' }, (error) => {
        if (error && !res.headersSent) next();
      });
    }
    // The shell must be revalidated so a new deployment's asset names are picked up.
    res.setHeader('Cache-Control', 'no-cache');
    return res.sendFile(index, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
