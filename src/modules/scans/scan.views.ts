import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AXIS, DETECTED_BY, RELATION, SEVERITY, VERDICT } from '../../common/openapi/enums';
import type { FindingEntity } from './entities/finding.entity';
import type { ScanCheckpointEntity } from './entities/scan-checkpoint.entity';
import type { ScanFileEntity } from './entities/scan-file.entity';
import type { ScanEntity } from './entities/scan.entity';

/**
 * Response shapes of the spec, field for field: each class is both the TypeScript type the
 * mappers below build and the OpenAPI schema (a test validates real responses against it).
 */
@ApiSchema({ name: 'FindingCounts' })
export class FindingCountsView {
  @ApiProperty({ type: 'integer' }) critical: number;
  @ApiProperty({ type: 'integer' }) high: number;
  @ApiProperty({ type: 'integer' }) medium: number;
  @ApiProperty({ type: 'integer' }) low: number;
  @ApiProperty({ type: 'integer' }) info: number;
  @ApiProperty({ type: 'integer' }) security: number;
  @ApiProperty({ type: 'integer' }) privacy: number;
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Listed findings an active suppression matched at creation; left out of every other count, the verdict and the score' })
  suppressed: number;
}

@ApiSchema({ name: 'Scan' })
export class ScanView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true, description: 'AI-generated summary; null when none exists' }) description: string | null;
  @ApiProperty({ enum: ['zip', 'file', 'text'] }) source: 'zip' | 'file' | 'text';
  @ApiProperty({ enum: ['completed', 'failed'] }) status: 'completed' | 'failed';
  @ApiProperty({ enum: VERDICT }) verdict: 'pass' | 'review' | 'block';
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 }) riskScore: number;
  @ApiProperty({ type: 'integer' }) fileCount: number;
  @ApiProperty() aiUsed: boolean;
  @ApiProperty({ type: String, nullable: true }) aiError: string | null;
  @ApiProperty({ type: FindingCountsView }) findingCounts: FindingCountsView;
  @ApiProperty({ description: 'SHA-256 over the sorted pairs of file path and per-file hash' }) fingerprint: string;
  @ApiProperty({ type: String, enum: RELATION, nullable: true }) relation: 'new' | 'identical' | 'modified' | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100 }) similarity: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) comparedScanId: number | null;
  @ApiProperty() hidden: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

@ApiSchema({ name: 'ScanFile' })
export class ScanFileView {
  @ApiProperty() path: string;
  @ApiProperty({ enum: ['instruction', 'script', 'resource'] }) kind: 'instruction' | 'script' | 'resource';
  @ApiProperty({ type: String, nullable: true }) language: string | null;
  @ApiProperty({ type: 'integer' }) size: number;
  @ApiProperty() hash: string;
  @ApiProperty() hasContent: boolean;
  @ApiProperty({ type: String, nullable: true }) content: string | null;
}

@ApiSchema({ name: 'Finding' })
export class FindingView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() ruleId: string;
  @ApiProperty({ enum: AXIS }) axis: 'security' | 'privacy';
  @ApiProperty({ enum: SEVERITY }) severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: String, nullable: true }) remediation: string | null;
  @ApiProperty({ type: String, nullable: true }) file: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) line: number | null;
  @ApiProperty({ type: String, nullable: true }) snippet: string | null;
  @ApiProperty({ enum: DETECTED_BY }) detectedBy: 'static' | 'ai';
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of rule id, file, normalised matched text and occurrence index; stable when lines move' })
  fingerprint: string;
  @ApiProperty({ description: 'An active suppression matched when the scan was created' }) suppressed: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) suppressionId: number | null;
}

@ApiSchema({ name: 'ScanCheckpoint' })
export class ScanCheckpointView {
  @ApiProperty() id: string;
  @ApiProperty() label: string;
  @ApiProperty() category: string;
  @ApiProperty({ type: String, enum: AXIS, nullable: true }) axis: 'security' | 'privacy' | null;
  @ApiProperty({ type: String, enum: SEVERITY, nullable: true }) severity: 'critical' | 'high' | 'medium' | 'low' | 'info' | null;
  @ApiProperty({ enum: ['pass', 'flagged', 'skipped', 'error'] }) status: 'pass' | 'flagged' | 'skipped' | 'error';
  @ApiProperty({ type: 'integer' }) findingCount: number;
  @ApiProperty({ type: 'integer' }) scoreDelta: number;
  @ApiProperty({ type: String, enum: DETECTED_BY, nullable: true }) detectedBy: 'static' | 'ai' | null;
}

@ApiSchema({ name: 'ComparedScan' })
export class ComparedScanView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VERDICT }) verdict: 'pass' | 'review' | 'block';
  @ApiProperty({ type: 'integer' }) riskScore: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

@ApiSchema({ name: 'FindingDelta' })
export class FindingDeltaView {
  @ApiProperty({ type: 'integer' }) added: number;
  @ApiProperty({ type: 'integer' }) resolved: number;
}

@ApiSchema({ name: 'ScanDetail' })
export class ScanDetailView extends ScanView {
  @ApiProperty({ type: [ScanFileView] }) files: ScanFileView[];
  @ApiProperty({ type: [FindingView] }) findings: FindingView[];
  @ApiProperty({ type: [ScanCheckpointView] }) checkpoints: ScanCheckpointView[];
  @ApiProperty({ type: 'integer', description: 'How often a skill with exactly this fingerprint was scanned' }) checkCount: number;
  @ApiProperty({ type: ComparedScanView, nullable: true }) comparedScan: ComparedScanView | null;
  @ApiProperty({ type: FindingDeltaView, nullable: true, description: 'For a `modified` scan: findings added and resolved against the compared scan, matched by fingerprint; null otherwise' })
  findingDelta: FindingDeltaView | null;
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
