import { Inject, Injectable } from '@nestjs/common';
import { I18nService } from 'nestjs-i18n';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Language } from '../i18n/i18n.setup';
import { redact } from './redact';

/** Every reason an AI step can fail with: provider call codes, job codes and runner codes. */
export type AiFailureReason =
  | 'timeout'
  | 'http'
  | 'network'
  | 'malformed'
  | 'empty'
  | 'providerMissing'
  | 'tokenUnreadable'
  | 'expired'
  | 'internal'
  | 'noWorker'
  | 'jobLost'
  | 'timedOut'
  | 'queueUnavailable'
  | 'jobFailed';

export interface AiFailure {
  code: AiFailureReason;
  status?: number | null;
  /** Already redacted where it was produced; redacted again here. */
  detail?: string | null;
}

/** Localized AI messages (i18n/<lang>/ai.json): workers return codes, the API words them. */
@Injectable()
export class AiMessages {
  constructor(
    private readonly i18n: I18nService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** e.g. "the provider answered with HTTP status 500 (Upstream failure for key [REDACTED])". */
  reason(failure: AiFailure, lang: Language): string {
    const seconds = Math.round(this.config.ai.requestTimeoutMs / 100) / 10;
    const base = this.t(`reason.${failure.code}`, lang, { seconds, status: failure.status ?? '?' });
    const detail = failure.detail ? ` (${failure.detail})` : '';
    return redact(`${base}${detail}`);
  }

  /** The `aiError` sentence of one step, e.g. "AI analysis failed: no worker is running." */
  stepFailed(step: 'analysis' | 'description', failure: AiFailure, lang: Language): string {
    return `${this.t(`step.${step}`, lang)}: ${this.reason(failure, lang)}.`;
  }

  t(key: string, lang: Language, args: Record<string, string | number> = {}): string {
    const text = this.i18n.translate(`ai.${key}`, { lang, args }) as unknown;
    return typeof text === 'string' ? text : `ai.${key}`;
  }
}
