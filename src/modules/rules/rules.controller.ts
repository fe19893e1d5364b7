import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { RequestLanguage } from '../../common/decorators/request-language.decorator';
import { AdminOnly, ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import type { Language } from '../../infra/i18n/i18n.setup';
import { UpdateRuleDto } from './dto/update-rule.dto';
import { RuleView } from './rule.views';
import { RulesService } from './rules.service';

@ApiTags('rules')
@Controller('rules')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  /** The catalog with each rule's current severity and enabled flag, texts in the request language. */
  @Get()
  @ApiOkResponse({ type: [RuleView] })
  @ApiErrors()
  list(@RequestLanguage() lang: Language): Promise<RuleView[]> {
    return this.rules.list(lang);
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: RuleView })
  @ApiErrors(400, 404, 415)
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdateRuleDto, @RequestLanguage() lang: Language): Promise<RuleView> {
    return this.rules.update(id, body, lang);
  }
}
