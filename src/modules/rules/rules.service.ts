import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NotFound } from '../../core/errors';
import type { Language } from '../../infra/i18n/i18n.setup';
import type { UpdateRuleDto } from './dto/update-rule.dto';
import { RuleEntity } from './entities/rule.entity';
import { RuleTextsService } from './rule-texts.service';
import { toRuleView, type RuleView } from './rule.views';

const MAX_INT4 = 2_147_483_647;

@Injectable()
export class RulesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly texts: RuleTextsService,
  ) {}

  async list(lang: Language): Promise<RuleView[]> {
    const rules = await this.dataSource.getRepository(RuleEntity).find({ order: { id: 'ASC' } });
    return rules.map((rule) => toRuleView(rule, this.texts.ruleTexts(rule.ruleId, lang)));
  }

  async update(id: number, change: UpdateRuleDto, lang: Language): Promise<RuleView> {
    const repository = this.dataSource.getRepository(RuleEntity);
    const rule = id <= MAX_INT4 ? await repository.findOneBy({ id }) : null;
    if (!rule) throw new NotFound('ruleNotFound');
    if (change.severity !== undefined) rule.severity = change.severity;
    if (change.enabled !== undefined) rule.enabled = change.enabled;
    const saved = await repository.save(rule);
    return toRuleView(saved, this.texts.ruleTexts(saved.ruleId, lang));
  }
}
