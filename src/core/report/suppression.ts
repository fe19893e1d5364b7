import { matchesGlob } from './path-glob';

/** An admin's decision to accept a finding (see the suppressions module); every given field must match. */
export interface SuppressionRule {
  id: number;
  ruleId: string;
  reason: string;
  skillName: string | null;
  /** Glob over the finding's file path (see path-glob.ts). */
  path: string | null;
  fingerprint: string | null;
  expiresAt: Date | null;
}

export interface SuppressionTarget {
  ruleId: string;
  file: string | null;
  fingerprint: string;
}

/** The first suppression (lowest id) matching the finding at `now`, or null. */
export function matchSuppression(
  finding: SuppressionTarget,
  skillName: string,
  suppressions: readonly SuppressionRule[],
  now: Date,
): SuppressionRule | null {
  let best: SuppressionRule | null = null;
  for (const s of suppressions) {
    if (s.ruleId !== finding.ruleId) continue;
    if (s.expiresAt !== null && s.expiresAt.getTime() <= now.getTime()) continue;
    if (s.skillName !== null && s.skillName !== skillName) continue;
    if (s.fingerprint !== null && s.fingerprint !== finding.fingerprint) continue;
    if (s.path !== null && (finding.file === null || !matchesGlob(s.path, finding.file))) continue;
    if (best === null || s.id < best.id) best = s;
  }
  return best;
}
