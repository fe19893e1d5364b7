import { Module } from '@nestjs/common';
import { RulesModule } from '../rules/rules.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({
  imports: [RulesModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
