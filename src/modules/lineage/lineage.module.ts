import { Module } from '@nestjs/common';
import { LineageController } from './lineage.controller';
import { LineageService } from './lineage.service';
import { ScanClassifierService } from './scan-classifier.service';

@Module({
  controllers: [LineageController],
  providers: [ScanClassifierService, LineageService],
  exports: [ScanClassifierService, LineageService],
})
export class LineageModule {}
