import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { AdminOnly, ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { Language } from '../../infra/i18n/i18n.setup';
import { CreateProviderDto } from './dto/create-provider.dto';
import { ListModelsDto, TestConnectionDto } from './dto/provider-connection.dto';
import { UpdateProviderDto } from './dto/update-provider.dto';
import { AiProviderView, ProviderModelsResultView, ProviderTestResultView } from './provider.views';
import { ProvidersService } from './providers.service';

/** /providers — admin only (DESIGN.md; AdminOnly = the AdminGuard). Tokens are never returned: only hasToken and tokenPreview. */
@ApiTags('providers')
@Controller('providers')
@AdminOnly()
export class ProvidersController {
  constructor(private readonly providers: ProvidersService) {}

  @Get()
  @ApiOkResponse({ type: [AiProviderView], description: 'Every provider, tokens masked' })
  list(): Promise<AiProviderView[]> {
    return this.providers.list();
  }

  @Post()
  @ApiCreatedResponse({ type: AiProviderView })
  @ApiErrors(400, 415)
  create(@Body() body: CreateProviderDto): Promise<AiProviderView> {
    return this.providers.create(body);
  }

  @Post('test-connection')
  @HttpCode(200)
  @ApiOkResponse({ type: ProviderTestResultView, description: 'Connection problems are ok: false with a redacted message' })
  @ApiErrors(400, 404, 415)
  testConnection(@Body() body: TestConnectionDto, @RequestLanguage() lang: Language): Promise<ProviderTestResultView> {
    return this.providers.testConnection(body, lang);
  }

  @Post('list-models')
  @HttpCode(200)
  @ApiOkResponse({ type: ProviderModelsResultView, description: 'Model ids, de-duplicated and sorted; failures are ok: false' })
  @ApiErrors(400, 404, 415)
  listModels(@Body() body: ListModelsDto, @RequestLanguage() lang: Language): Promise<ProviderModelsResultView> {
    return this.providers.listModels(body, lang);
  }

  @Patch(':id')
  @ApiOkResponse({ type: AiProviderView })
  @ApiErrors(400, 404, 415)
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateProviderDto): Promise<AiProviderView> {
    return this.providers.update(id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Provider removed' })
  @ApiErrors(400, 404)
  async remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    await this.providers.remove(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOkResponse({ type: ProviderTestResultView, description: 'A one-shot chat with the saved configuration' })
  @ApiErrors(400, 404)
  test(@Param('id', ParseIdPipe) id: number, @RequestLanguage() lang: Language): Promise<ProviderTestResultView> {
    return this.providers.test(id, lang);
  }
}
