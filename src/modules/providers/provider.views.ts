import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { ApiType } from '../../infra/ai/ai.types';
import type { AiProviderEntity } from './entities/ai-provider.entity';

/** AiProvider of the spec (the TypeScript type and the OpenAPI schema). The token itself is never part of it. */
@ApiSchema({ name: 'AiProvider' })
export class AiProviderView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['provider_a', 'provider_b', 'custom'] }) apiType: ApiType;
  @ApiProperty() baseUrl: string;
  @ApiProperty() model: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() hasToken: boolean;
  /** `sk-a…wxyz`; "" when no token is stored. */
  @ApiProperty({ description: 'Masked preview: first characters, an ellipsis, the last four' }) tokenPreview: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

@ApiSchema({ name: 'ProviderTestResult' })
export class ProviderTestResultView {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: String, nullable: true }) message: string | null;
}

@ApiSchema({ name: 'ProviderModelsResult' })
export class ProviderModelsResultView {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [String] }) models: string[];
  @ApiProperty({ type: String, nullable: true }) message: string | null;
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
