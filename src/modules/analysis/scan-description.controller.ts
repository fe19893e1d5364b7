import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { ScanDetailView } from '../scans/scan.views';
import { ScanDescriptionService } from './scan-description.service';

@ApiTags('scans')
@Controller('scans')
export class ScanDescriptionController {
  constructor(private readonly descriptions: ScanDescriptionService) {}

  /** 200 ScanDetail with the new description; 404 unknown scan; 422 `descriptionUnavailable` (scan unchanged). */
  @Post(':id/description')
  @HttpCode(200)
  @ApiOkResponse({ type: ScanDetailView, description: 'The scan with its new description' })
  @ApiErrors(400, 404, 422)
  generate(@Param('id', ParseIdPipe) id: number): Promise<ScanDetailView> {
    return this.descriptions.generate(id);
  }
}
