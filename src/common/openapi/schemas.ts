import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/**
 * The spec's resources as OpenAPI schemas (docs only: responses are built by the *.views.ts
 * mappers). A test validates real responses against the generated document, so these
 * classes cannot drift from what the API answers.
 */
const SEVERITY = ['critical', 'high', 'medium', 'low', 'info'];
const VERDICT = ['pass', 'review', 'block'];
const AXIS = ['security', 'privacy'];

export class ApiErrorSchema {
  @ApiProperty({ example: 'Scan nicht gefunden.' }) error: string;
}

export class HealthStatusSchema {
  @ApiProperty({ example: 'ok' }) status: string;
}

export class AuthMeSchema {
  @ApiProperty() authenticated: boolean;
  @ApiProperty() isAdmin: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) email?: string | null;
}

export class LoginSchema {
  @ApiProperty({ example: 'admin@example.com' }) email: string;
  @ApiProperty({ example: 'correct-horse-battery' }) password: string;
}

export class FindingCountsSchema {
  @ApiProperty({ type: 'integer' }) critical: number;
  @ApiProperty({ type: 'integer' }) high: number;
  @ApiProperty({ type: 'integer' }) medium: number;
  @ApiProperty({ type: 'integer' }) low: number;
  @ApiProperty({ type: 'integer' }) info: number;
  @ApiProperty({ type: 'integer' }) security: number;
  @ApiProperty({ type: 'integer' }) privacy: number;
  @ApiProperty({ type: 'integer' }) total: number;
  @ApiProperty({ type: 'integer', description: 'Listed findings an active suppression matched at creation; left out of every other count, the verdict and the score' }) suppressed: number;
}

export class ScanSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'AI-generated summary; null when none exists' }) description?: string | null;
  @ApiProperty({ enum: ['zip', 'file', 'text'] }) source: string;
  @ApiProperty({ enum: ['completed', 'failed'] }) status: string;
  @ApiProperty({ enum: VERDICT }) verdict: string;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100 }) riskScore: number;
  @ApiProperty({ type: 'integer' }) fileCount: number;
  @ApiProperty() aiUsed: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) aiError?: string | null;
  @ApiProperty({ type: FindingCountsSchema }) findingCounts: FindingCountsSchema;
  @ApiProperty({ description: 'SHA-256 over the sorted pairs of file path and per-file hash' }) fingerprint: string;
  @ApiProperty({ type: String, enum: ['new', 'identical', 'modified'], nullable: true }) relation: string | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: 0, maximum: 100 }) similarity: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) comparedScanId: number | null;
  @ApiProperty() hidden: boolean;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ScanFileSchema {
  @ApiProperty() path: string;
  @ApiProperty({ enum: ['instruction', 'script', 'resource'] }) kind: string;
  @ApiPropertyOptional({ type: String, nullable: true }) language?: string | null;
  @ApiProperty({ type: 'integer' }) size: number;
  @ApiProperty() hash: string;
  @ApiProperty() hasContent: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) content?: string | null;
}

export class FindingSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() ruleId: string;
  @ApiProperty({ enum: AXIS }) axis: string;
  @ApiProperty({ enum: SEVERITY }) severity: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiPropertyOptional({ type: String, nullable: true }) remediation?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) file?: string | null;
  @ApiPropertyOptional({ type: 'integer', nullable: true }) line?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) snippet?: string | null;
  @ApiProperty({ enum: ['static', 'ai'] }) detectedBy: string;
  @ApiProperty({ pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of rule id, file, normalised matched text and occurrence index; stable when lines move' }) fingerprint: string;
  @ApiProperty({ description: 'An active suppression matched when the scan was created' }) suppressed: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) suppressionId: number | null;
}

export class ScanCheckpointSchema {
  @ApiProperty() id: string;
  @ApiProperty() label: string;
  @ApiProperty() category: string;
  @ApiPropertyOptional({ type: String, enum: AXIS, nullable: true }) axis?: string | null;
  @ApiPropertyOptional({ type: String, enum: SEVERITY, nullable: true }) severity?: string | null;
  @ApiProperty({ enum: ['pass', 'flagged', 'skipped', 'error'] }) status: string;
  @ApiProperty({ type: 'integer' }) findingCount: number;
  @ApiProperty({ type: 'integer' }) scoreDelta: number;
  @ApiPropertyOptional({ type: String, enum: ['static', 'ai'], nullable: true }) detectedBy?: string | null;
}

export class ComparedScanSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VERDICT }) verdict: string;
  @ApiProperty({ type: 'integer' }) riskScore: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class FindingDeltaSchema {
  @ApiProperty({ type: 'integer' }) added: number;
  @ApiProperty({ type: 'integer' }) resolved: number;
}

export class ScanDetailSchema extends ScanSchema {
  @ApiProperty({ type: [ScanFileSchema] }) files: ScanFileSchema[];
  @ApiProperty({ type: [FindingSchema] }) findings: FindingSchema[];
  @ApiProperty({ type: [ScanCheckpointSchema] }) checkpoints: ScanCheckpointSchema[];
  @ApiProperty({ type: 'integer', description: 'How often a skill with exactly this fingerprint was scanned' }) checkCount: number;
  @ApiProperty({ type: ComparedScanSchema, nullable: true }) comparedScan: ComparedScanSchema | null;
  @ApiProperty({ type: FindingDeltaSchema, nullable: true, description: 'For a `modified` scan: findings added and resolved against the compared scan, matched by fingerprint; null otherwise' })
  findingDelta: FindingDeltaSchema | null;
}

export class ScanLineageEntrySchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VERDICT }) verdict: string;
  @ApiProperty({ type: 'integer' }) riskScore: number;
  @ApiProperty({ type: String, enum: ['new', 'identical', 'modified'], nullable: true }) relation: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) similarity: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) comparedScanId: number | null;
  @ApiProperty() fingerprint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ScanComparisonSideSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: VERDICT }) verdict: string;
  @ApiProperty({ type: 'integer' }) riskScore: number;
  @ApiProperty({ type: 'integer' }) fileCount: number;
  @ApiProperty() fingerprint: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class DiffLineSchema {
  @ApiProperty({ enum: ['context', 'add', 'remove'] }) type: string;
  @ApiProperty() text: string;
  @ApiProperty({ type: 'integer', nullable: true }) previousLine: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) currentLine: number | null;
}

export class ScanFileDiffSchema {
  @ApiProperty() path: string;
  @ApiProperty({ enum: ['unchanged', 'modified', 'added', 'removed'] }) status: string;
  @ApiProperty({ type: String, nullable: true }) previousHash: string | null;
  @ApiProperty({ type: String, nullable: true }) currentHash: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) previousSize: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) currentSize: number | null;
  @ApiProperty({ type: Boolean, nullable: true }) previousHasContent: boolean | null;
  @ApiProperty({ type: Boolean, nullable: true }) currentHasContent: boolean | null;
  @ApiProperty({ type: [DiffLineSchema], nullable: true }) lineDiff: DiffLineSchema[] | null;
}

export class FindingChangesSchema {
  @ApiProperty({ type: [FindingSchema], description: 'Findings of `id` whose fingerprint `otherId` lacks' }) added: FindingSchema[];
  @ApiProperty({ type: [FindingSchema], description: 'Findings of `otherId` whose fingerprint `id` lacks' }) resolved: FindingSchema[];
  @ApiProperty({ type: 'integer' }) unchangedCount: number;
}

export class ScanComparisonSchema {
  @ApiProperty({ type: ScanComparisonSideSchema }) current: ScanComparisonSideSchema;
  @ApiProperty({ type: ScanComparisonSideSchema }) previous: ScanComparisonSideSchema;
  @ApiProperty({ type: [ScanFileDiffSchema] }) files: ScanFileDiffSchema[];
  @ApiProperty({ type: FindingChangesSchema }) findingChanges: FindingChangesSchema;
}

export class SuppressionSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() ruleId: string;
  @ApiProperty() reason: string;
  @ApiProperty({ type: String, nullable: true }) skillName: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Glob over the finding path' }) path: string | null;
  @ApiProperty({ type: String, nullable: true }) fingerprint: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ description: 'Email of the admin who created it' }) createdBy: string;
}

export class AiProviderSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['provider_a', 'provider_b', 'custom'] }) apiType: string;
  @ApiProperty() baseUrl: string;
  @ApiProperty() model: string;
  @ApiProperty() enabled: boolean;
  @ApiProperty() hasToken: boolean;
  @ApiProperty({ description: 'Masked preview: first characters, an ellipsis, the last four' }) tokenPreview: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class ProviderTestResultSchema {
  @ApiProperty() ok: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) message?: string | null;
}

export class ProviderModelsResultSchema {
  @ApiProperty() ok: boolean;
  @ApiProperty({ type: [String] }) models: string[];
  @ApiPropertyOptional({ type: String, nullable: true }) message?: string | null;
}

export class PromptSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty() content: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class RuleSchema {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() ruleId: string;
  @ApiProperty({ enum: AXIS }) axis: string;
  @ApiProperty() category: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ enum: SEVERITY }) severity: string;
  @ApiProperty({ enum: ['regex', 'heuristic', 'ai'] }) detectionType: string;
  @ApiProperty() enabled: boolean;
}

export class VerdictCountsSchema {
  @ApiProperty({ type: 'integer' }) pass: number;
  @ApiProperty({ type: 'integer' }) review: number;
  @ApiProperty({ type: 'integer' }) block: number;
}

export class SeverityTotalsSchema {
  @ApiProperty({ type: 'integer' }) critical: number;
  @ApiProperty({ type: 'integer' }) high: number;
  @ApiProperty({ type: 'integer' }) medium: number;
  @ApiProperty({ type: 'integer' }) low: number;
  @ApiProperty({ type: 'integer' }) info: number;
}

export class AxisTotalsSchema {
  @ApiProperty({ type: 'integer' }) security: number;
  @ApiProperty({ type: 'integer' }) privacy: number;
}

export class RuleStatSchema {
  @ApiProperty() ruleId: string;
  @ApiProperty() title: string;
  @ApiProperty({ enum: AXIS }) axis: string;
  @ApiProperty({ type: 'integer' }) count: number;
}

export class DashboardSummarySchema {
  @ApiProperty({ type: 'integer' }) totalScans: number;
  @ApiProperty({ type: 'integer' }) avgRiskScore: number;
  @ApiProperty({ type: VerdictCountsSchema }) verdictCounts: VerdictCountsSchema;
  @ApiProperty({ type: SeverityTotalsSchema }) severityTotals: SeverityTotalsSchema;
  @ApiProperty({ type: AxisTotalsSchema }) axisTotals: AxisTotalsSchema;
  @ApiProperty({ type: [ScanSchema] }) recentScans: ScanSchema[];
  @ApiProperty({ type: [RuleStatSchema] }) topRules: RuleStatSchema[];
}
