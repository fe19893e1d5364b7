import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { API_TYPES, type ApiType } from '../../../infra/ai/ai.types';
import { BaseUrlChecks, MAX_NAME_LENGTH, MAX_TOKEN_LENGTH, MAX_URL_LENGTH, TOKEN_PATTERN, Trim } from './provider-fields';

/** ProviderListModelsInput of the spec. */
export class ListModelsDto {
  @ApiProperty({ enum: API_TYPES })
  @IsDefined()
  @IsIn(API_TYPES)
  apiType: ApiType;

  @ApiProperty({ minLength: 1, maxLength: MAX_URL_LENGTH })
  @IsDefined()
  @BaseUrlChecks()
  baseUrl: string;

  @ApiPropertyOptional({ type: String, description: 'Used when non-empty; else the stored token of providerId' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(MAX_TOKEN_LENGTH)
  @Matches(TOKEN_PATTERN)
  apiToken?: string | null;

  @ApiPropertyOptional({ type: Number, description: 'Saved provider whose stored token is used when apiToken is empty' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  providerId?: number | null;
}

/** ProviderTestConnectionInput of the spec. */
export class TestConnectionDto extends ListModelsDto {
  @ApiPropertyOptional({ type: String, description: 'Given → one-shot chat request; omitted → credentials checked via the models endpoint' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  model?: string | null;
}
