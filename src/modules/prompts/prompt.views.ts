import type { PromptEntity } from './entities/prompt.entity';

/** Prompt of the spec. */
export interface PromptView {
  id: number;
  key: string;
  name: string;
  content: string;
  updatedAt: string;
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
