import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { SEEDED_PROMPTS } from '../../infra/database/migrations/1764000006000-seed-prompts';
import { PromptEntity } from './entities/prompt.entity';

export type PromptKey = 'system' | 'analysis' | 'description';

/** Prompt templates by key, read fresh for every job (so an edit applies to the next scan). */
@Injectable()
export class PromptStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The templates of `keys`; a missing row falls back to the seeded text. */
  async templates<K extends PromptKey>(keys: readonly K[]): Promise<Record<K, string>> {
    const rows = await this.dataSource.getRepository(PromptEntity).find({ where: { key: In([...keys]) }, select: { key: true, content: true } });
    const byKey = new Map(rows.map((row) => [row.key, row.content]));
    const out = {} as Record<K, string>;
    for (const key of keys) out[key] = byKey.get(key) ?? SEEDED_PROMPTS.find((p) => p.key === key)?.content ?? '';
    return out;
  }
}
