import type { EngineCheckpoint, EngineFinding, Severity } from './engine.types';
import { apportion, rulePoints, scoreReport, verdictOf } from './scoring';

function f(ruleId: string, severity: Severity, category = 'prompt-injection', detectedBy: 'static' | 'ai' = 'static'): EngineFinding {
  return { ruleId, axis: 'security', severity, category, file: 'SKILL.md', line: 1, snippet: 'x', detectedBy };
}
function cp(id: string, category: string, status: EngineCheckpoint['status'] = 'pass'): EngineCheckpoint {
  return { id, category, axis: 'security', severity: null, status, findingCount: 0, scoreDelta: 0, detectedBy: 'static' };
}
const BASE = [cp('ingest', 'ingest'), cp('frontmatter', 'frontmatter'), cp('category:prompt-injection', 'prompt-injection'), cp('category:exfiltration', 'exfiltration'), cp('category:tracking', 'tracking')];

describe('scoring', () => {
  it('no findings → pass with score 0 and all checkpoints pass', () => {
    const r = scoreReport([], BASE);
    expect(r.verdict).toBe('pass');
    expect(r.riskScore).toBe(0);
    expect(r.checkpoints.every((c) => c.status === 'pass' && c.scoreDelta === 0)).toBe(true);
  });

  it('info findings only → pass, 0, checkpoint stays pass but counts the finding', () => {
    const r = scoreReport([f('exfil-network-send', 'info', 'exfiltration')], BASE);
    expect(r.verdict).toBe('pass');
    expect(r.riskScore).toBe(0);
    const c = r.checkpoints.find((x) => x.id === 'category:exfiltration')!;
    expect(c).toMatchObject({ status: 'pass', findingCount: 1, severity: 'info', scoreDelta: 0 });
  });

  it('two low rules → pass with 6 points; three low rules in three categories → review, clamped to 10', () => {
    expect(scoreReport([f('a', 'low'), f('b', 'low')], BASE)).toMatchObject({ verdict: 'pass', riskScore: 6 });
    expect(scoreReport([f('a', 'low', 'prompt-injection'), f('b', 'low', 'exfiltration'), f('c', 'low', 'tracking')], BASE)).toMatchObject({ verdict: 'review', riskScore: 10 });
    // three low rules of two kinds are two concerns: pass, the points stay (9, below the review band)
    expect(scoreReport([f('a', 'low', 'prompt-injection'), f('b', 'low', 'prompt-injection'), f('c', 'low', 'tracking')], BASE)).toMatchObject({ verdict: 'pass', riskScore: 9 });
    // the same low rule many times is still one rule
    expect(scoreReport([f('a', 'low'), f('a', 'low'), f('a', 'low'), f('a', 'low')], BASE)).toMatchObject({ verdict: 'pass', riskScore: 5 });
  });

  it('one medium → review 10; one high → review 25; high + 2 medium → review 45', () => {
    expect(scoreReport([f('m', 'medium')], BASE)).toMatchObject({ verdict: 'review', riskScore: 10 });
    expect(scoreReport([f('h', 'high')], BASE)).toMatchObject({ verdict: 'review', riskScore: 25 });
    expect(scoreReport([f('h', 'high'), f('m1', 'medium'), f('m2', 'medium')], BASE)).toMatchObject({ verdict: 'review', riskScore: 45 });
  });

  it('review is capped at 69 however many highs', () => {
    const many = ['a', 'b', 'c', 'd', 'e'].map((id) => f(id, 'high'));
    expect(scoreReport(many, BASE)).toMatchObject({ verdict: 'review', riskScore: 69 });
  });

  it('any critical → block with at least 70; critical + high → 95; capped at 100', () => {
    expect(scoreReport([f('c', 'critical')], BASE)).toMatchObject({ verdict: 'block', riskScore: 70 });
    expect(scoreReport([f('c', 'critical'), f('h', 'high')], BASE)).toMatchObject({ verdict: 'block', riskScore: 95 });
    expect(scoreReport([f('c', 'critical'), f('d', 'critical')], BASE)).toMatchObject({ verdict: 'block', riskScore: 100 });
  });

  it('repeated hits of one rule are capped: weight + 2 × ceil(weight/5)', () => {
    const hits = Array.from({ length: 30 }, () => f('h', 'high'));
    expect(rulePoints(hits).get('h')).toBe(25 + 5 + 5);
    expect(scoreReport(hits, BASE).riskScore).toBe(35);
    const lows = Array.from({ length: 10 }, () => f('l', 'low'));
    expect(rulePoints(lows).get('l')).toBe(3 + 1 + 1);
  });

  it('scoreDelta sums to riskScore exactly, with deterministic largest-remainder rounding', () => {
    const findings = [f('a', 'high', 'prompt-injection'), f('b', 'high', 'exfiltration'), f('c', 'high', 'tracking')];
    const r = scoreReport(findings, BASE);
    expect(r.riskScore).toBe(69);
    const deltas = r.checkpoints.map((c) => c.scoreDelta);
    expect(deltas.reduce((x, y) => x + y, 0)).toBe(69);
    // 75 raw points split 25/25/25 over 69 → 23 each
    expect(r.checkpoints.find((c) => c.id === 'category:prompt-injection')!.scoreDelta).toBe(23);
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(0, [1, 2])).toEqual([0, 0]);
  });

  it('AI findings go to ai-analysis; a missing checkpoint is appended; skipped / error keep their status', () => {
    const cps = [...BASE, cp('ai-analysis', 'ai-analysis'), cp('description', 'description', 'skipped')];
    cps[3] = cp('category:exfiltration', 'exfiltration', 'error');
    const r = scoreReport([f('ai.leak', 'high', 'exfiltration', 'ai'), f('x', 'medium', 'exfiltration'), f('y', 'low', 'unknown-cat')], cps);
    expect(r.checkpoints.find((c) => c.id === 'ai-analysis')).toMatchObject({ status: 'flagged', findingCount: 1, severity: 'high' });
    expect(r.checkpoints.find((c) => c.id === 'category:exfiltration')).toMatchObject({ status: 'error', findingCount: 1 });
    expect(r.checkpoints.find((c) => c.id === 'description')).toMatchObject({ status: 'skipped' });
    expect(r.checkpoints.find((c) => c.id === 'category:unknown-cat')).toMatchObject({ status: 'flagged', findingCount: 1 });
    expect(r.checkpoints.reduce((s, c) => s + c.scoreDelta, 0)).toBe(r.riskScore);
    expect(r.findingCounts).toEqual({ critical: 0, high: 1, medium: 1, low: 1, info: 0, security: 3, privacy: 0, total: 3 });
  });

  it('verdictOf is defined purely by severities', () => {
    expect(verdictOf([f('a', 'info'), f('b', 'info')])).toBe('pass');
    expect(verdictOf([f('a', 'low'), f('b', 'low')])).toBe('pass');
    expect(verdictOf([f('a', 'medium')])).toBe('review');
    expect(verdictOf([f('a', 'critical')])).toBe('block');
  });

  it('is deterministic: same input, same output', () => {
    const findings = [f('a', 'high', 'prompt-injection'), f('b', 'medium', 'exfiltration'), f('c', 'low', 'tracking')];
    expect(scoreReport(findings, BASE)).toEqual(scoreReport(findings, BASE));
  });
});
