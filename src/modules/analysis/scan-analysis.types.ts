import type { SkillFile } from '../../core/ingest/ingest.types';
import type { EngineCheckpoint, EngineFinding } from '../../core/engine/engine.types';
import type { Language } from '../../infra/i18n/i18n.setup';

export interface AnalysisRequest {
  skillName: string;
  language: Language;
  files: readonly SkillFile[];
  useAi: boolean;
}

/** What the AI steps add to a report. A failure never throws: it is recorded here. */
export interface AnalysisOutcome {
  aiUsed: boolean;
  /** Redacted, in the scan's language; null when the AI step did not fail. */
  aiError: string | null;
  aiFindings: EngineFinding[];
  description: string | null;
  /** Checkpoints `ai-analysis` and `description` (findingCount/scoreDelta are filled by scoreReport). */
  checkpoints: EngineCheckpoint[];
}
