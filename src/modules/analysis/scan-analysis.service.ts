import { Injectable } from '@nestjs/common';
import type { AnalysisOutcome, AnalysisRequest } from './scan-analysis.types';

/**
 * Runs the AI analysis and the description for a scan. Foundation version: no provider
 * integration yet, so both steps are reported as skipped.
 */
@Injectable()
export class ScanAnalysisService {
  async analyze(_request: AnalysisRequest): Promise<AnalysisOutcome> {
    return {
      aiUsed: false,
      aiError: null,
      aiFindings: [],
      description: null,
      checkpoints: [
        { id: 'ai-analysis', category: 'ai-analysis', axis: null, severity: null, status: 'skipped', findingCount: 0, scoreDelta: 0, detectedBy: 'ai' },
        { id: 'description', category: 'description', axis: null, severity: null, status: 'skipped', findingCount: 0, scoreDelta: 0, detectedBy: 'ai' },
      ],
    };
  }
}
