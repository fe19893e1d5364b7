import type { AiFindingDraft } from '../../infra/ai/ai-replies';
import type { AiCallFailure } from '../../infra/ai/ai.types';
import type { PromptFile } from '../../infra/ai/prompt-template';
import type { Language } from '../../infra/i18n/i18n.setup';
import { JobName } from '../queue.names';

/**
 * Data of both AI jobs. The token is never part of job data: the worker loads the provider by
 * id and decrypts its token itself. Files are already trimmed to the prompt budget.
 */
export interface AiJobData {
  providerId: number;
  language: Language;
  skillName: string;
  files: PromptFile[];
  /** Epoch ms after which the processor must not (or no longer) call the provider. */
  deadline: number;
}

/** Codes a processor returns; the API localizes them (i18n/<lang>/ai.json `reason.*`). */
export type AiJobFailureCode = AiCallFailure | 'providerMissing' | 'tokenUnreadable' | 'expired' | 'internal';

export interface AiJobFailure {
  ok: false;
  code: AiJobFailureCode;
  /** HTTP status of the provider reply (code `http`). */
  status: number | null;
  /** Redacted, bounded detail (never the token). */
  detail: string | null;
}

export type AiAnalysisResult = { ok: true; findings: AiFindingDraft[] } | AiJobFailure;
export type AiDescriptionResult = { ok: true; description: string } | AiJobFailure;

/** The one data/result contract of each job (STYLE convention 7). */
export interface JobContracts {
  [JobName.AiAnalysis]: { data: AiJobData; result: AiAnalysisResult };
  [JobName.AiDescription]: { data: AiJobData; result: AiDescriptionResult };
}

export type JobData<N extends JobName> = JobContracts[N]['data'];
export type JobResult<N extends JobName> = JobContracts[N]['result'];
