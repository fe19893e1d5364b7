import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource, type Repository } from 'typeorm';
import type { ProviderEndpoint } from '../../infra/ai/ai.types';
import { TokenCipher, TokenDecryptError, TokenKeyMissingError } from '../../infra/crypto/token-cipher';
import { AiProviderEntity } from './entities/ai-provider.entity';

export type ProviderCallTarget =
  | { ok: true; provider: AiProviderEntity; endpoint: ProviderEndpoint; model: string }
  | { ok: false; code: 'providerMissing' | 'tokenUnreadable' };

/**
 * Provider look-ups shared by the API and the workers (no HTTP): which provider the AI steps
 * use, and a provider's endpoint with its decrypted token. The token leaves this class only
 * inside a ProviderEndpoint handed to a provider client.
 */
@Injectable()
export class ProviderStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    readonly cipher: TokenCipher,
  ) {}

  get repository(): Repository<AiProviderEntity> {
    return this.dataSource.getRepository(AiProviderEntity);
  }

  /** The provider the AI steps use: the enabled provider with a token and the lowest id (DESIGN.md). */
  async activeProviderId(): Promise<number | null> {
    const provider = await this.repository.findOne({
      where: { enabled: true, tokenEncrypted: Not(IsNull()) },
      order: { id: 'ASC' },
      select: { id: true },
    });
    return provider?.id ?? null;
  }

  /** The endpoint of an enabled provider with a token, for a job. */
  async callTarget(id: number): Promise<ProviderCallTarget> {
    const provider = await this.repository.findOneBy({ id });
    if (!provider || !provider.enabled || !provider.tokenEncrypted) return { ok: false, code: 'providerMissing' };
    const token = this.decrypt(provider);
    if (token === null) return { ok: false, code: 'tokenUnreadable' };
    return { ok: true, provider, endpoint: { apiType: provider.apiType, baseUrl: provider.baseUrl, token }, model: provider.model };
  }

  /** The stored token in clear; null when it cannot be decrypted (wrong or missing key). */
  decrypt(provider: AiProviderEntity): string | null {
    if (!provider.tokenEncrypted) return null;
    try {
      return this.cipher.decrypt(provider.tokenEncrypted);
    } catch (error) {
      if (error instanceof TokenDecryptError || error instanceof TokenKeyMissingError) return null;
      throw error;
    }
  }
}
