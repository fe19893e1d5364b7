import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { API_TYPES, type ApiType } from '../../../infra/ai/ai.types';
import { BaseUrlChecks, MAX_NAME_LENGTH, MAX_TOKEN_LENGTH, MAX_URL_LENGTH, TOKEN_PATTERN, Trim } from './provider-fields';

const present = (_: object, value: unknown) => value !== undefined;

/**
 * AiProviderUpdate of the spec: every field optional (null is not a value for them).
 * `apiToken`: omitted or "" keeps the stored token, a non-empty string replaces it, null removes it.
 */
export class UpdateProviderDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_NAME_LENGTH })
  @ValidateIf(present)
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_NAME_LENGTH)
  name?: string;

  @ApiPropertyOptional({ enum: API_TYPES })
  @ValidateIf(present)
  @IsIn(API_TYPES)
  apiType?: ApiType;

  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_URL_LENGTH })
  @ValidateIf(present)
  @BaseUrlChecks()
  baseUrl?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_NAME_LENGTH })
  @ValidateIf(present)
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_NAME_LENGTH)
  model?: string;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Omitted or "" keeps the stored token; a value replaces it; null removes it.' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(MAX_TOKEN_LENGTH)
  @Matches(TOKEN_PATTERN)
  apiToken?: string | null;

  @ApiPropertyOptional({ type: Boolean })
  @ValidateIf(present)
  @IsBoolean()
  enabled?: boolean;
}
