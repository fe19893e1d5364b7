import { AiCallError, type CallOptions, type ChatRequest, type ProviderEndpoint } from './ai.types';
import { parseModelList } from './model-list';
import { requestJson } from './provider-http';
import { redactSecrets } from './redact';

/**
 * Clients for the three provider API styles (wire formats only, no SDK):
 * - `provider_a` (OpenAI-style) and `custom` (OpenAI-compatible): `GET {baseUrl}/models`,
 *   `POST {baseUrl}/chat/completions`, `Authorization: Bearer <token>`;
 * - `provider_b` (Anthropic-style): `GET {baseUrl}/models`, `POST {baseUrl}/messages`,
 *   `x-api-key: <token>` + `anthropic-version: 2023-06-01`.
 */
export const ANTHROPIC_VERSION = '2023-06-01';
const MODELS_MAX_BYTES = 5 * 1024 * 1024;
const CHAT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_MODEL_PAGES = 5;
const DEFAULT_MAX_TOKENS = 4096;

export function endpointUrl(baseUrl: string, path: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}/${path}`;
}

export function authHeaders(endpoint: ProviderEndpoint): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = endpoint.token?.trim();
  if (endpoint.apiType === 'provider_b') {
    headers['anthropic-version'] = ANTHROPIC_VERSION;
    if (token) headers['x-api-key'] = token;
  } else if (token) {
    headers.authorization = `Bearer ${token}`;
  }
  return headers;
}

/** Model ids offered by the provider (`GET {baseUrl}/models`), de-duplicated and sorted. */
export async function listModels(endpoint: ProviderEndpoint, options: CallOptions): Promise<string[]> {
  const secrets = [endpoint.token];
  const headers = authHeaders(endpoint);
  const base = endpointUrl(endpoint.baseUrl, 'models');
  let reply = await requestJson({ method: 'GET', url: base, headers, maxBytes: MODELS_MAX_BYTES, secrets }, options);
  const ids = parseModelList(reply);
  if (ids === null) throw new AiCallError('malformed', 'no model list (data[] or models[]) in the reply');
  // Anthropic-style lists are paginated (has_more / last_id); follow a few pages.
  const all = new Set(ids);
  for (let page = 1; page < MAX_MODEL_PAGES && endpoint.apiType === 'provider_b'; page++) {
    const body = reply as { has_more?: unknown; last_id?: unknown };
    if (body.has_more !== true || typeof body.last_id !== 'string' || !body.last_id) break;
    const url = `${base}?after_id=${encodeURIComponent(body.last_id)}`;
    reply = await requestJson({ method: 'GET', url, headers, maxBytes: MODELS_MAX_BYTES, secrets }, options);
    for (const id of parseModelList(reply) ?? []) all.add(id);
  }
  // A provider could echo the token as a "model id"; ids reach the list-models answer.
  return [...new Set([...all].map((id) => redactSecrets(id, secrets)))].sort();
}

/** One chat turn (system + user message); answers the model's text (with any echo of the token redacted). */
export async function chat(endpoint: ProviderEndpoint, request: ChatRequest, options: CallOptions): Promise<string> {
  const secrets = [endpoint.token];
  const headers = { ...authHeaders(endpoint), 'content-type': 'application/json' };
  if (endpoint.apiType === 'provider_b') {
    const reply = await requestJson(
      {
        method: 'POST',
        url: endpointUrl(endpoint.baseUrl, 'messages'),
        headers,
        body: {
          model: request.model,
          max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
          system: request.system,
          messages: [{ role: 'user', content: request.user }],
        },
        maxBytes: CHAT_MAX_BYTES,
        secrets,
      },
      options,
    );
    return nonEmpty(redactSecrets(anthropicText(reply), secrets));
  }
  const reply = await requestJson(
    {
      method: 'POST',
      url: endpointUrl(endpoint.baseUrl, 'chat/completions'),
      headers,
      body: {
        model: request.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      },
      maxBytes: CHAT_MAX_BYTES,
      secrets,
    },
    options,
  );
  return nonEmpty(redactSecrets(openAiText(reply), secrets));
}

function openAiText(reply: unknown): string {
  const choices = (reply as { choices?: unknown })?.choices;
  if (!Array.isArray(choices)) throw new AiCallError('malformed', 'no choices[] in the reply');
  const content = (choices[0] as { message?: { content?: unknown } } | undefined)?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return textParts(content);
  if (content === null || content === undefined) return '';
  throw new AiCallError('malformed', 'unexpected message content');
}

function anthropicText(reply: unknown): string {
  const content = (reply as { content?: unknown })?.content;
  if (!Array.isArray(content)) throw new AiCallError('malformed', 'no content[] in the reply');
  return textParts(content);
}

function textParts(parts: unknown[]): string {
  return parts
    .map((p) => (p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' ? (p as { text?: unknown }).text : null))
    .filter((t): t is string => typeof t === 'string')
    .join('');
}

function nonEmpty(text: string): string {
  if (!text.trim()) throw new AiCallError('empty');
  return text;
}
