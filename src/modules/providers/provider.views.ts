import type { ApiType } from '../../infra/ai/ai.types';
import type { AiProviderEntity } from './entities/ai-provider.entity';

/** AiProvider of the spec. The token itself is never part of it. */
export interface AiProviderView {
  id: number;
  name: string;
  apiType: ApiType;
  baseUrl: string;
  model: string;
  enabled: boolean;
  hasToken: boolean;
  /** `sk-a…wxyz`; "" when no token is stored. */
  tokenPreview: string;
  createdAt: string;
}

export interface ProviderTestResultView {
  ok: boolean;
  message: string | null;
}

export interface ProviderModelsResultView {
  ok: boolean;
  models: string[];
  message: string | null;
}

export function toProviderView(provider: AiProviderEntity): AiProviderView {
  const hasToken = provider.tokenEncrypted !== null;
  return {
    id: provider.id,
    name: provider.name,
    apiType: provider.apiType,
    baseUrl: provider.baseUrl,
    model: provider.model,
    enabled: provider.enabled,
    hasToken,
    tokenPreview: hasToken ? (provider.tokenPreview ?? '…') : '',
    createdAt: new Date(provider.createdAt).toISOString(),
  };
}
