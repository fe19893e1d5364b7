import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis/analysis.module';
import { LineageModule } from '../lineage/lineage.module';
import { RulesModule } from '../rules/rules.module';
import { SuppressionsModule } from '../suppressions/suppressions.module';
import { ScansController } from './scans.controller';
import { ScansService } from './scans.service';

@Module({
  imports: [RulesModule, AnalysisModule, LineageModule, SuppressionsModule],
  controllers: [ScansController],
  providers: [ScansService],
  exports: [ScansService],
})
export class ScansModule {}
