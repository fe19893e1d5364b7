import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { ScanDetailView } from '../scans/scan.views';
import { ScanDescriptionService } from './scan-description.service';

@ApiTags('scans')
@Controller('scans')
export class ScanDescriptionController {
  constructor(private readonly descriptions: ScanDescriptionService) {}

  /** 200 ScanDetail with the new description; 404 unknown scan; 422 `descriptionUnavailable` (scan unchanged). */
  @Post(':id/description')
  @HttpCode(200)
  generate(@Param('id', ParseIdPipe) id: number): Promise<ScanDetailView> {
    return this.descriptions.generate(id);
  }
}
