import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined } from 'class-validator';

/** ScanModerationUpdate of the spec. */
export class UpdateScanDto {
  @ApiProperty({ type: Boolean })
  @IsDefined()
  @IsBoolean()
  hidden: boolean;
}
