import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { RELATION, VERDICT } from '../../common/openapi/enums';
import type { DiffLine, DiffLineType, FileDiffStatus, ScanFileDiff } from '../../core/lineage';
import type { FindingChanges } from '../../core/report/finding-changes';
import { FindingView } from '../scans/scan.views';

/**
 * Response shapes of the spec (ScanComparison, ScanComparisonSide, ScanLineageEntry), field for
 * field: each class is both the TypeScript type and the OpenAPI schema. The diff parts are the
 * pure lineage core's types; their schema classes implement them, so the compiler keeps the two
 * together.
 */
@ApiSchema({ name: 'ScanComparisonSide' })
export class ScanComparisonSideView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VERDICT }) verdict: 'pass' | 'review' | 'block';
  @ApiProperty({ type: 'integer' }) riskScore: number;
  @ApiProperty({ type: 'integer' }) fileCount: number;
  @ApiProperty() fingerprint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

@ApiSchema({ name: 'DiffLine' })
export class DiffLineView implements DiffLine {
  @ApiProperty({ enum: ['context', 'add', 'remove'] }) type: DiffLineType;
  @ApiProperty() text: string;
  @ApiProperty({ type: 'integer', nullable: true }) previousLine: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) currentLine: number | null;
}

@ApiSchema({ name: 'ScanFileDiff' })
export class ScanFileDiffView implements ScanFileDiff {
  @ApiProperty() path: string;
  @ApiProperty({ enum: ['unchanged', 'modified', 'added', 'removed'] }) status: FileDiffStatus;
  @ApiProperty({ type: String, nullable: true }) previousHash: string | null;
  @ApiProperty({ type: String, nullable: true }) currentHash: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) previousSize: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) currentSize: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) previousHasContent: boolean | null;
  @ApiProperty({ type: Boolean, nullable: true }) currentHasContent: boolean | null;
  @ApiProperty({ type: [DiffLineView], nullable: true }) lineDiff: DiffLineView[] | null;
}

@ApiSchema({ name: 'FindingChanges' })
export class FindingChangesView implements FindingChanges<FindingView> {
  @ApiProperty({ type: [FindingView], description: 'Findings of `id` whose fingerprint `otherId` lacks' }) added: FindingView[];
  @ApiProperty({ type: [FindingView], description: 'Findings of `otherId` whose fingerprint `id` lacks' }) resolved: FindingView[];
  @ApiProperty({ type: 'integer' }) unchangedCount: number;
}

@ApiSchema({ name: 'ScanComparison' })
export class ScanComparisonView {
  @ApiProperty({ type: ScanComparisonSideView }) current: ScanComparisonSideView;
  @ApiProperty({ type: ScanComparisonSideView }) previous: ScanComparisonSideView;
  @ApiProperty({ type: [ScanFileDiffView] }) files: ScanFileDiffView[];
  /** Findings matched by fingerprint: added = in `current` only, resolved = in `previous` only. */
  @ApiProperty({ type: FindingChangesView }) findingChanges: FindingChangesView;
}

@ApiSchema({ name: 'ScanLineageEntry' })
export class ScanLineageEntryView {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VERDICT }) verdict: 'pass' | 'review' | 'block';
  @ApiProperty({ type: 'integer' }) riskScore: number;
  @ApiProperty({ type: String, enum: RELATION, nullable: true }) relation: 'new' | 'identical' | 'modified' | null;
  @ApiProperty({ type: 'integer', nullable: true }) similarity: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) comparedScanId: number | null;
  @ApiProperty() fingerprint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
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
