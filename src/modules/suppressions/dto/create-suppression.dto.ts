import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsISO8601, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { MAX_GLOB_LENGTH } from '../../../core/report/path-glob';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

export const MIN_REASON_LENGTH = 10;
export const MAX_REASON_LENGTH = 2000;
/** A relative path glob: printable characters, no leading slash (finding paths are relative). */
const PATH_GLOB = /^[^/\x00-\x1f\x7f][^\x00-\x1f\x7f]*$/;

/** SuppressionInput: every given field must match a finding for the suppression to apply. */
export class CreateSuppressionDto {
  @ApiProperty({ maxLength: 128, example: 'exfil-network-send', description: 'A rule of GET /rules, or an `ai.*` rule id that has findings' })
  @IsDefined()
  @trim()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  ruleId: string;

  @ApiProperty({ minLength: MIN_REASON_LENGTH, maxLength: MAX_REASON_LENGTH, example: 'Reviewed: the upload goes to our own bucket.' })
  @IsDefined()
  @trim()
  @IsString()
  @MinLength(MIN_REASON_LENGTH)
  @MaxLength(MAX_REASON_LENGTH)
  reason: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200, description: 'Exact scan name (display name) the suppression is limited to' })
  @IsOptional()
  @trim()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  skillName?: string | null;

  @ApiPropertyOptional({
    type: String, nullable: true, maxLength: MAX_GLOB_LENGTH, example: 'scripts/**',
    description: 'Glob over the finding\'s file path: `*` and `?` within a directory, `**` across directories; everything else literal',
  })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_GLOB_LENGTH)
  @Matches(PATH_GLOB)
  path?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, pattern: '^[0-9a-f]{64}$', description: 'A finding fingerprint (Finding.fingerprint)' })
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{64}$/)
  fingerprint?: string | null;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'Must lie in the future; null → never expires' })
  @IsOptional()
  @IsString()
  @IsISO8601({ strict: true, strictSeparator: true })
  expiresAt?: string | null;
}
