import { Module } from '@nestjs/common';
import { AiModule } from '../../infra/ai/ai.module';
import { ProviderStoreModule } from '../providers/provider-store.module';
import { ScanAnalysisService } from './scan-analysis.service';

/** The AI steps of a scan (producer side: JOB_RUNNER comes from the global QueueModule). */
@Module({
  imports: [ProviderStoreModule, AiModule],
  providers: [ScanAnalysisService],
  exports: [ScanAnalysisService],
})
export class AnalysisModule {}
