import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { parseAnalysisReply, parseDescriptionReply } from '../../infra/ai/ai-replies';
import { AiCallError } from '../../infra/ai/ai.types';
import { chat } from '../../infra/ai/provider-client';
import { LANGUAGE_NAMES, renderFiles, renderPrompt } from '../../infra/ai/prompt-template';
import { safeMessage } from '../../infra/ai/redact';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { PromptStore, type PromptKey } from '../../modules/prompts/prompt-store.service';
import { ProviderStore } from '../../modules/providers/provider-store.service';
import { JobHandlerRegistry } from '../job-handlers';
import type { AiAnalysisResult, AiDescriptionResult, AiJobData, AiJobFailure, AiJobFailureCode } from '../jobs/ai-jobs.contract';
import { JobName } from '../queue.names';

const DESCRIPTION_MAX_TOKENS = 1024;
const ANALYSIS_MAX_TOKENS = 4096;

/**
 * The handlers of both AI jobs (one per job name), registered in the JobHandlerRegistry. They
 * run in the BullMQ consumer (AiQueueConsumer: worker process or the API's in-process worker)
 * or in the inline runner — always this code. They never throw: every failure is a code
 * (plus a redacted detail) that the API localizes.
 */
@Injectable()
export class AiJobHandlers implements OnModuleInit {
  private readonly logger = new Logger('AiJobs');

  constructor(
    private readonly handlers: JobHandlerRegistry,
    private readonly providers: ProviderStore,
    private readonly prompts: PromptStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.handlers.register(JobName.AiAnalysis, (data) => this.analysis(data));
    this.handlers.register(JobName.AiDescription, (data) => this.description(data));
  }

  async analysis(data: AiJobData): Promise<AiAnalysisResult> {
    const paths = new Set(data.files.map((f) => f.path));
    return this.call(JobName.AiAnalysis, data, 'analysis', true, ANALYSIS_MAX_TOKENS, (text) => {
      const findings = parseAnalysisReply(text, paths);
      return findings ? { ok: true, findings } : null;
    });
  }

  async description(data: AiJobData): Promise<AiDescriptionResult> {
    return this.call(JobName.AiDescription, data, 'description', false, DESCRIPTION_MAX_TOKENS, (text) => {
      const description = parseDescriptionReply(text);
      return description ? { ok: true, description } : null;
    });
  }

  private async call<R extends { ok: true }>(
    job: JobName,
    data: AiJobData,
    promptKey: Exclude<PromptKey, 'system'>,
    lineNumbers: boolean,
    maxTokens: number,
    parse: (text: string) => R | null,
  ): Promise<R | AiJobFailure> {
    const remaining = data.deadline - Date.now();
    if (remaining <= 0) return this.fail(job, data, 'expired');
    try {
      const target = await this.providers.callTarget(data.providerId);
      if (!target.ok) return this.fail(job, data, target.code);
      const templates = await this.prompts.templates(['system', promptKey]);
      const vars = { language: LANGUAGE_NAMES[data.language] ?? data.language, skillName: data.skillName };
      const files = renderFiles(data.files, { boundary: randomBytes(6).toString('hex'), lineNumbers });
      const system = renderPrompt(templates.system, vars);
      const user = renderPrompt(templates[promptKey], { ...vars, files });
      const text = await chat(
        target.endpoint,
        { model: target.model, system, user, maxTokens },
        // The call stops at the job's deadline even if that is sooner than the provider time-out.
        { timeoutMs: Math.min(this.config.ai.requestTimeoutMs, Math.max(1, data.deadline - Date.now())) },
      );
      return parse(text) ?? this.fail(job, data, 'malformed');
    } catch (error) {
      if (error instanceof AiCallError) return this.fail(job, data, error.code, error.status, error.detail);
      this.logger.error(`${job} failed unexpectedly: ${safeMessage(error instanceof Error ? error.message : String(error))}`);
      return this.fail(job, data, 'internal');
    }
  }

  private fail(job: JobName, data: AiJobData, code: AiJobFailureCode, status: number | null = null, detail: string | null = null): AiJobFailure {
    this.logger.warn(`${job} for provider #${data.providerId} failed: ${code}${status !== null ? ` ${status}` : ''}${detail ? ` (${detail})` : ''}`);
    return { ok: false, code, status, detail };
  }
}
