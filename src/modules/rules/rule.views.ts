import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AXIS, SEVERITY } from '../../common/openapi/enums';
import type { RuleEntity } from './entities/rule.entity';
import type { RuleTexts } from './rule-texts.service';

/** Rule of the spec (the TypeScript type and the OpenAPI schema). */
@ApiSchema({ name: 'Rule' })
export class RuleView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() ruleId: string;
  @ApiProperty({ enum: AXIS }) axis: 'security' | 'privacy';
  @ApiProperty() category: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: SEVERITY }) severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  @ApiProperty({ enum: ['regex', 'heuristic', 'ai'] }) detectionType: 'regex' | 'heuristic' | 'ai';
  @ApiProperty() enabled: boolean;
}

export function toRuleView(rule: RuleEntity, texts: RuleTexts): RuleView {
  return {
    id: rule.id,
    ruleId: rule.ruleId,
    axis: rule.axis,
    category: rule.category,
    title: texts.title,
    description: texts.description,
    severity: rule.severity,
    detectionType: rule.detectionType,
    enabled: rule.enabled,
  };
}
