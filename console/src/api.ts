import { JsonArrayStream } from './json-array-stream';
import type { Lang } from './i18n';
import type { Scan } from './types';

/** An API answer other than 2xx; `message` is the API's localized `error` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Client of the same-origin API: the `session` cookie goes along, the console's language as Accept-Language. */
export class Api {
  constructor(readonly lang: Lang) {}

  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return this.send<T>('GET', path, undefined, signal);
  }
  post<T>(path: string, body?: unknown): Promise<T> {
    return this.send<T>('POST', path, body ?? {});
  }
  patch<T>(path: string, body: unknown): Promise<T> {
    return this.send<T>('PATCH', path, body);
  }
  delete(path: string): Promise<void> {
    return this.send<void>('DELETE', path);
  }

  private async send<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': this.lang };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
    if (!res.ok) throw await errorOf(res);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  }

  /**
   * GET /scans as it streams: `onRows` gets each batch of parsed scans (newest first, in API
   * order) as soon as it is complete, so the list paints before the last of 100 000 rows arrives.
   */
  async streamScans(onRows: (rows: Scan[]) => void, signal: AbortSignal): Promise<void> {
    const res = await fetch('/api/scans', {
      headers: { Accept: 'application/json', 'Accept-Language': this.lang },
      credentials: 'same-origin',
      signal,
    });
    if (!res.ok) throw await errorOf(res);
    const parser = new JsonArrayStream<Scan>();
    if (!res.body) {
      onRows(parser.push(await res.text()));
      return;
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const rows = parser.push(value);
      if (rows.length > 0) onRows(rows);
    }
    if (!parser.complete) throw new ApiError(0, 'incomplete response');
  }
}

async function errorOf(res: Response): Promise<ApiError> {
  let message = `HTTP ${res.status}`;
  try {
    const body = (await res.json()) as { error?: unknown };
    if (typeof body.error === 'string') message = body.error;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiError(res.status, message);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
