import { NotConfigured } from '../../core/errors';
import { TokenCipher } from '../../infra/crypto/token-cipher';
import type { AiMessages } from '../../infra/ai/ai-messages.service';
import type { AppConfig } from '../../infra/config/app-config';
import type { ProviderStore } from './provider-store.service';
import { ProvidersService } from './providers.service';

describe('ProvidersService without key material', () => {
  const store = {
    cipher: new TokenCipher({ tokenEncryptionKey: null, sessionSecret: null }),
    repository: { create: (x: object) => ({ ...x }), save: async (x: object) => ({ id: 1, createdAt: new Date(), ...x }) },
  } as unknown as ProviderStore;
  const service = new ProvidersService(store, {} as AiMessages, { ai: { requestTimeoutMs: 1000 } } as AppConfig);
  const input = { name: 'p', apiType: 'provider_a' as const, baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };

  it('refuses to store a token with a clear error (tokenKeyMissing, an operator problem: 500)', async () => {
    const error = await service.create({ ...input, apiToken: 'sk-0123456789abcdef' }).catch((e) => e);
    expect(error).toBeInstanceOf(NotConfigured);
    expect(error).toMatchObject({ kind: 'notConfigured', code: 'tokenKeyMissing' });
  });

  it('still stores a provider without a token', async () => {
    await expect(service.create(input)).resolves.toMatchObject({ hasToken: false, tokenPreview: '' });
  });
});
