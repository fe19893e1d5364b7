import { Module } from '@nestjs/common';
import { AiModule } from '../../infra/ai/ai.module';
import { QueueModule } from '../../queue/queue.module';
import { ProviderStoreModule } from '../providers/provider-store.module';
import { ScanAnalysisService } from './scan-analysis.service';

/** The AI steps of a scan (producer side: enqueues jobs and waits for them). */
@Module({
  imports: [QueueModule, ProviderStoreModule, AiModule],
  providers: [ScanAnalysisService],
  exports: [ScanAnalysisService],
})
export class AnalysisModule {}
