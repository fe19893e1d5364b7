import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EngineCheckpoint, EngineFinding } from '../../core/engine/engine.types';
import { AiMessages, type AiFailure } from '../../infra/ai/ai-messages.service';
import type { AiFindingDraft } from '../../infra/ai/ai-replies';
import { selectPromptFiles } from '../../infra/ai/prompt-template';
import { safeMessage } from '../../infra/ai/redact';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { JOB_RUNNER, type JobRunner, type RunOutcome } from '../../queue/job-runner';
import type { AiJobData, AiJobFailure } from '../../queue/jobs/ai-jobs.contract';
import { JobName } from '../../queue/queue.names';
import { ProviderStore } from '../providers/provider-store.service';
import type { AnalysisOutcome, AnalysisRequest } from './scan-analysis.types';

export const AI_CATEGORY = 'ai-analysis';

type StepStatus = EngineCheckpoint['status'];

/**
 * The AI steps of a scan. With an enabled provider that has a token (lowest id), the
 * description job always runs and the analysis job runs when `useAi` is set; both are queued
 * at once and awaited in parallel, each at most AI_JOB_WAIT_MS. Any failure — provider error,
 * time-out, malformed reply, no worker, Redis down — ends in the step's checkpoint status
 * `error` and a redacted, localized `aiError`; it never fails the scan (this never throws).
 */
@Injectable()
export class ScanAnalysisService {
  private readonly logger = new Logger('ScanAnalysis');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_RUNNER) private readonly runner: JobRunner,
    private readonly providers: ProviderStore,
    private readonly messages: AiMessages,
  ) {}

  async analyze(request: AnalysisRequest): Promise<AnalysisOutcome> {
    try {
      return await this.run(request);
    } catch (error) {
      this.logger.error(`AI steps failed unexpectedly: ${safeMessage(error instanceof Error ? error.message : String(error))}`);
      const failure: AiFailure = { code: 'internal' };
      return {
        aiUsed: false,
        aiError: request.useAi ? this.messages.stepFailed('analysis', failure, request.language) : null,
        aiFindings: [],
        description: null,
        checkpoints: [checkpoint('ai-analysis', request.useAi ? 'error' : 'skipped'), checkpoint('description', 'error')],
      };
    }
  }

  /** A description for stored files (POST /scans/{id}/description): the text, or the failure. */
  async describe(request: Omit<AnalysisRequest, 'useAi'>): Promise<{ ok: true; description: string } | { ok: false; failure: AiFailure | null }> {
    const providerId = await this.providers.activeProviderId();
    if (providerId === null) return { ok: false, failure: null };
    const outcome = await this.runner.run(JobName.AiDescription, this.jobData(providerId, request), this.config.ai.jobWaitMs);
    if (outcome.ok && outcome.result.ok) return { ok: true, description: outcome.result.description };
    return { ok: false, failure: failureOf(outcome) };
  }

  private async run(request: AnalysisRequest): Promise<AnalysisOutcome> {
    const providerId = await this.providers.activeProviderId();
    if (providerId === null) {
      return { aiUsed: false, aiError: null, aiFindings: [], description: null, checkpoints: [checkpoint('ai-analysis', 'skipped'), checkpoint('description', 'skipped')] };
    }
    const data = this.jobData(providerId, request);
    const waitMs = this.config.ai.jobWaitMs;
    const [analysis, description] = await Promise.all([
      request.useAi ? this.runner.run(JobName.AiAnalysis, data, waitMs) : Promise.resolve(null),
      this.runner.run(JobName.AiDescription, data, waitMs),
    ]);

    const errors: string[] = [];
    let aiFindings: EngineFinding[] = [];
    let analysisStatus: StepStatus = 'skipped';
    if (analysis) {
      const failure = failureOf(analysis);
      if (failure) {
        analysisStatus = 'error';
        errors.push(this.messages.stepFailed('analysis', failure, request.language));
      } else if (analysis.ok && analysis.result.ok) {
        analysisStatus = 'pass';
        aiFindings = analysis.result.findings.map(toEngineFinding);
      }
    }
    let text: string | null = null;
    let descriptionStatus: StepStatus = 'pass';
    const descriptionFailure = failureOf(description);
    if (descriptionFailure) {
      descriptionStatus = 'error';
      errors.push(this.messages.stepFailed('description', descriptionFailure, request.language));
    } else if (description.ok && description.result.ok) {
      text = description.result.description;
    }
    return {
      aiUsed: analysisStatus === 'pass',
      aiError: errors.length ? errors.join(' ') : null,
      aiFindings,
      description: text,
      checkpoints: [checkpoint('ai-analysis', analysisStatus), checkpoint('description', descriptionStatus)],
    };
  }

  private jobData(providerId: number, request: Omit<AnalysisRequest, 'useAi'>): AiJobData {
    // The processor stops its provider call a little before the API stops waiting, so a
    // provider time-out is reported as such and not as "no worker answered".
    const margin = Math.min(2000, Math.floor((this.config.ai.jobWaitMs - this.config.ai.requestTimeoutMs) / 2));
    return {
      providerId,
      language: request.language,
      skillName: request.skillName,
      files: selectPromptFiles(request.files),
      deadline: Date.now() + this.config.ai.jobWaitMs - Math.max(0, margin),
    };
  }
}

function failureOf(outcome: RunOutcome<{ ok: true } | AiJobFailure>): AiFailure | null {
  if (!outcome.ok) return { code: outcome.failure };
  if (!outcome.result.ok) {
    const failure = outcome.result as AiJobFailure;
    return { code: failure.code, status: failure.status, detail: failure.detail };
  }
  return null;
}

function toEngineFinding(draft: AiFindingDraft): EngineFinding {
  return {
    ruleId: draft.ruleId,
    axis: draft.axis,
    severity: draft.severity,
    category: AI_CATEGORY,
    file: draft.file,
    line: draft.line,
    snippet: draft.snippet,
    detectedBy: 'ai',
    texts: { title: draft.title, description: draft.description, remediation: draft.remediation },
  };
}

function checkpoint(id: 'ai-analysis' | 'description', status: StepStatus): EngineCheckpoint {
  return { id, category: id, axis: null, severity: null, status, findingCount: 0, scoreDelta: 0, detectedBy: 'ai' };
}
