import type { RuleEntity } from './entities/rule.entity';
import type { RuleTexts } from './rule-texts.service';

export interface RuleView {
  id: number;
  ruleId: string;
  axis: 'security' | 'privacy';
  category: string;
  title: string;
  description: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  detectionType: 'regex' | 'heuristic' | 'ai';
  enabled: boolean;
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
