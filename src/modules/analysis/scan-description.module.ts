import { Module } from '@nestjs/common';
import { ScansModule } from '../scans/scans.module';
import { AnalysisModule } from './analysis.module';
import { ScanDescriptionController } from './scan-description.controller';
import { ScanDescriptionService } from './scan-description.service';

/** POST /scans/{id}/description (kept apart from AnalysisModule, which ScansModule imports). */
@Module({
  imports: [ScansModule, AnalysisModule],
  controllers: [ScanDescriptionController],
  providers: [ScanDescriptionService],
})
export class ScanDescriptionModule {}
