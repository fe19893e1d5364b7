import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { streamJsonArray } from '../../common/http/json-array-stream';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { Viewer } from '../../common/decorators/viewer.decorator';
import { AdminGuard } from '../../common/guards/admin.guard';
import type { SessionUser } from '../../common/guards/session-user';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { Language } from '../../infra/i18n/i18n.setup';
import { CreateScanDto } from './dto/create-scan.dto';
import { UpdateScanDto } from './dto/update-scan.dto';
import type { ScanDetailView, ScanView } from './scan.views';
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
  async list(@Viewer() viewer: SessionUser | null, @Res() res: Response): Promise<void> {
    await streamJsonArray(res, this.scans.listBatches({ isAdmin: viewer?.isAdmin ?? false }));
  }

  @Post()
  create(@Body() body: CreateScanDto, @RequestLanguage() language: Language): Promise<ScanDetailView> {
    return this.scans.create(body, language);
  }

  @Get(':id')
  get(@Param('id', ParseIdPipe) id: number): Promise<ScanDetailView> {
    return this.scans.detail(id);
  }

  @Patch(':id')
  @UseGuards(AdminGuard)
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateScanDto): Promise<ScanView> {
    return this.scans.setHidden(id, body.hidden);
  }

  @Delete(':id')
  @UseGuards(AdminGuard)
  @HttpCode(204)
  async remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.scans.remove(id);
  }
}
