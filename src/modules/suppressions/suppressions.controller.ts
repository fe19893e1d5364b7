import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Viewer } from '../../common/decorators/viewer.decorator';
import type { SessionUser } from '../../common/guards/session-user';
import { AdminOnly, ApiErrors } from '../../common/openapi/api-docs.decorators';

import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { CreateSuppressionDto } from './dto/create-suppression.dto';
import { SuppressionView } from './suppression.views';
import { SuppressionsService } from './suppressions.service';

/**
 * /suppressions — admin only. A suppression applies to scans created while it is active; stored
 * scans are never rewritten (deleting or expiring a suppression changes only later scans).
 */
@ApiTags('suppressions')
@Controller('suppressions')
@AdminOnly()
export class SuppressionsController {
  constructor(private readonly suppressions: SuppressionsService) {}

  @Get()
  @ApiOkResponse({ type: [SuppressionView], description: 'Every suppression, expired ones included, oldest first' })
  list(): Promise<SuppressionView[]> {
    return this.suppressions.list();
  }

  @Post()
  @ApiCreatedResponse({ type: SuppressionView })
  @ApiErrors(400, 415)
  create(@Body() body: CreateSuppressionDto, @Viewer() user: SessionUser): Promise<SuppressionView> {
    return this.suppressions.create(body, user);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Suppression removed' })
  @ApiErrors(400, 404)
  async remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.suppressions.remove(id);
  }
}
