import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { API_TYPES, type ApiType } from '../../../infra/ai/ai.types';
import { BaseUrlChecks, MAX_NAME_LENGTH, MAX_TOKEN_LENGTH, MAX_URL_LENGTH, TOKEN_PATTERN, Trim } from './provider-fields';

/** AiProviderInput of the spec. */
export class CreateProviderDto {
  @ApiProperty({ minLength: 1, maxLength: MAX_NAME_LENGTH })
  @IsDefined()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_NAME_LENGTH)
  name: string;

  @ApiProperty({ enum: API_TYPES })
  @IsDefined()
  @IsIn(API_TYPES)
  apiType: ApiType;

  @ApiProperty({ minLength: 1, maxLength: MAX_URL_LENGTH, example: 'https://api.example.com/v1', description: 'http(s) URL; requests go to {baseUrl}/models, /chat/completions or /messages' })
  @IsDefined()
  @BaseUrlChecks()
  baseUrl: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_NAME_LENGTH })
  @IsDefined()
  @Trim()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_NAME_LENGTH)
  model: string;

  @ApiPropertyOptional({ type: String, description: 'Stored encrypted; never returned. Empty → no token.' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(MAX_TOKEN_LENGTH)
  @Matches(TOKEN_PATTERN)
  apiToken?: string | null;

  @ApiPropertyOptional({ type: Boolean, default: true })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}
