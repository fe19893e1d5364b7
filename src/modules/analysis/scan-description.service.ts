import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Unprocessable } from '../../core/errors';
import type { FileKind } from '../../core/ingest/ingest.types';
import { PROMPT_FILE_MAX } from '../../infra/ai/prompt-template';
import type { SkillFile } from '../../core/ingest/ingest.types';
import type { ScanDetailView } from '../scans/scan.views';
import { ScansService } from '../scans/scans.service';
import { ScanAnalysisService } from './scan-analysis.service';

interface StoredFileRow {
  path: string;
  kind: FileKind;
  size: number;
  content: string | null;
  content_length: number | null;
}

/**
 * POST /scans/{id}/description: describes a stored scan with the enabled provider and the
 * `description` prompt, in the scan's language. Success stores the description (replacing an
 * earlier one) and marks the scan's `description` checkpoint `pass`; any failure is a 422 and
 * the scan stays unchanged. Concurrent requests for one scan share one provider call.
 */
@Injectable()
export class ScanDescriptionService {
  private readonly logger = new Logger('ScanDescription');
  private readonly inFlight = new Map<number, Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly scans: ScansService,
    private readonly analysis: ScanAnalysisService,
  ) {}

  async generate(id: number): Promise<ScanDetailView> {
    const scan = await this.scans.findScan(id);
    let pending = this.inFlight.get(scan.id);
    if (!pending) {
      pending = this.describeAndStore(scan.id, scan.name, scan.language).finally(() => this.inFlight.delete(scan.id));
      this.inFlight.set(scan.id, pending);
    }
    await pending;
    return this.scans.detail(scan.id);
  }

  private async describeAndStore(id: number, name: string, language: 'de' | 'en' | 'es'): Promise<void> {
    // Only what a prompt can hold is read: each file's content is cut at the per-file budget.
    const rows: StoredFileRow[] = await this.dataSource.query(
      `SELECT path, kind, size, left(content, $2) AS content, char_length(content) AS content_length
         FROM scan_files WHERE scan_id = $1 ORDER BY path`,
      [id, PROMPT_FILE_MAX],
    );
    const files = rows.map(
      (row): SkillFile & { contentLength: number } => ({
        path: row.path,
        kind: row.kind,
        language: null,
        size: row.size,
        hash: '',
        // Binary files have no stored content; they are described by path and size only.
        content: row.content,
        contentLength: row.content_length ?? 0,
        detectedType: null,
      }),
    );
    const result = await this.analysis.describe({ skillName: name, language, files });
    if (!result.ok) {
      if (result.failure) this.logger.warn(`Description of scan ${id} failed: ${result.failure.code}${result.failure.status ? ` ${result.failure.status}` : ''}`);
      throw new Unprocessable('descriptionUnavailable');
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.query('UPDATE scans SET description = $2 WHERE id = $1', [id, result.description]);
      await manager.query(`UPDATE scan_checkpoints SET status = 'pass' WHERE scan_id = $1 AND checkpoint_key = 'description'`, [id]);
    });
  }
}
