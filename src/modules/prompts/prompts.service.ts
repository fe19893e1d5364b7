import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NotFound } from '../../core/errors';
import type { UpdatePromptDto } from './dto/update-prompt.dto';
import { PromptEntity } from './entities/prompt.entity';
import { toPromptView, type PromptView } from './prompt.views';

const MAX_INT4 = 2_147_483_647;

@Injectable()
export class PromptsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<PromptView[]> {
    const prompts = await this.dataSource.getRepository(PromptEntity).find({ order: { id: 'ASC' } });
    return prompts.map(toPromptView);
  }

  async update(id: number, change: UpdatePromptDto): Promise<PromptView> {
    const repository = this.dataSource.getRepository(PromptEntity);
    const prompt = id <= MAX_INT4 ? await repository.findOneBy({ id }) : null;
    if (!prompt) throw new NotFound('promptNotFound');
    if (change.name !== undefined) prompt.name = change.name;
    if (change.content !== undefined) prompt.content = change.content;
    return toPromptView(await repository.save(prompt));
  }
}
