import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { PromptEntity } from './entities/prompt.entity';

/** Prompt of the spec (the TypeScript type and the OpenAPI schema). */
@ApiSchema({ name: 'Prompt' })
export class PromptView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty() content: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function toPromptView(prompt: PromptEntity): PromptView {
  return {
    id: prompt.id,
    key: prompt.key,
    name: prompt.name,
    content: prompt.content,
    updatedAt: new Date(prompt.updatedAt).toISOString(),
  };
}
