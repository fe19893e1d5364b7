import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const SCAN_SOURCES = ['zip', 'file', 'text'] as const;

/** SkillScanInput of the spec. */
export class CreateScanDto {
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Display name of the scan', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string | null;

  @ApiProperty({ enum: SCAN_SOURCES })
  @IsDefined()
  @IsIn(SCAN_SOURCES)
  source: (typeof SCAN_SOURCES)[number];

  @ApiProperty({ type: Boolean, description: 'Also run the configured AI analysis' })
  @IsDefined()
  @IsBoolean()
  useAi: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Base64 content when source is zip or file' })
  @IsOptional()
  @IsString()
  contentBase64?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Original filename when source is file or zip', maxLength: 255 })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  filename?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Raw skill text when source is text' })
  @IsOptional()
  @IsString()
  text?: string | null;
}
