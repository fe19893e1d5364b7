import { Module } from '@nestjs/common';
import { ScanAnalysisService } from './scan-analysis.service';

@Module({
  providers: [ScanAnalysisService],
  exports: [ScanAnalysisService],
})
export class AnalysisModule {}
