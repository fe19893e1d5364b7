import type { AiMessages } from '../../infra/ai/ai-messages.service';
import type { AppConfig } from '../../infra/config/app-config';
import type { JobRunner, RunOutcome } from '../../queue/job-runner';
import { JobName } from '../../queue/queue.names';
import type { ProviderStore } from '../providers/provider-store.service';
import { ScanAnalysisService } from './scan-analysis.service';

const config = { ai: { requestTimeoutMs: 60_000, jobWaitMs: 65_000 } } as AppConfig;
const messages = {
  stepFailed: (step: string, failure: { code: string }) => `${step}:${failure.code}`,
} as unknown as AiMessages;
const files = [{ path: 'SKILL.md', kind: 'instruction' as const, language: 'markdown', size: 5, hash: 'h', content: 'hello', detectedType: null }];

function service(providerId: number | null | Error, results: Partial<Record<JobName, RunOutcome<unknown>>>) {
  const calls: Array<{ name: JobName; data: any; waitMs: number }> = [];
  const runner: JobRunner = {
    mode: 'inline',
    run: async (name, data, waitMs) => {
      calls.push({ name, data, waitMs });
      return results[name] as any;
    },
  };
  const store = {
    activeProviderId: async () => {
      if (providerId instanceof Error) throw providerId;
      return providerId;
    },
  } as unknown as ProviderStore;
  return { svc: new ScanAnalysisService(config, runner, store, messages), calls };
}

const ok = <T>(result: T): RunOutcome<T> => ({ ok: true, result });
const status = (outcome: { checkpoints: Array<{ id: string; status: string }> }) => Object.fromEntries(outcome.checkpoints.map((c) => [c.id, c.status]));

describe('ScanAnalysisService', () => {
  it('skips both steps without a provider', async () => {
    const { svc, calls } = service(null, {});
    const outcome = await svc.analyze({ skillName: 's', language: 'en', files, useAi: true });
    expect(outcome).toMatchObject({ aiUsed: false, aiError: null, aiFindings: [], description: null });
    expect(status(outcome)).toEqual({ 'ai-analysis': 'skipped', description: 'skipped' });
    expect(calls).toHaveLength(0);
  });

  it('maps AI findings (detectedBy ai, category ai-analysis, texts) and the description', async () => {
    const finding = { ruleId: 'ai.x', axis: 'security', severity: 'high', title: 'T', description: 'D', remediation: null, file: 'SKILL.md', line: 1, snippet: 'hello' };
    const { svc, calls } = service(3, {
      [JobName.AiAnalysis]: ok({ ok: true, findings: [finding] }),
      [JobName.AiDescription]: ok({ ok: true, description: 'Does things.' }),
    });
    const outcome = await svc.analyze({ skillName: 's', language: 'de', files, useAi: true });
    expect(outcome.aiUsed).toBe(true);
    expect(outcome.description).toBe('Does things.');
    expect(outcome.aiFindings).toEqual([
      { ruleId: 'ai.x', axis: 'security', severity: 'high', category: 'ai-analysis', file: 'SKILL.md', line: 1, snippet: 'hello', detectedBy: 'ai', texts: { title: 'T', description: 'D', remediation: null } },
    ]);
    expect(status(outcome)).toEqual({ 'ai-analysis': 'pass', description: 'pass' });
    expect(outcome.checkpoints.every((c) => c.detectedBy === 'ai')).toBe(true);
    expect(calls.map((c) => c.name).sort()).toEqual([JobName.AiAnalysis, JobName.AiDescription]);
    const data = calls[0].data;
    expect(data).toMatchObject({ providerId: 3, language: 'de', skillName: 's' });
    expect(data.files[0]).toMatchObject({ path: 'SKILL.md', content: 'hello' });
    // the processor's deadline falls before the API stops waiting
    expect(data.deadline).toBeLessThan(Date.now() + config.ai.jobWaitMs);
    expect(data.deadline).toBeGreaterThan(Date.now() + config.ai.requestTimeoutMs);
    expect(calls[0].waitMs).toBe(65_000);
  });

  it('records failures of either step in aiError and the checkpoints', async () => {
    const { svc } = service(3, {
      [JobName.AiAnalysis]: { ok: false, failure: 'noWorker' },
      [JobName.AiDescription]: ok({ ok: false, code: 'http', status: 500, detail: null }),
    });
    const outcome = await svc.analyze({ skillName: 's', language: 'en', files, useAi: true });
    expect(outcome).toMatchObject({ aiUsed: false, aiError: 'analysis:noWorker description:http', description: null });
    expect(status(outcome)).toEqual({ 'ai-analysis': 'error', description: 'error' });
  });

  it('runs only the description without useAi', async () => {
    const { svc, calls } = service(3, { [JobName.AiDescription]: ok({ ok: true, description: 'D' }) });
    const outcome = await svc.analyze({ skillName: 's', language: 'en', files, useAi: false });
    expect(calls.map((c) => c.name)).toEqual([JobName.AiDescription]);
    expect(status(outcome)).toEqual({ 'ai-analysis': 'skipped', description: 'pass' });
  });

  it('never throws', async () => {
    const { svc } = service(new Error('database down'), {});
    const outcome = await svc.analyze({ skillName: 's', language: 'en', files, useAi: true });
    expect(outcome).toMatchObject({ aiUsed: false, aiError: 'analysis:internal', description: null });
    expect(status(outcome)).toEqual({ 'ai-analysis': 'error', description: 'error' });
  });
});
