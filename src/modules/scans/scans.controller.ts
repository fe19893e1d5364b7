import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { streamJsonArray } from '../../common/http/json-array-stream';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { Viewer } from '../../common/decorators/viewer.decorator';
import type { SessionUser } from '../../common/guards/session-user';
import { AdminOnly, ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { Language } from '../../infra/i18n/i18n.setup';
import { CreateScanDto } from './dto/create-scan.dto';
import { UpdateScanDto } from './dto/update-scan.dto';
import { ScanDetailView, ScanView } from './scan.views';
import { ScansService } from './scans.service';

@ApiTags('scans')
@Controller('scans')
export class ScansController {
  constructor(private readonly scans: ScansService) {}

  /**
   * The full array of Scan, newest first, streamed page by page from the database (flat memory
   * and an early first byte even with millions of scans). Hidden scans only for admins.
   */
  @Get()
  @ApiOkResponse({ type: [ScanView], description: 'Every scan visible to the caller, most recent first' })
  @ApiErrors()
  async list(@Viewer() viewer: SessionUser | null, @Res() res: Response): Promise<void> {
    await streamJsonArray(res, this.scans.listBatches({ isAdmin: viewer?.isAdmin ?? false }));
  }

  @Post()
  @ApiCreatedResponse({ type: ScanDetailView, description: 'The completed report' })
  @ApiErrors(400, 413, 415)
  create(@Body() body: CreateScanDto, @RequestLanguage() language: Language): Promise<ScanDetailView> {
    return this.scans.create(body, language);
  }

  @Get(':id')
  @ApiOkResponse({ type: ScanDetailView })
  @ApiErrors(400, 404)
  get(@Param('id', ParseIdPipe) id: number): Promise<ScanDetailView> {
    return this.scans.detail(id);
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: ScanView, description: 'The updated scan' })
  @ApiErrors(400, 404, 415)
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateScanDto): Promise<ScanView> {
    return this.scans.setHidden(id, body.hidden);
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Scan removed' })
  @ApiErrors(400, 404)
  async remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.scans.remove(id);
  }
}
