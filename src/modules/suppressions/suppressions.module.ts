import { Module } from '@nestjs/common';
import { SuppressionStoreService } from './suppression-store.service';
import { SuppressionsController } from './suppressions.controller';
import { SuppressionsService } from './suppressions.service';

/** The /suppressions API (admin) and the store scan creation reads active suppressions from. */
@Module({
  controllers: [SuppressionsController],
  providers: [SuppressionsService, SuppressionStoreService],
  exports: [SuppressionStoreService],
})
export class SuppressionsModule {}
