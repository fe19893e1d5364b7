import { runDetectionEval, TARGETS } from '../../../bench/eval-detection';

describe('detection corpus (test/fixtures/skills + shared benign corpus)', () => {
  const report = runDetectionEval();

  it('has the required corpus size', () => {
    expect(report.risky).toBeGreaterThanOrEqual(60);
    expect(report.benign).toBeGreaterThanOrEqual(40);
  });

  it('meets the recall targets on risky skills', () => {
    expect(report.missed).toEqual([]);
    expect(report.recall).toBeGreaterThanOrEqual(TARGETS.recall);
    expect(report.blockRecall).toBeGreaterThanOrEqual(TARGETS.blockRecall);
  });

  it('meets the precision targets on benign skills', () => {
    expect(report.benignBlockRate).toBeLessThanOrEqual(TARGETS.benignBlockRate);
    expect(report.benignFlaggedRate).toBeLessThanOrEqual(TARGETS.benignFlaggedRate);
  });

  it('detects a plain and an evasive risky fixture in every category', () => {
    for (const [category, c] of Object.entries(report.perCategory)) {
      expect({ category, plain: c.plainDetected > 0, evasive: c.evasiveDetected > 0 }).toEqual({ category, plain: true, evasive: true });
    }
  });

  it('blocks none of the shared real-world benign skills', () => {
    expect(report.shared.details.filter((d) => d.verdict === 'block')).toEqual([]);
    // "few flags": at most a quarter of the shared corpus needs a look
    expect(report.shared.flagged).toBeLessThanOrEqual(Math.ceil(report.shared.total / 4));
  });
});
