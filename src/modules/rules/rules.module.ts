import { Module } from '@nestjs/common';
import { RuleSettingsService } from './rule-settings.service';
import { RuleTextsService } from './rule-texts.service';
import { RulesController } from './rules.controller';
import { RulesService } from './rules.service';

@Module({
  controllers: [RulesController],
  providers: [RuleSettingsService, RuleTextsService, RulesService],
  exports: [RuleSettingsService, RuleTextsService],
})
export class RulesModule {}
