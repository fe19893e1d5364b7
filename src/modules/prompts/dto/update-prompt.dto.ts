import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

export const MAX_PROMPT_LENGTH = 100_000;
const present = (_: object, value: unknown) => value !== undefined;

/** PromptUpdate of the spec (null is not a value for either field). */
export class UpdatePromptDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @ValidateIf(present)
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: MAX_PROMPT_LENGTH, description: 'Template; placeholders {{language}}, {{skillName}}, {{files}}' })
  @ValidateIf(present)
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_PROMPT_LENGTH)
  content?: string;
}
