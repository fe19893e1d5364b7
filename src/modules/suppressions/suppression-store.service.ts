import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SuppressionRule } from '../../core/report/suppression';

/** The suppressions a new scan is matched against (read inside the scan's transaction or before it). */
@Injectable()
export class SuppressionStoreService {
  /** Unexpired suppressions of the given rules (index on rule_id; only rules that fired travel). */
  async activeFor(manager: EntityManager, ruleIds: readonly string[], now: Date): Promise<SuppressionRule[]> {
    if (ruleIds.length === 0) return [];
    const rows: Array<{ id: number; rule_id: string; reason: string; skill_name: string | null; path: string | null; fingerprint: string | null; expires_at: Date | null }> =
      await manager.query(
        `SELECT id, rule_id, reason, skill_name, path, fingerprint, expires_at FROM suppressions
         WHERE rule_id = ANY($1::varchar[]) AND (expires_at IS NULL OR expires_at > $2) ORDER BY id`,
        [[...new Set(ruleIds)], now],
      );
    return rows.map((r) => ({
      id: r.id,
      ruleId: r.rule_id,
      reason: r.reason,
      skillName: r.skill_name,
      path: r.path,
      fingerprint: r.fingerprint?.trim() ?? null,
      expiresAt: r.expires_at ? new Date(r.expires_at) : null,
    }));
  }
}
