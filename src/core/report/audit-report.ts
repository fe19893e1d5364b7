import { scoreReport } from '../engine/scoring';
import type { EngineCheckpoint, EngineFinding, FindingCounts, Verdict } from '../engine/engine.types';
import { findingFingerprints } from './finding-fingerprint';
import { matchSuppression, type SuppressionRule } from './suppression';

/** A finding of a report: the engine's finding plus its fingerprint and suppression state. */
export interface ReportFinding extends EngineFinding {
  fingerprint: string;
  suppressed: boolean;
  suppressionId: number | null;
  /** The matching suppression's reason (kept with the scan). */
  suppressionReason: string | null;
}

export interface ReportCounts extends FindingCounts {
  /** Findings listed but left out of every other count, the verdict and the score. */
  suppressed: number;
}

export interface AuditReport {
  /** Every finding in engine order, suppressed ones included (flagged). */
  findings: ReportFinding[];
  checkpoints: EngineCheckpoint[];
  findingCounts: ReportCounts;
  riskScore: number;
  verdict: Verdict;
}

export interface ReportOptions {
  /** The scan's display name (suppressions may name a skill). */
  skillName: string;
  suppressions?: readonly SuppressionRule[];
  now?: Date;
}

/**
 * The one path from findings to a report, for the service and the CLI alike: fingerprints every
 * finding, marks the ones an active suppression matches, and scores only the others (verdict,
 * riskScore, checkpoint counts and scoreDeltas, findingCounts). Suppressed findings stay listed.
 */
export function buildReport(findings: readonly EngineFinding[], checkpoints: readonly EngineCheckpoint[], options: ReportOptions): AuditReport {
  const fingerprints = findingFingerprints(findings.map((f) => ({ ...f, title: f.texts?.title ?? null })));
  const now = options.now ?? new Date();
  const suppressions = options.suppressions ?? [];
  const all: ReportFinding[] = findings.map((f, i) => {
    const match = suppressions.length === 0 ? null : matchSuppression({ ...f, fingerprint: fingerprints[i] }, options.skillName, suppressions, now);
    return { ...f, fingerprint: fingerprints[i], suppressed: match !== null, suppressionId: match?.id ?? null, suppressionReason: match?.reason ?? null };
  });
  const active = all.filter((f) => !f.suppressed);
  const scored = scoreReport(active, checkpoints);
  return {
    findings: all,
    checkpoints: scored.checkpoints,
    findingCounts: { ...scored.findingCounts, suppressed: all.length - active.length },
    riskScore: scored.riskScore,
    verdict: scored.verdict,
  };
}
