import { Body, Controller, Get, Param, Patch, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminGuard } from '../../common/guards/admin.guard';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { UpdatePromptDto } from './dto/update-prompt.dto';
import type { PromptView } from './prompt.views';
import { PromptsService } from './prompts.service';

/** /prompts — admin only (DESIGN.md). */
@ApiTags('prompts')
@Controller('prompts')
@UseGuards(AdminGuard)
export class PromptsController {
  constructor(private readonly prompts: PromptsService) {}

  @Get()
  list(): Promise<PromptView[]> {
    return this.prompts.list();
  }

  @Patch(':id')
  update(@Param('id', ParseIdPipe) id: number, @Body() body: UpdatePromptDto): Promise<PromptView> {
    return this.prompts.update(id, body);
  }
}
