import { Module } from '@nestjs/common';
import { RuleSettingsService } from './rule-settings.service';
import { RuleTextsService } from './rule-texts.service';

@Module({
  providers: [RuleSettingsService, RuleTextsService],
  exports: [RuleSettingsService, RuleTextsService],
})
export class RulesModule {}
