import { AiCallError, type CallOptions } from './ai.types';
import { safeMessage } from './redact';

export interface JsonRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Upper bound of the reply body; a longer reply is cut off and reported as malformed. */
  maxBytes: number;
  /** Secrets to redact from any message derived from the reply (the token). */
  secrets: ReadonlyArray<string | null>;
}

const ERROR_BODY_BYTES = 64 * 1024;

/**
 * One outbound JSON call with a hard time-out covering the whole exchange (connect, headers and
 * body), an optional external abort signal, no redirects (a redirect would resend the
 * credentials elsewhere) and a bounded reply. Every failure is an AiCallError whose detail is
 * redacted.
 */
export async function requestJson(request: JsonRequest, options: CallOptions): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(1, options.timeoutMs));
  const onExternalAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onExternalAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        redirect: 'manual',
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new AiCallError('timeout');
      throw new AiCallError('network', networkDetail(error));
    }
    const ok = response.status >= 200 && response.status < 300;
    const text = await readBounded(response, ok ? request.maxBytes : ERROR_BODY_BYTES, controller);
    if (!ok) throw new AiCallError('http', errorDetail(text.text, request.secrets), response.status);
    if (text.truncated) throw new AiCallError('malformed', 'reply too large');
    try {
      return JSON.parse(text.text) as unknown;
    } catch {
      throw new AiCallError('malformed', 'reply is not JSON');
    }
  } catch (error) {
    if (error instanceof AiCallError) throw error;
    if (controller.signal.aborted) throw new AiCallError('timeout');
    throw new AiCallError('network', networkDetail(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onExternalAbort);
  }
}

async function readBounded(
  response: Response,
  maxBytes: number,
  controller: AbortController,
): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel().catch(() => undefined);
      if (!controller.signal.aborted) controller.abort();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated };
}

/** The provider's own error sentence (error.message / error / message / detail), redacted. */
function errorDetail(body: string, secrets: ReadonlyArray<string | null>): string | null {
  let message: unknown = null;
  try {
    const json = JSON.parse(body) as any;
    message = json?.error?.message ?? json?.error ?? json?.message ?? json?.detail ?? null;
    if (message !== null && typeof message !== 'string') message = JSON.stringify(message);
  } catch {
    message = body;
  }
  if (typeof message !== 'string' || !message.trim()) return null;
  return safeMessage(message, secrets, 200) || null;
}

function networkDetail(error: unknown): string | null {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  return code && /^[A-Z_]{2,40}$/.test(code) ? code : null;
}
