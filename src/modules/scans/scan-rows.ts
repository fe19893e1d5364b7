import { ScanEntity } from './entities/scan.entity';

/**
 * Raw `scans` rows for the hot read paths (the streamed GET /scans, the dashboard's recent
 * scans): plain SQL plus this mapper is several times cheaper than TypeORM hydration, and
 * toScanView (scan.views.ts) still decides the exact Scan fields. `cursor_ts` is created_at as
 * PostgreSQL text, exact to the microsecond, for keyset paging.
 */
export const SCAN_ROW_COLUMNS = `id, name, description, source, status, verdict, risk_score, file_count, ai_used, ai_error,
  count_critical, count_high, count_medium, count_low, count_info, count_security, count_privacy, count_total, count_suppressed,
  fingerprint, relation, similarity, compared_scan_id, hidden, created_at, created_at::text AS cursor_ts`;

export interface ScanRow {
  id: number;
  name: string;
  description: string | null;
  source: ScanEntity['source'];
  status: ScanEntity['status'];
  verdict: ScanEntity['verdict'];
  risk_score: number;
  file_count: number;
  ai_used: boolean;
  ai_error: string | null;
  count_critical: number;
  count_high: number;
  count_medium: number;
  count_low: number;
  count_info: number;
  count_security: number;
  count_privacy: number;
  count_total: number;
  count_suppressed: number;
  fingerprint: string;
  relation: ScanEntity['relation'];
  similarity: number | null;
  compared_scan_id: number | null;
  hidden: boolean;
  created_at: Date;
  cursor_ts: string;
}

/** A raw scans row as the entity toScanView expects (what TypeORM would hydrate, without its cost). */
export function scanFromRow(row: ScanRow): ScanEntity {
  return Object.assign(new ScanEntity(), {
    id: row.id,
    name: row.name,
    description: row.description,
    source: row.source,
    status: row.status,
    verdict: row.verdict,
    riskScore: row.risk_score,
    fileCount: row.file_count,
    aiUsed: row.ai_used,
    aiError: row.ai_error,
    countCritical: row.count_critical,
    countHigh: row.count_high,
    countMedium: row.count_medium,
    countLow: row.count_low,
    countInfo: row.count_info,
    countSecurity: row.count_security,
    countPrivacy: row.count_privacy,
    countTotal: row.count_total,
    countSuppressed: row.count_suppressed,
    fingerprint: row.fingerprint,
    relation: row.relation,
    similarity: row.similarity,
    comparedScanId: row.compared_scan_id,
    hidden: row.hidden,
    createdAt: row.created_at,
  });
}
