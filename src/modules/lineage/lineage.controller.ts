import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { LineageService } from './lineage.service';
import { ScanComparisonView, ScanLineageEntryView } from './lineage.views';

/** Versions of a skill: file-by-file comparison of two scans and the family timeline. Public. */
@ApiTags('scans')
@Controller('scans')
export class LineageController {
  constructor(private readonly lineage: LineageService) {}

  @Get(':id/compare/:otherId')
  @ApiOkResponse({
    type: ScanComparisonView,
    description: '`id` is the current scan, `otherId` the previous one. Modified text files carry a line diff, other files null',
  })
  @ApiErrors(400, 404)
  compare(@Param('id', ParseIdPipe) id: number, @Param('otherId', ParseIdPipe) otherId: number): Promise<ScanComparisonView> {
    return this.lineage.compare(id, otherId);
  }

  @Get(':id/lineage')
  @ApiOkResponse({
    type: [ScanLineageEntryView],
    description: 'The family of the scan (linked by comparedScanId or equal fingerprints), newest first',
  })
  @ApiErrors(400, 404)
  family(@Param('id', ParseIdPipe) id: number): Promise<ScanLineageEntryView[]> {
    return this.lineage.lineage(id);
  }
}
