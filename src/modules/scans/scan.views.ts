import type { FindingEntity } from './entities/finding.entity';
import type { ScanCheckpointEntity } from './entities/scan-checkpoint.entity';
import type { ScanFileEntity } from './entities/scan-file.entity';
import type { ScanEntity } from './entities/scan.entity';

/** Response shapes of the spec, field for field. */
export interface FindingCountsView {
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
  security: number;
  privacy: number;
  total: number;
  /** Listed findings an active suppression matched; left out of every other count. */
  suppressed: number;
}

export interface ScanView {
  id: number;
  name: string;
  description: string | null;
  source: 'zip' | 'file' | 'text';
  status: 'completed' | 'failed';
  verdict: 'pass' | 'review' | 'block';
  riskScore: number;
  fileCount: number;
  aiUsed: boolean;
  aiError: string | null;
  findingCounts: FindingCountsView;
  fingerprint: string;
  relation: 'new' | 'identical' | 'modified' | null;
  similarity: number | null;
  comparedScanId: number | null;
  hidden: boolean;
  createdAt: string;
}

export interface ScanFileView {
  path: string;
  kind: 'instruction' | 'script' | 'resource';
  language: string | null;
  size: number;
  hash: string;
  hasContent: boolean;
  content: string | null;
}

export interface FindingView {
  id: number;
  ruleId: string;
  axis: 'security' | 'privacy';
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  title: string;
  description: string;
  remediation: string | null;
  file: string | null;
  line: number | null;
  snippet: string | null;
  detectedBy: 'static' | 'ai';
  fingerprint: string;
  suppressed: boolean;
  suppressionId: number | null;
}

export interface ScanCheckpointView {
  id: string;
  label: string;
  category: string;
  axis: 'security' | 'privacy' | null;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info' | null;
  status: 'pass' | 'flagged' | 'skipped' | 'error';
  findingCount: number;
  scoreDelta: number;
  detectedBy: 'static' | 'ai' | null;
}

export interface ComparedScanView {
  id: number;
  name: string;
  verdict: 'pass' | 'review' | 'block';
  riskScore: number;
  createdAt: string;
}

export interface ScanDetailView extends ScanView {
  files: ScanFileView[];
  findings: FindingView[];
  checkpoints: ScanCheckpointView[];
  checkCount: number;
  comparedScan: ComparedScanView | null;
  /** For a `modified` scan: findings added and resolved against the compared scan (by fingerprint); otherwise null. */
  findingDelta: FindingDeltaView | null;
}

export interface FindingDeltaView {
  added: number;
  resolved: number;
}

export function toScanView(scan: ScanEntity): ScanView {
  return {
    id: scan.id,
    name: scan.name,
    description: scan.description,
    source: scan.source,
    status: scan.status,
    verdict: scan.verdict,
    riskScore: scan.riskScore,
    fileCount: scan.fileCount,
    aiUsed: scan.aiUsed,
    aiError: scan.aiError,
    findingCounts: {
      critical: scan.countCritical,
      high: scan.countHigh,
      medium: scan.countMedium,
      low: scan.countLow,
      info: scan.countInfo,
      security: scan.countSecurity,
      privacy: scan.countPrivacy,
      total: scan.countTotal,
      suppressed: scan.countSuppressed,
    },
    fingerprint: scan.fingerprint.trim(),
    relation: scan.relation,
    similarity: scan.similarity,
    comparedScanId: scan.comparedScanId,
    hidden: scan.hidden,
    createdAt: new Date(scan.createdAt).toISOString(),
  };
}

export function toScanFileView(file: ScanFileEntity): ScanFileView {
  return {
    path: file.path,
    kind: file.kind,
    language: file.language,
    size: file.size,
    hash: file.hash.trim(),
    hasContent: file.content !== null,
    content: file.content,
  };
}

/** `fingerprint` is the stored one, or (rows from before fingerprints existed) the one computed for the scan's findings. */
export function toFindingView(finding: FindingEntity, fingerprint = finding.fingerprint ?? ''): FindingView {
  return {
    id: finding.id,
    ruleId: finding.ruleId,
    axis: finding.axis,
    severity: finding.severity,
    title: finding.title,
    description: finding.description,
    remediation: finding.remediation,
    file: finding.file,
    line: finding.line,
    snippet: finding.snippet,
    detectedBy: finding.detectedBy,
    fingerprint: fingerprint.trim(),
    suppressed: finding.suppressed,
    suppressionId: finding.suppressionId,
  };
}

export function toCheckpointView(checkpoint: ScanCheckpointEntity): ScanCheckpointView {
  return {
    id: checkpoint.checkpointKey,
    label: checkpoint.label,
    category: checkpoint.category,
    axis: checkpoint.axis,
    severity: checkpoint.severity,
    status: checkpoint.status,
    findingCount: checkpoint.findingCount,
    scoreDelta: checkpoint.scoreDelta,
    detectedBy: checkpoint.detectedBy,
  };
}

export function toComparedScanView(scan: Pick<ScanEntity, 'id' | 'name' | 'verdict' | 'riskScore' | 'createdAt'>): ComparedScanView {
  return {
    id: scan.id,
    name: scan.name,
    verdict: scan.verdict,
    riskScore: scan.riskScore,
    createdAt: new Date(scan.createdAt).toISOString(),
  };
}
