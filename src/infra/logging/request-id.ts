import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's id is kept only when it is a short, plain token (no spaces, quotes or control characters). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The incoming X-Request-Id when it is safe to echo and log, else a fresh UUID. */
export function resolveRequestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value) ? value : randomUUID();
}

type RequestWithId = IncomingMessage & { id?: string | number };

/**
 * Gives the request its id (`req.id`, read by pino-http for every log line of the request)
 * and sets the X-Request-Id response header before anything else runs, so every response —
 * errors, 404s outside /api and body-parser rejections included — carries it.
 */
export function assignRequestId(req: RequestWithId, res: ServerResponse): string {
  if (typeof req.id !== 'string') {
    req.id = resolveRequestId(req.headers['x-request-id']);
  }
  if (!res.headersSent) res.setHeader(REQUEST_ID_HEADER, req.id);
  return req.id;
}

export function requestIdMiddleware(req: RequestWithId, res: ServerResponse, next: () => void): void {
  assignRequestId(req, res);
  next();
}
