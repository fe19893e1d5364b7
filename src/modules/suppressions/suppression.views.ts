import type { SuppressionEntity } from './entities/suppression.entity';

/** The Suppression resource, field for field. */
export interface SuppressionView {
  id: number;
  ruleId: string;
  reason: string;
  skillName: string | null;
  path: string | null;
  fingerprint: string | null;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
}

export function toSuppressionView(s: SuppressionEntity): SuppressionView {
  return {
    id: s.id,
    ruleId: s.ruleId,
    reason: s.reason,
    skillName: s.skillName,
    path: s.path,
    fingerprint: s.fingerprint?.trim() ?? null,
    expiresAt: s.expiresAt ? new Date(s.expiresAt).toISOString() : null,
    createdAt: new Date(s.createdAt).toISOString(),
    createdBy: s.createdBy,
  };
}
