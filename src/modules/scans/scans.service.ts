import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EngineCheckpoint, EngineFinding } from '../../core/engine/engine.types';
import { buildReport, type AuditReport } from '../../core/report/audit-report';
import { scanStatically } from '../../core/report/static-scan';
import type { IngestedSkill, IngestLimits } from '../../core/ingest/ingest.types';
import { NotFound } from '../../core/errors';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { insertRows } from '../../infra/database/bulk-insert';
import type { Language } from '../../infra/i18n/i18n.setup';
import { ScanAnalysisService } from '../analysis/scan-analysis.service';
import { ScanClassifierService } from '../lineage/scan-classifier.service';
import { RuleSettingsService } from '../rules/rule-settings.service';
import { RuleTextsService } from '../rules/rule-texts.service';
import { SuppressionStoreService } from '../suppressions/suppression-store.service';
import type { CreateScanDto } from './dto/create-scan.dto';
import { FindingEntity } from './entities/finding.entity';
import { ScanCheckpointEntity } from './entities/scan-checkpoint.entity';
import { ScanFileEntity } from './entities/scan-file.entity';
import { ScanEntity } from './entities/scan.entity';
import { ScanRepository, scanFileRow } from './scan.repository';
import { findingDeltaOf, findingViews, loadFindings } from './scan-findings';
import { SCAN_ROW_COLUMNS, scanFromRow, type ScanRow } from './scan-rows';
import {
  toCheckpointView,
  toComparedScanView,
  toScanFileView,
  toScanView,
  type ScanDetailView,
  type ScanView,
} from './scan.views';

const MAX_INT4 = 2_147_483_647;

/** Rows per page of the streamed GET /scans. */
export const SCAN_LIST_BATCH_SIZE = 500;

export interface Viewer {
  isAdmin: boolean;
}

@Injectable()
export class ScansService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ruleSettings: RuleSettingsService,
    private readonly ruleTexts: RuleTextsService,
    private readonly analysis: ScanAnalysisService,
    private readonly classifier: ScanClassifierService,
    private readonly suppressions: SuppressionStoreService,
  ) {}

  /** POST /scans: ingest → static engine → AI steps → classify + store in one transaction. */
  async create(input: CreateScanDto, language: Language): Promise<ScanDetailView> {
    const settings = await this.ruleSettings.current();
    const { skill, name, engine: staticResult } = scanStatically(
      { source: input.source, contentBase64: input.contentBase64, filename: input.filename, text: input.text, name: input.name },
      this.ingestLimits(),
      settings,
    );
    const analysis = await this.analysis.analyze({ skillName: name, language, files: skill.files, useAi: input.useAi });
    const findings = [...staticResult.findings, ...analysis.aiFindings];
    // Suppressions active now apply to this scan only; stored scans are never rewritten.
    const now = new Date();
    const suppressions = await this.suppressions.activeFor(this.dataSource.manager, findings.map((f) => f.ruleId), now);
    const report = buildReport(findings, [...staticResult.checkpoints, ...analysis.checkpoints], { skillName: name, suppressions, now });

    const created = await this.classifier.classifyAndStore(skill.fingerprint, skill.files, (manager, classification) =>
      this.insertScan(manager, {
        name,
        source: input.source,
        language,
        skill,
        report,
        aiUsed: analysis.aiUsed,
        aiError: analysis.aiError,
        description: analysis.description,
        ...classification,
      }).then(async (stored) => ({ ...stored, findingDelta: await findingDeltaOf(manager, stored.scan, report.findings) })),
    );
    // The response is built from what was just written (the same view functions as GET
    // /scans/{id}, no second read). checkCount is as of this scan's creation (counted under the
    // fingerprint lock, so concurrent identical submissions get 1, 2, 3, … exactly).
    const { stored } = created;
    return {
      ...toScanView(stored.scan),
      files: stored.files.map(toScanFileView),
      findings: findingViews(stored.findings),
      checkpoints: stored.checkpoints.map(toCheckpointView),
      checkCount: created.checkCount,
      comparedScan: created.compared ? toComparedScanView(created.compared) : null,
      findingDelta: stored.findingDelta,
    };
  }

  /**
   * GET /scans as keyset pages of `batchSize` over the (created_at DESC, id DESC) indexes — the
   * partial `WHERE hidden = false` one for non-admins. Each page is one short query, so no
   * connection or transaction is held while the client reads (PGlite runs one transaction at
   * a time); the next page is fetched while the current one is being written. The cursor keeps
   * created_at as PostgreSQL text, exact to the microsecond (a JS Date would round it).
   */
  async *listBatches(viewer: Viewer, batchSize = SCAN_LIST_BATCH_SIZE): AsyncGenerator<ScanView[]> {
    const page = (after: { ts: string; id: number } | null): Promise<ScanRow[]> => {
      const conditions = [viewer.isAdmin ? null : 'hidden = false', after ? '(created_at, id) < ($2::timestamptz, $3::int)' : null];
      const where = conditions.filter((c) => c !== null).join(' AND ');
      return this.dataSource.query(
        `SELECT ${SCAN_ROW_COLUMNS} FROM scans ${where ? `WHERE ${where}` : ''} ORDER BY created_at DESC, id DESC LIMIT $1`,
        after ? [batchSize, after.ts, after.id] : [batchSize],
      );
    };
    let pending: Promise<ScanRow[]> | null = page(null);
    // Bounded: every page but the last is full, and ids are 32-bit.
    for (let pages = 0; pending !== null && pages <= Math.ceil(MAX_INT4 / batchSize); pages++) {
      const rows: ScanRow[] = await pending;
      const last = rows[rows.length - 1];
      pending = rows.length === batchSize ? page({ ts: last.cursor_ts, id: last.id }) : null;
      // A consumer that stops early (client gone) leaves this prefetch behind: never unhandled.
      pending?.catch(() => undefined);
      if (rows.length > 0) yield rows.map((row) => toScanView(scanFromRow(row)));
    }
  }

  async detail(id: number): Promise<ScanDetailView> {
    const scan = await this.findScan(id);
    const manager = this.dataSource.manager;
    const [files, findings, checkpoints, checkCountRows, compared] = await Promise.all([
      manager.find(ScanFileEntity, { where: { scanId: id } }).then(byPath),
      loadFindings(manager, id),
      manager.find(ScanCheckpointEntity, { where: { scanId: id }, order: { position: 'ASC' } }),
      manager.query('SELECT count(*)::int AS count FROM scans WHERE fingerprint = $1', [scan.fingerprint]),
      scan.comparedScanId === null
        ? Promise.resolve(null)
        : manager.findOne(ScanEntity, {
            where: { id: scan.comparedScanId },
            select: { id: true, name: true, verdict: true, riskScore: true, createdAt: true },
          }),
    ]);
    const findingList = findingViews(findings);
    return {
      ...toScanView(scan),
      files: files.map(toScanFileView),
      findings: findingList,
      checkpoints: checkpoints.map(toCheckpointView),
      checkCount: (checkCountRows as Array<{ count: number }>)[0].count,
      comparedScan: compared ? toComparedScanView(compared) : null,
      findingDelta: await findingDeltaOf(manager, scan, findingList),
    };
  }

  async setHidden(id: number, hidden: boolean): Promise<ScanView> {
    const result = await this.dataSource.getRepository(ScanEntity).update({ id: this.checkId(id) }, { hidden });
    if (!result.affected) throw new NotFound('scanNotFound');
    return toScanView(await this.findScan(id));
  }

  async remove(id: number): Promise<void> {
    const result = await this.dataSource.getRepository(ScanEntity).delete({ id: this.checkId(id) });
    if (!result.affected) throw new NotFound('scanNotFound');
  }

  async findScan(id: number): Promise<ScanEntity> {
    const scan = await this.dataSource.getRepository(ScanEntity).findOneBy({ id: this.checkId(id) });
    if (!scan) throw new NotFound('scanNotFound');
    return scan;
  }

  private checkId(id: number): number {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw new NotFound('scanNotFound');
    return id;
  }

  private ingestLimits(): IngestLimits {
    const limits = this.config.limits;
    return {
      maxEntries: limits.zipMaxEntries,
      maxTotalBytes: limits.zipMaxTotalBytes,
      maxEntryBytes: limits.zipMaxEntryBytes,
      maxCompressionRatio: limits.zipMaxCompressionRatio,
    };
  }

  private async insertScan(
    manager: EntityManager,
    scan: {
      name: string;
      source: CreateScanDto['source'];
      language: Language;
      skill: IngestedSkill;
      report: AuditReport;
      aiUsed: boolean;
      aiError: string | null;
      description: string | null;
      relation: ScanEntity['relation'];
      similarity: number | null;
      comparedScanId: number | null;
    },
  ): Promise<{ scan: ScanEntity; files: ScanFileEntity[]; findings: FindingEntity[]; checkpoints: ScanCheckpointEntity[] }> {
    const scans = new ScanRepository(manager);
    const row = await scans.insertScan({
      name: scan.name,
      description: scan.description,
      source: scan.source,
      verdict: scan.report.verdict,
      riskScore: scan.report.riskScore,
      fileCount: scan.skill.files.length,
      aiUsed: scan.aiUsed,
      aiError: scan.aiError,
      language: scan.language,
      counts: scan.report.findingCounts,
      fingerprint: scan.skill.fingerprint,
      relation: scan.relation,
      similarity: scan.similarity,
      comparedScanId: scan.comparedScanId,
    });
    const id = row.id;
    const files = byPath(
      scan.skill.files.map((f) =>
        Object.assign(new ScanFileEntity(), { scanId: id, path: f.path, kind: f.kind, language: f.language, size: f.size, hash: f.hash, content: f.content } satisfies Partial<ScanFileEntity>),
      ),
    );
    await scans.insertFiles(files.map((f) => scanFileRow(id, f)));
    const findings = scan.report.findings.map((f) => {
      const texts = this.findingTexts(f, scan.language);
      return Object.assign(new FindingEntity(), {
        scanId: id, ruleId: f.ruleId, axis: f.axis, severity: f.severity, category: f.category, title: texts.title,
        description: texts.description, remediation: texts.remediation, file: f.file, line: f.line, snippet: f.snippet, detectedBy: f.detectedBy,
        fingerprint: f.fingerprint, suppressed: f.suppressed, suppressionId: f.suppressionId, suppressionReason: f.suppressionReason,
      } satisfies Partial<FindingEntity>);
    });
    // Multi-row INSERT … RETURNING answers in VALUES order: the ids follow the findings.
    const findingIds = await insertRows<{ id: number }>(
      manager,
      'findings',
      ['scan_id', 'rule_id', 'axis', 'severity', 'category', 'title', 'description', 'remediation', 'file', 'line', 'snippet', 'detected_by',
        'fingerprint', 'suppressed', 'suppression_id', 'suppression_reason'],
      findings.map((f) => [id, f.ruleId, f.axis, f.severity, f.category, f.title, f.description, f.remediation, f.file, f.line, f.snippet, f.detectedBy,
        f.fingerprint, f.suppressed, f.suppressionId, f.suppressionReason]),
      'id',
    );
    findings.forEach((f, i) => (f.id = findingIds[i].id));
    const checkpoints = scan.report.checkpoints.map((c: EngineCheckpoint, position) =>
      Object.assign(new ScanCheckpointEntity(), {
        scanId: id, position, checkpointKey: c.id, label: this.ruleTexts.checkpointLabel(c.category, scan.language), category: c.category,
        axis: c.axis, severity: c.severity, status: c.status, findingCount: c.findingCount, scoreDelta: c.scoreDelta, detectedBy: c.detectedBy,
      } satisfies Partial<ScanCheckpointEntity>),
    );
    await insertRows(
      manager,
      'scan_checkpoints',
      ['scan_id', 'position', 'checkpoint_key', 'label', 'category', 'axis', 'severity', 'status', 'finding_count', 'score_delta', 'detected_by'],
      checkpoints.map((c) => [
        id, c.position, c.checkpointKey, c.label, c.category, c.axis, c.severity, c.status, c.findingCount, c.scoreDelta, c.detectedBy,
      ]),
    );
    return { scan: scanFromRow(row), files, findings, checkpoints };
  }

  private findingTexts(finding: EngineFinding, language: Language) {
    return finding.texts ?? this.ruleTexts.ruleTexts(finding.ruleId, language);
  }
}

/** Files in path order by UTF-16 code units (the fingerprint's order), the same on every database collation. */
function byPath<T extends { path: string }>(files: T[]): T[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
