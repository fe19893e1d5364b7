/** The provider API styles of the spec: `provider_a` (OpenAI-style), `provider_b` (Anthropic-style), `custom` (OpenAI-compatible). */
export const API_TYPES = ['provider_a', 'provider_b', 'custom'] as const;
export type ApiType = (typeof API_TYPES)[number];

/** Where and how to reach a provider. `token` null or "" → no authentication header. */
export interface ProviderEndpoint {
  apiType: ApiType;
  baseUrl: string;
  token: string | null;
}

export interface ChatRequest {
  model: string;
  system: string;
  user: string;
  /** Upper bound of the answer (provider_b requires it; OpenAI-style calls leave it to the model). */
  maxTokens?: number;
}

export interface CallOptions {
  /** Outbound time-out (AppConfig.ai.requestTimeoutMs, 60 s by default). */
  timeoutMs: number;
  /** Aborts the call early, e.g. when a job's deadline passes. */
  signal?: AbortSignal;
}

/** Why a provider call failed; the caller localizes the code. */
export type AiCallFailure = 'timeout' | 'http' | 'network' | 'malformed' | 'empty';

export class AiCallError extends Error {
  constructor(
    readonly code: AiCallFailure,
    /** Redacted, bounded detail safe to show, store and log (never the token). */
    readonly detail: string | null = null,
    readonly status: number | null = null,
  ) {
    super(`${code}${status !== null ? ` ${status}` : ''}${detail ? `: ${detail}` : ''}`);
    this.name = 'AiCallError';
  }
}
