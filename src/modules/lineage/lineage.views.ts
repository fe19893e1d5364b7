import type { ScanFileDiff } from '../../core/lineage';
import type { FindingChanges } from '../../core/report/finding-changes';
import type { FindingView } from '../scans/scan.views';

/** Response shapes of the spec (ScanComparison, ScanComparisonSide, ScanLineageEntry), field for field. */
export interface ScanComparisonSideView {
  id: number;
  name: string;
  verdict: 'pass' | 'review' | 'block';
  riskScore: number;
  fileCount: number;
  fingerprint: string;
  createdAt: string;
}

export interface ScanComparisonView {
  current: ScanComparisonSideView;
  previous: ScanComparisonSideView;
  files: ScanFileDiff[];
  /** Findings matched by fingerprint: added = in `current` only, resolved = in `previous` only. */
  findingChanges: FindingChanges<FindingView>;
}

export interface ScanLineageEntryView {
  id: number;
  name: string;
  verdict: 'pass' | 'review' | 'block';
  riskScore: number;
  relation: 'new' | 'identical' | 'modified' | null;
  similarity: number | null;
  comparedScanId: number | null;
  fingerprint: string;
  createdAt: string;
}

/** A scans row as selected by LineageService (snake_case columns). */
export interface ScanRow {
  id: number;
  name: string;
  verdict: 'pass' | 'review' | 'block';
  risk_score: number;
  file_count: number;
  relation: 'new' | 'identical' | 'modified' | null;
  similarity: number | null;
  compared_scan_id: number | null;
  fingerprint: string;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toComparisonSide(row: ScanRow): ScanComparisonSideView {
  return {
    id: row.id,
    name: row.name,
    verdict: row.verdict,
    riskScore: row.risk_score,
    fileCount: row.file_count,
    fingerprint: row.fingerprint.trim(),
    createdAt: iso(row.created_at),
  };
}

export function toLineageEntry(row: ScanRow): ScanLineageEntryView {
  return {
    id: row.id,
    name: row.name,
    verdict: row.verdict,
    riskScore: row.risk_score,
    relation: row.relation,
    similarity: row.similarity,
    comparedScanId: row.compared_scan_id,
    fingerprint: row.fingerprint.trim(),
    createdAt: iso(row.created_at),
  };
}
