import { InlineJobRunner } from './inline-job-runner';
import { JobHandlerRegistry } from './job-handlers';
import type { AiJobData } from './jobs/ai-jobs.contract';
import { JobName } from './queue.names';

const data: AiJobData = { providerId: 1, language: 'en', skillName: 's', files: [], deadline: Date.now() + 10_000 };

describe('InlineJobRunner', () => {
  it('runs the registered handler and returns its result', async () => {
    const registry = new JobHandlerRegistry();
    registry.register(JobName.AiDescription, async (d) => ({ ok: true, description: `about ${d.skillName}` }));
    const runner = new InlineJobRunner(registry);
    await expect(runner.run(JobName.AiDescription, data, 1000)).resolves.toEqual({ ok: true, result: { ok: true, description: 'about s' } });
    expect(runner.mode).toBe('inline');
  });

  it('reports noWorker without a handler, timedOut after the wait, jobFailed when the handler throws', async () => {
    const registry = new JobHandlerRegistry();
    const runner = new InlineJobRunner(registry);
    await expect(runner.run(JobName.AiAnalysis, data, 1000)).resolves.toEqual({ ok: false, failure: 'noWorker' });
    registry.register(JobName.AiAnalysis, () => new Promise(() => undefined));
    await expect(runner.run(JobName.AiAnalysis, data, 20)).resolves.toEqual({ ok: false, failure: 'timedOut' });
    registry.register(JobName.AiDescription, async () => {
      throw new Error('boom');
    });
    await expect(runner.run(JobName.AiDescription, data, 1000)).resolves.toEqual({ ok: false, failure: 'jobFailed' });
  });

  it('allows one handler per job name', () => {
    const registry = new JobHandlerRegistry();
    registry.register(JobName.AiAnalysis, async () => ({ ok: true, findings: [] }));
    expect(() => registry.register(JobName.AiAnalysis, async () => ({ ok: true, findings: [] }))).toThrow(/already registered/);
  });
});
