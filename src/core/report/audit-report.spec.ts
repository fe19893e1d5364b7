import type { EngineCheckpoint, EngineFinding, Severity } from '../engine/engine.types';
import { scoreReport } from '../engine/scoring';
import { buildReport } from './audit-report';
import { findingFingerprints } from './finding-fingerprint';
import type { SuppressionRule } from './suppression';

function f(ruleId: string, severity: Severity, file = 'SKILL.md', line = 1, category = 'prompt-injection'): EngineFinding {
  return { ruleId, axis: 'security', severity, category, file, line, snippet: `${ruleId} at ${line}`, detectedBy: 'static' };
}
const cp = (id: string, category: string): EngineCheckpoint => ({
  id, category, axis: 'security', severity: null, status: 'pass', findingCount: 0, scoreDelta: 0, detectedBy: 'static',
});
const CHECKPOINTS = [cp('ingest', 'ingest'), cp('category:prompt-injection', 'prompt-injection'), cp('category:exfiltration', 'exfiltration')];
const rule = (over: Partial<SuppressionRule>): SuppressionRule => ({ id: 1, ruleId: 'crit', reason: 'Accepted after review.', skillName: null, path: null, fingerprint: null, expiresAt: null, ...over });
const NOW = new Date('2026-11-26T08:00:00Z');

describe('buildReport', () => {
  const findings = [f('crit', 'critical'), f('med', 'medium', 'scripts/run.sh', 4, 'exfiltration')];

  it('without suppressions equals scoreReport and fingerprints every finding, suppressed false', () => {
    const report = buildReport(findings, CHECKPOINTS, { skillName: 's' });
    const scored = scoreReport(findings, CHECKPOINTS);
    expect(report).toMatchObject({ verdict: scored.verdict, riskScore: scored.riskScore, checkpoints: scored.checkpoints });
    expect(report.findingCounts).toEqual({ ...scored.findingCounts, suppressed: 0 });
    expect(report.findings.map((x) => x.fingerprint)).toEqual(findingFingerprints(findings));
    expect(report.findings.every((x) => x.suppressed === false && x.suppressionId === null)).toBe(true);
  });

  it('lists a suppressed finding but leaves it out of verdict, score, checkpoint deltas and counts', () => {
    const report = buildReport(findings, CHECKPOINTS, { skillName: 's', suppressions: [rule({ id: 7 })], now: NOW });
    expect(report.findings.map((x) => [x.ruleId, x.suppressed, x.suppressionId, x.suppressionReason])).toEqual([['crit', true, 7, 'Accepted after review.'], ['med', false, null, null]]);
    const withoutCritical = scoreReport([findings[1]], CHECKPOINTS);
    expect(report.verdict).toBe('review');
    expect(report.riskScore).toBe(withoutCritical.riskScore);
    expect(report.checkpoints).toEqual(withoutCritical.checkpoints);
    expect(report.checkpoints.find((c) => c.id === 'category:prompt-injection')).toMatchObject({ status: 'pass', findingCount: 0, scoreDelta: 0 });
    expect(report.findingCounts).toEqual({ critical: 0, high: 0, medium: 1, low: 0, info: 0, security: 1, privacy: 0, total: 1, suppressed: 1 });
  });

  it('requires every given field to match and the suppression not to be expired', () => {
    const fp = findingFingerprints(findings)[1];
    const check = (s: Partial<SuppressionRule>) =>
      buildReport(findings, CHECKPOINTS, { skillName: 'my-skill', suppressions: [rule({ ruleId: 'med', ...s })], now: NOW }).findings[1].suppressed;
    expect(check({})).toBe(true);
    expect(check({ skillName: 'my-skill', path: 'scripts/*.sh', fingerprint: fp })).toBe(true);
    expect(check({ skillName: 'other-skill' })).toBe(false);
    expect(check({ path: '*.sh' })).toBe(false);
    expect(check({ fingerprint: '0'.repeat(64) })).toBe(false);
    expect(check({ expiresAt: new Date(NOW.getTime() + 1000) })).toBe(true);
    expect(check({ expiresAt: NOW })).toBe(false);
    expect(check({ ruleId: 'crit' })).toBe(false);
  });

  it('names the lowest-id matching suppression', () => {
    const report = buildReport(findings, CHECKPOINTS, { skillName: 's', suppressions: [rule({ id: 9 }), rule({ id: 3 })], now: NOW });
    expect(report.findings[0].suppressionId).toBe(3);
  });
});
