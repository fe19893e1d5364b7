import { Inject, Injectable } from '@nestjs/common';
import { NotConfigured, NotFound } from '../../core/errors';
import { AiMessages } from '../../infra/ai/ai-messages.service';
import { AiCallError, type ProviderEndpoint } from '../../infra/ai/ai.types';
import { chat, listModels } from '../../infra/ai/provider-client';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { TokenKeyMissingError, tokenPreview } from '../../infra/crypto/token-cipher';
import type { Language } from '../../infra/i18n/i18n.setup';
import type { CreateProviderDto } from './dto/create-provider.dto';
import type { ListModelsDto, TestConnectionDto } from './dto/provider-connection.dto';
import type { UpdateProviderDto } from './dto/update-provider.dto';
import type { AiProviderEntity } from './entities/ai-provider.entity';
import { ProviderStore } from './provider-store.service';
import {
  toProviderView,
  type AiProviderView,
  type ProviderModelsResultView,
  type ProviderTestResultView,
} from './provider.views';

const MAX_INT4 = 2_147_483_647;
const TEST_PROMPT = { system: 'You are a connectivity check.', user: 'Reply with the single word OK.', maxTokens: 16 };

/** /providers: CRUD with encrypted tokens, connection tests and model lists (answers never carry a token). */
@Injectable()
export class ProvidersService {
  constructor(
    private readonly store: ProviderStore,
    private readonly messages: AiMessages,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<AiProviderView[]> {
    const providers = await this.store.repository.find({ order: { id: 'ASC' } });
    return providers.map(toProviderView);
  }

  async create(input: CreateProviderDto): Promise<AiProviderView> {
    const provider = this.store.repository.create({
      name: input.name,
      apiType: input.apiType,
      baseUrl: input.baseUrl,
      model: input.model,
      enabled: input.enabled ?? true,
      tokenEncrypted: null,
      tokenPreview: null,
    });
    if (input.apiToken) this.setToken(provider, input.apiToken);
    return toProviderView(await this.store.repository.save(provider));
  }

  async update(id: number, change: UpdateProviderDto): Promise<AiProviderView> {
    const provider = await this.find(id);
    if (change.name !== undefined) provider.name = change.name;
    if (change.apiType !== undefined) provider.apiType = change.apiType;
    if (change.baseUrl !== undefined) provider.baseUrl = change.baseUrl;
    if (change.model !== undefined) provider.model = change.model;
    if (change.enabled !== undefined) provider.enabled = change.enabled;
    if (change.apiToken === null) {
      provider.tokenEncrypted = null;
      provider.tokenPreview = null;
    } else if (change.apiToken) {
      this.setToken(provider, change.apiToken);
    }
    return toProviderView(await this.store.repository.save(provider));
  }

  async remove(id: number): Promise<void> {
    const result = await this.store.repository.delete({ id: this.checkId(id) });
    if (!result.affected) throw new NotFound('providerNotFound');
  }

  /** POST /providers/{id}/test: a one-shot chat with the saved configuration and token. */
  async test(id: number, lang: Language): Promise<ProviderTestResultView> {
    const provider = await this.find(id);
    const token = provider.tokenEncrypted ? this.store.decrypt(provider) : null;
    if (provider.tokenEncrypted && token === null) return this.failed('test.failed', { code: 'tokenUnreadable' }, lang);
    return this.chatCheck({ apiType: provider.apiType, baseUrl: provider.baseUrl, token }, provider.model, lang);
  }

  /** With `model`: a one-shot chat; without: credentials checked through the models endpoint. */
  async testConnection(input: TestConnectionDto, lang: Language): Promise<ProviderTestResultView> {
    const token = await this.resolveToken(input);
    if (token === undefined) return this.failed('test.failed', { code: 'tokenUnreadable' }, lang);
    const endpoint: ProviderEndpoint = { apiType: input.apiType, baseUrl: input.baseUrl, token };
    if (input.model) return this.chatCheck(endpoint, input.model, lang);
    try {
      const models = await listModels(endpoint, { timeoutMs: this.config.ai.requestTimeoutMs });
      return { ok: true, message: this.messages.t('test.modelsOk', lang, { count: models.length }) };
    } catch (error) {
      return this.failed('test.failed', callFailure(error), lang);
    }
  }

  async listModels(input: ListModelsDto, lang: Language): Promise<ProviderModelsResultView> {
    const token = await this.resolveToken(input);
    if (token === undefined) return { ...this.failed('models.failed', { code: 'tokenUnreadable' }, lang), models: [] };
    try {
      const models = await listModels({ apiType: input.apiType, baseUrl: input.baseUrl, token }, { timeoutMs: this.config.ai.requestTimeoutMs });
      return { ok: true, models, message: null };
    } catch (error) {
      return { ...this.failed('models.failed', callFailure(error), lang), models: [] };
    }
  }

  private async chatCheck(endpoint: ProviderEndpoint, model: string, lang: Language): Promise<ProviderTestResultView> {
    try {
      await chat(endpoint, { model, ...TEST_PROMPT }, { timeoutMs: this.config.ai.requestTimeoutMs });
      return { ok: true, message: this.messages.t('test.chatOk', lang, { model }) };
    } catch (error) {
      return this.failed('test.failed', callFailure(error), lang);
    }
  }

  /**
   * `apiToken` when non-empty; else the stored token of `providerId` (404 for an unknown id);
   * else no token. `undefined` when the stored token cannot be decrypted.
   */
  private async resolveToken(input: ListModelsDto): Promise<string | null | undefined> {
    if (input.apiToken) return input.apiToken;
    if (input.providerId === undefined || input.providerId === null) return null;
    const provider = await this.find(input.providerId);
    if (!provider.tokenEncrypted) return null;
    return this.store.decrypt(provider) ?? undefined;
  }

  private failed(key: 'test.failed' | 'models.failed', failure: Parameters<AiMessages['reason']>[0], lang: Language) {
    return { ok: false, message: this.messages.t(key, lang, { reason: this.messages.reason(failure, lang) }) };
  }

  private setToken(provider: AiProviderEntity, token: string): void {
    try {
      provider.tokenEncrypted = this.store.cipher.encrypt(token);
    } catch (error) {
      if (error instanceof TokenKeyMissingError) throw new NotConfigured('tokenKeyMissing');
      throw error;
    }
    provider.tokenPreview = tokenPreview(token);
  }

  private async find(id: number): Promise<AiProviderEntity> {
    const provider = await this.store.repository.findOneBy({ id: this.checkId(id) });
    if (!provider) throw new NotFound('providerNotFound');
    return provider;
  }

  private checkId(id: number): number {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw new NotFound('providerNotFound');
    return id;
  }
}

function callFailure(error: unknown): Parameters<AiMessages['reason']>[0] {
  if (error instanceof AiCallError) return { code: error.code, status: error.status, detail: error.detail };
  return { code: 'internal' };
}
