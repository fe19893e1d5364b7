import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { TokenCipher } from '../../infra/crypto/token-cipher';
import { ProviderStore } from './provider-store.service';

/** Provider storage and token encryption, without HTTP: used by the API and by the workers. */
@Module({
  providers: [
    { provide: TokenCipher, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new TokenCipher(config) },
    ProviderStore,
  ],
  exports: [ProviderStore, TokenCipher],
})
export class ProviderStoreModule {}
