import { assertValidSarif } from '../../../test/support/sarif/sarif-validator';
import { sarifLevel, toSarif, type SarifFinding } from './sarif';

const finding = (over: Partial<SarifFinding>): SarifFinding => ({
  ruleId: 'pi-ignore-previous', axis: 'security', severity: 'high', category: 'prompt-injection', title: 'Ignores instructions',
  description: 'Tells the agent to ignore earlier instructions.', file: 'SKILL.md', line: 3, detectedBy: 'static',
  fingerprint: 'a'.repeat(64), suppressed: false, suppressionReason: null, ...over,
});

function log(findings: SarifFinding[]) {
  return toSarif({
    tool: { version: '0.1.0', informationUri: 'http://localhost:3000/api/docs' },
    scan: { id: 12, name: 'demo', verdict: 'review', riskScore: 35, fingerprint: 'f'.repeat(64) },
    findings,
    ruleInfo: (ruleId, first) => ({ axis: first.axis, category: first.category, severity: first.severity, title: `T ${ruleId}`, description: `D ${ruleId}`, help: `H ${ruleId}` }),
  }) as any;
}

describe('toSarif', () => {
  it('maps severities to levels', () => {
    expect((['critical', 'high', 'medium', 'low', 'info'] as const).map(sarifLevel)).toEqual(['error', 'error', 'warning', 'note', 'note']);
  });

  it('writes one run with the fired rules, results, fingerprints, suppressions and the scan on the run', () => {
    const out = log([
      finding({}),
      finding({ line: 9, fingerprint: 'b'.repeat(64), suppressed: true, suppressionReason: 'Accepted: documented example.' }),
      finding({ ruleId: 'ai.sends-data', severity: 'medium', detectedBy: 'ai', file: null, line: null, fingerprint: 'c'.repeat(64) }),
      finding({ ruleId: 'x-low', severity: 'low', file: 'dir with space/ä.md', line: null, fingerprint: 'd'.repeat(64) }),
    ]);
    assertValidSarif(out);
    expect(out.version).toBe('2.1.0');
    expect(out.runs).toHaveLength(1);
    const run = out.runs[0];
    expect(run.tool.driver).toMatchObject({ name: 'skill-audit', version: '0.1.0', informationUri: 'http://localhost:3000/api/docs' });
    expect(run.tool.driver.rules.map((r: any) => r.id)).toEqual(['pi-ignore-previous', 'ai.sends-data', 'x-low']);
    expect(run.tool.driver.rules[0]).toMatchObject({
      shortDescription: { text: 'T pi-ignore-previous' }, fullDescription: { text: 'D pi-ignore-previous' }, help: { text: 'H pi-ignore-previous' },
      properties: { axis: 'security', category: 'prompt-injection', severity: 'high' },
    });
    expect(run.results[0]).toMatchObject({
      ruleId: 'pi-ignore-previous', ruleIndex: 0, level: 'error',
      locations: [{ physicalLocation: { artifactLocation: { uri: 'SKILL.md' }, region: { startLine: 3 } } }],
      partialFingerprints: { 'skillAudit/v1': 'a'.repeat(64) },
    });
    expect(run.results[0].suppressions).toBeUndefined();
    expect(run.results[1].suppressions).toEqual([{ kind: 'external', status: 'accepted', justification: 'Accepted: documented example.' }]);
    expect(run.results[2]).toMatchObject({ level: 'warning', ruleIndex: 1 });
    expect(run.results[2].locations).toBeUndefined();
    expect(run.results[3].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: 'dir%20with%20space/%C3%A4.md' } });
    expect(run.properties).toEqual({ verdict: 'review', riskScore: 35, scanId: 12, scanName: 'demo', fingerprint: 'f'.repeat(64) });
  });

  it('is valid for a scan without findings', () => {
    const out = log([]);
    assertValidSarif(out);
    expect(out.runs[0].results).toEqual([]);
    expect(out.runs[0].tool.driver.rules).toEqual([]);
  });
});
