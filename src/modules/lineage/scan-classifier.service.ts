import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SkillFile } from '../../core/ingest/ingest.types';
import type { Classification } from './lineage.types';

/**
 * Classifies a new scan against earlier ones (spec: relation rules). Runs inside the scan's
 * write transaction, after the fingerprint lock, so concurrent identical submissions see each other.
 * Foundation version: fingerprint equality only (identical / new).
 */
@Injectable()
export class ScanClassifierService {
  async classify(manager: EntityManager, fingerprint: string, _files: readonly SkillFile[]): Promise<Classification> {
    const rows: Array<{ id: number }> = await manager.query(
      'SELECT id FROM scans WHERE fingerprint = $1 ORDER BY id DESC LIMIT 1',
      [fingerprint],
    );
    if (rows.length > 0) return { relation: 'identical', similarity: 100, comparedScanId: rows[0].id };
    return { relation: 'new', similarity: null, comparedScanId: null };
  }

  /** Called after the scan and its files are inserted (e.g. to write similarity postings). */
  async afterInsert(_manager: EntityManager, _scanId: number, _files: readonly SkillFile[]): Promise<void> {}
}
