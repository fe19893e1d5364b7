import { Module } from '@nestjs/common';
import { AiModule } from '../../infra/ai/ai.module';
import { ProviderStoreModule } from './provider-store.module';
import { ProvidersController } from './providers.controller';
import { ProvidersService } from './providers.service';

/** The /providers API (admin). Storage lives in ProviderStoreModule, shared with the workers. */
@Module({
  imports: [ProviderStoreModule, AiModule],
  controllers: [ProvidersController],
  providers: [ProvidersService],
})
export class ProvidersModule {}
