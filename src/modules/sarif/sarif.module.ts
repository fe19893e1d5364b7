import { Module } from '@nestjs/common';
import { RulesModule } from '../rules/rules.module';
import { ScansModule } from '../scans/scans.module';
import { SarifController } from './sarif.controller';
import { SarifService } from './sarif.service';

/** GET /scans/{id}/sarif. */
@Module({
  imports: [ScansModule, RulesModule],
  controllers: [SarifController],
  providers: [SarifService],
})
export class SarifModule {}
