import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError, NotFound } from '../../core/errors';
import type { SessionUser } from '../../common/guards/session-user';
import type { CreateSuppressionDto } from './dto/create-suppression.dto';
import { SuppressionEntity } from './entities/suppression.entity';
import { toSuppressionView, type SuppressionView } from './suppression.views';

const MAX_INT4 = 2_147_483_647;

@Injectable()
export class SuppressionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<SuppressionView[]> {
    const rows = await this.dataSource.getRepository(SuppressionEntity).find({ order: { id: 'ASC' } });
    return rows.map(toSuppressionView);
  }

  async create(input: CreateSuppressionDto, user: SessionUser): Promise<SuppressionView> {
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && !(expiresAt.getTime() > Date.now())) throw new DomainError('suppressions.expiresInPast');
    if (!(await this.ruleExists(input.ruleId))) throw new DomainError('suppressions.unknownRule', { ruleId: input.ruleId });
    const saved = await this.dataSource.getRepository(SuppressionEntity).save(
      Object.assign(new SuppressionEntity(), {
        ruleId: input.ruleId,
        reason: input.reason,
        skillName: input.skillName ?? null,
        path: input.path ?? null,
        fingerprint: input.fingerprint ?? null,
        expiresAt,
        createdBy: user.email,
      } satisfies Partial<SuppressionEntity>),
    );
    return toSuppressionView(saved);
  }

  async remove(id: number): Promise<void> {
    const result = id <= MAX_INT4 ? await this.dataSource.getRepository(SuppressionEntity).delete({ id }) : { affected: 0 };
    if (!result.affected) throw new NotFound('suppressionNotFound');
  }

  /** A catalog rule, or an AI rule id (`ai.*`, not in the catalog) that some finding carries. */
  private async ruleExists(ruleId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM rules WHERE rule_id = $1
       UNION ALL SELECT 1 FROM (SELECT 1 FROM findings WHERE rule_id = $1 AND $1 LIKE 'ai.%' LIMIT 1) ai
       LIMIT 1`,
      [ruleId],
    );
    return rows.length > 0;
  }
}
