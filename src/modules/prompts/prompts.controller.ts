import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly, ApiErrors } from '../../common/openapi/api-docs.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { UpdatePromptDto } from './dto/update-prompt.dto';
import { PromptView } from './prompt.views';
import { PromptsService } from './prompts.service';

/** /prompts — admin only (DESIGN.md; AdminOnly = the AdminGuard). */
@ApiTags('prompts')
@Controller('prompts')
@AdminOnly()
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get()
  @ApiOkResponse({ type: [PromptView] })
  list(): Promise<PromptView[]> {
    return this.prompts.list();
  }

  @Patch(':id')
  @ApiOkResponse({ type: PromptView })
  @ApiErrors(400, 404, 415)
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdatePromptDto): Promise<PromptView> {
    return this.prompts.update(id, body);
  }
}
