import { runDetectionEval, TARGETS, type CorpusReport } from '../../../bench/eval-detection';

/**
 * The detection figures of docs/detection.md on the fixtures and the shared corpora
 * (../shared/corpus, unpacked by their extract.sh into a scratch folder). A missing corpus throws in
 * the loader, so this spec fails instead of passing on nothing.
 */
describe('detection corpus (fixtures + shared benign and malicious corpora)', () => {
  const report = runDetectionEval({ loo: false });
  const corpus = (name: string) => report.corpora.find((c) => c.corpus === name) as CorpusReport;
  const rate = (c: CorpusReport, k: 'flagged' | 'blocked') => c[k] / c.total;

  it('loads every corpus in full', () => {
    expect(corpus('fixtures (risky)').total).toBe(68);
    expect(corpus('fixtures (benign)').total).toBe(44);
    expect(corpus('benign-public').total).toBe(12);
    expect(corpus('benign-vendor').total).toBe(690);
    expect(corpus('benign-vendor').bySource.size).toBe(13);
    expect(corpus('malicious-public').total).toBe(457);
    expect(corpus('malicious-public').bySource.size).toBe(6);
  });

  it('meets the fixture targets: recall, plain and evasive variant of every category, no benign block', () => {
    const risky = corpus('fixtures (risky)');
    expect(rate(risky, 'flagged')).toBeGreaterThanOrEqual(TARGETS.fixturesRecall);
    expect(report.outcomes.filter((o) => o.corpus === 'fixtures' && o.label === 'malicious' && o.verdict === 'pass').map((o) => o.id)).toEqual([]);
    expect(corpus('fixtures (benign)').blocked).toBe(0);
  });

  // Floors at the figures reached in issue 10 (docs/detection.md), below the targets in TARGETS:
  // a change that loses ground on the real corpora fails here. Benign-vendor: 34 / 690 flagged,
  // 3 / 690 blocked (both benign targets, <= 5 % and <= 0.5 %, are met).
  it('keeps the real-corpus figures of docs/detection.md', () => {
    expect(rate(corpus('benign-vendor'), 'flagged')).toBeLessThanOrEqual(34 / 690);
    expect(rate(corpus('benign-vendor'), 'blocked')).toBeLessThanOrEqual(3 / 690);
    // Malicious floors after the campaign-class rules and the blocked-rate mechanisms
    // (docs/detection.md, Malware classes and Blocked rate): 275 and 232 of 457 skills.
    expect(rate(corpus('malicious-public'), 'flagged')).toBeGreaterThanOrEqual(275 / 457);
    expect(rate(corpus('malicious-public'), 'blocked')).toBeGreaterThanOrEqual(232 / 457);
  });

  it('blocks none of the public benign skills', () => {
    expect(report.outcomes.filter((o) => o.corpus === 'benign-public' && o.verdict === 'block').map((o) => o.id)).toEqual([]);
  });
});
