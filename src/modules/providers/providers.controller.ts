import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { AdminGuard } from '../../common/guards/admin.guard';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { Language } from '../../infra/i18n/i18n.setup';
import { CreateProviderDto } from './dto/create-provider.dto';
import { ListModelsDto, TestConnectionDto } from './dto/provider-connection.dto';
import { UpdateProviderDto } from './dto/update-provider.dto';
import type { AiProviderView, ProviderModelsResultView, ProviderTestResultView } from './provider.views';
import { ProvidersService } from './providers.service';

/** /providers — admin only (DESIGN.md). Tokens are never returned: only hasToken and tokenPreview. */
@ApiTags('providers')
@Controller('providers')
@UseGuards(AdminGuard)
export class ProvidersController {
  constructor(private readonly providers: ProvidersService) {}

  @Get()
  list(): Promise<AiProviderView[]> {
    return this.providers.list();
  }

  @Post()
  create(@Body() body: CreateProviderDto): Promise<AiProviderView> {
    return this.providers.create(body);
  }

  @Post('test-connection')
  @HttpCode(200)
  testConnection(@Body() body: TestConnectionDto, @RequestLanguage() lang: Language): Promise<ProviderTestResultView> {
    return this.providers.testConnection(body, lang);
  }

  @Post('list-models')
  @HttpCode(200)
  listModels(@Body() body: ListModelsDto, @RequestLanguage() lang: Language): Promise<ProviderModelsResultView> {
    return this.providers.listModels(body, lang);
  }

  @Patch(':id')
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateProviderDto): Promise<AiProviderView> {
    return this.providers.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.providers.remove(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  test(@Param('id', ParseIdPipe) id: number, @RequestLanguage() lang: Language): Promise<ProviderTestResultView> {
    return this.providers.test(id, lang);
  }
}
