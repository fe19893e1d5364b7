import type { IncomingMessage, ServerResponse } from 'node:http';
import { stdTimeFunctions, type DestinationStream, type LevelWithSilent } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config';
import { assignRequestId } from './request-id';

/** Field names whose values never reach a log line, at any of the first four levels of nesting. */
const SECRET_FIELDS = ['password', 'apiToken', 'token', 'apiKey', 'secret', 'passwordHash', 'tokenEncrypted', 'sessionSecret'];

/** Header values that never reach a log line, wherever a `headers` object is logged. */
const SECRET_HEADERS = ['cookie', 'authorization', 'proxy-authorization', 'x-api-key', 'set-cookie'];

export const REDACT_PATHS: string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`, `*.*.headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]),
];

/** Request headers worth logging; everything else (cookies, credentials, …) is left out. */
const LOGGED_REQUEST_HEADERS = ['user-agent', 'content-type', 'content-length', 'accept-language', 'x-forwarded-for'];
const LOGGED_RESPONSE_HEADERS = ['content-type', 'content-length'];

/** Probe endpoints are not logged per request (they would drown the log). */
const QUIET_PATHS = new Set(['/api/healthz', '/api/readyz']);

function pick(headers: unknown, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!headers || typeof headers !== 'object') return out;
  for (const name of names) {
    const value = (headers as Record<string, unknown>)[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * pino-http options of both roles: JSON lines on stdout, ISO time, level names, request id on
 * every line of a request (`reqId`), no request or response bodies, secrets redacted.
 */
export function pinoHttpOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream: DestinationStream = process.stdout,
): Options<IncomingMessage, ServerResponse> {
  return {
    level: config.logLevel,
    stream,
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    genReqId: (req, res) => assignRequestId(req as IncomingMessage & { id?: string }, res),
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'reqId' },
    serializers: {
      // pino-http hands these the standard serialised request/response; keep a safe subset.
      req: (req: { id?: unknown; method?: string; url?: string; remoteAddress?: string; headers?: unknown }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.remoteAddress,
        headers: pick(req.headers, LOGGED_REQUEST_HEADERS),
      }),
      res: (res: { statusCode?: number; headers?: unknown }) => ({
        statusCode: res.statusCode,
        headers: pick(res.headers, LOGGED_RESPONSE_HEADERS),
      }),
    },
    customLogLevel: (_req, res, error): LevelWithSilent => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    autoLogging: {
      ignore: (req) => QUIET_PATHS.has((((req as { originalUrl?: string }).originalUrl ?? req.url) ?? '').split('?')[0]),
    },
  };
}
