import { Injectable } from '@nestjs/common';
import { I18nService } from 'nestjs-i18n';
import type { Language } from '../../infra/i18n/i18n.setup';

export interface RuleTexts {
  title: string;
  description: string;
  remediation: string | null;
}

/** Rule and checkpoint texts from i18n/<lang>/rules.json and checkpoints.json. */
@Injectable()
export class RuleTextsService {
  constructor(private readonly i18n: I18nService) {}

  ruleTexts(ruleId: string, lang: Language): RuleTexts {
    const entry = this.i18n.translate(`rules.${ruleId}`, { lang }) as unknown;
    if (entry && typeof entry === 'object') {
      const texts = entry as Partial<RuleTexts>;
      return {
        title: texts.title ?? ruleId,
        description: texts.description ?? '',
        remediation: texts.remediation ?? null,
      };
    }
    return { title: ruleId, description: '', remediation: null };
  }

  checkpointLabel(category: string, lang: Language): string {
    const label = this.i18n.translate(`checkpoints.${category}`, { lang }) as unknown;
    return typeof label === 'string' && label !== `checkpoints.${category}` ? label : category;
  }
}
