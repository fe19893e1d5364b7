import { Module } from '@nestjs/common';
import { ScanClassifierService } from './scan-classifier.service';

@Module({
  providers: [ScanClassifierService],
  exports: [ScanClassifierService],
})
export class LineageModule {}
