import type { EngineCheckpoint, EngineFinding, EngineResult, FindingCounts, Severity, Verdict } from './engine.types';
import { AXIS_OF_CATEGORY, checkpointIdOfCategory } from './categories';
import { maxSeverity, sevRank } from './severity';

/**
 * Scoring (documented in docs/scoring.md):
 * - points per finding by severity: critical 70, high 25, medium 10, low 3, info 0;
 * - per rule: the highest-weighted finding counts fully, the next two add ceil(weight / 5) each,
 *   further findings of the same rule add nothing (repeated hits are capped);
 * - raw = sum over rules; verdict: any critical → block; any high or medium, or low findings of at
 *   least 3 distinct rules in at least 3 distinct categories → review; otherwise pass;
 * - riskScore = raw clamped into the verdict's band: pass 0–9, review 10–69, block 70–100;
 * - each checkpoint's scoreDelta is its share of riskScore, proportional to its points (largest
 *   remainder; ties go to the earlier checkpoint), so the deltas sum to riskScore exactly.
 */
export const SEVERITY_POINTS: Readonly<Record<Severity, number>> = { critical: 70, high: 25, medium: 10, low: 3, info: 0 };
export const MAX_REPEAT_HITS = 2;
export const REVIEW_MIN_LOW_RULES = 3;
/**
 * Weak signals of one kind are one concern: two privilege-escalation lows (`sudo apt-get` in a
 * setup note, `xattr -d` of a quarantine flag) plus an unscoped `Bash` are not three independent
 * reasons to review a skill. Low findings move a skill to review only across three categories.
 */
export const REVIEW_MIN_LOW_CATEGORIES = 3;
export const BANDS: Readonly<Record<Verdict, readonly [number, number]>> = { pass: [0, 9], review: [10, 69], block: [70, 100] };

/** Checkpoint id a finding belongs to: AI findings → `ai-analysis`; static → `ingest`, `frontmatter` or `category:<c>`. */
export function checkpointIdOf(f: EngineFinding): string {
  return f.detectedBy === 'ai' ? 'ai-analysis' : checkpointIdOfCategory(f.category);
}

function repeatBonus(points: number): number {
  return Math.ceil(points / 5);
}

/** Points of each rule (ruleId → points) with the repeat cap applied. */
export function rulePoints(findings: readonly EngineFinding[]): Map<string, number> {
  const byRule = new Map<string, number[]>();
  for (const f of findings) {
    const list = byRule.get(f.ruleId) ?? [];
    list.push(SEVERITY_POINTS[f.severity] ?? 0);
    byRule.set(f.ruleId, list);
  }
  const out = new Map<string, number>();
  for (const [rule, pts] of byRule) {
    pts.sort((a, b) => b - a);
    let total = pts[0];
    for (let i = 1; i <= MAX_REPEAT_HITS && i < pts.length; i++) total += pts[i] > 0 ? repeatBonus(pts[i]) : 0;
    out.set(rule, total);
  }
  return out;
}

export function verdictOf(findings: readonly EngineFinding[]): Verdict {
  const lowRules = new Set<string>();
  const lowCategories = new Set<string>();
  let review = false;
  for (const f of findings) {
    if (f.severity === 'critical') return 'block';
    if (f.severity === 'high' || f.severity === 'medium') review = true;
    else if (f.severity === 'low') {
      lowRules.add(f.ruleId);
      lowCategories.add(f.category);
    }
  }
  return review || (lowRules.size >= REVIEW_MIN_LOW_RULES && lowCategories.size >= REVIEW_MIN_LOW_CATEGORIES) ? 'review' : 'pass';
}

export function countFindings(findings: readonly EngineFinding[]): FindingCounts {
  const c: FindingCounts = { critical: 0, high: 0, medium: 0, low: 0, info: 0, security: 0, privacy: 0, total: 0 };
  for (const f of findings) {
    c[f.severity]++;
    if (f.axis === 'privacy') c.privacy++;
    else c.security++;
    c.total++;
  }
  return c;
}

/** Largest-remainder apportionment of `total` over `weights` (ties: lower index first). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w * total) / sum);
  const out = exact.map((x) => Math.floor(x));
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; k < order.length && left > 0; k++, left--) out[order[k].i]++;
  return out;
}

function newCheckpointFor(f: EngineFinding, id: string): EngineCheckpoint {
  const isAi = f.detectedBy === 'ai';
  return {
    id,
    category: isAi ? 'ai-analysis' : f.category,
    axis: isAi ? null : (AXIS_OF_CATEGORY.get(f.category) ?? f.axis),
    severity: null,
    status: 'pass',
    findingCount: 0,
    scoreDelta: 0,
    detectedBy: f.detectedBy,
  };
}

/**
 * Recomputes counts, riskScore, verdict and every checkpoint's status / findingCount / severity /
 * scoreDelta from a finding list. Checkpoints with status `skipped` or `error` keep that status.
 * A finding whose checkpoint is missing gets one appended (so deltas always sum to the score).
 */
export function scoreReport(findings: readonly EngineFinding[], checkpoints: readonly EngineCheckpoint[]): EngineResult {
  const cps: EngineCheckpoint[] = checkpoints.map((c) => ({ ...c, severity: null, findingCount: 0, scoreDelta: 0 }));
  const index = new Map<string, number>();
  cps.forEach((c, i) => index.set(c.id, i));
  const flagged = new Set<number>();
  const cpOfRule = new Map<string, number>();
  for (const f of findings) {
    const id = checkpointIdOf(f);
    let i = index.get(id);
    if (i === undefined) {
      i = cps.length;
      cps.push(newCheckpointFor(f, id));
      index.set(id, i);
    }
    const cp = cps[i];
    cp.findingCount++;
    cp.severity = maxSeverity(cp.severity, f.severity);
    if (sevRank(f.severity) > 0) flagged.add(i);
    if (!cpOfRule.has(f.ruleId)) cpOfRule.set(f.ruleId, i);
  }
  cps.forEach((cp, i) => {
    if (cp.status === 'skipped' || cp.status === 'error') return;
    cp.status = flagged.has(i) ? 'flagged' : 'pass';
  });
  const points = rulePoints(findings);
  const weights = cps.map(() => 0);
  let raw = 0;
  for (const [rule, pts] of points) {
    raw += pts;
    weights[cpOfRule.get(rule) ?? 0] += pts;
  }
  const verdict = verdictOf(findings);
  const [lo, hi] = BANDS[verdict];
  const riskScore = Math.max(lo, Math.min(hi, raw));
  const deltas = apportion(riskScore, weights);
  cps.forEach((cp, i) => (cp.scoreDelta = deltas[i]));
  return { findings: findings.slice(), checkpoints: cps, findingCounts: countFindings(findings), riskScore, verdict };
}
