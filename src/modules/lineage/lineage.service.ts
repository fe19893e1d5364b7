import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { NotFound } from '../../core/errors';
import { diffScans, type FileSide } from '../../core/lineage';
import { findingChanges } from '../../core/report/finding-changes';
import { findingViews, loadFindings } from '../scans/scan-findings';
import { LineageRepository } from './lineage.repository';
import { toComparisonSide, toLineageEntry, type ScanComparisonView, type ScanLineageEntryView } from './lineage.views';

const MAX_INT4 = 2_147_483_647;

/** Myers work units (see src/core/lineage/lcs.ts) one comparison may spend on line diffs in total. */
export const COMPARE_WORK_BUDGET = 6_000_000;
/** Per modified file at least this much, however many files changed. */
const MIN_FILE_WORK = 50_000;

@Injectable()
export class LineageService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** GET /scans/{id}/compare/{otherId}: `id` is the current scan, `otherId` the previous one. */
  async compare(id: number, otherId: number): Promise<ScanComparisonView> {
    const ids = [checkId(id), checkId(otherId)];
    const repository = new LineageRepository(this.dataSource.manager);
    const scans = await repository.scans(ids);
    const current = scans.find((s) => s.id === id);
    const previous = scans.find((s) => s.id === otherId);
    if (!current || !previous) throw new NotFound('scanNotFound');
    const rows = await repository.files(ids);
    const side = (scanId: number): FileSide[] =>
      rows.filter((r) => r.scan_id === scanId).map((r) => ({ path: r.path, hash: r.hash, size: r.size, content: r.content }));
    const currentFiles = side(id);
    const previousFiles = side(otherId);
    const [currentFindings, previousFindings] = await Promise.all([loadFindings(this.dataSource.manager, id), loadFindings(this.dataSource.manager, otherId)]);
    return {
      current: toComparisonSide(current),
      previous: toComparisonSide(previous),
      files: diffScans(currentFiles, previousFiles, { workBudget: perFileWork(currentFiles, previousFiles) }),
      findingChanges: findingChanges(findingViews(currentFindings), findingViews(previousFindings)),
    };
  }

  /** GET /scans/{id}/lineage: the family of the scan, newest first. */
  async lineage(id: number): Promise<ScanLineageEntryView[]> {
    const rows = await new LineageRepository(this.dataSource.manager).family(checkId(id));
    if (rows.length === 0) throw new NotFound('scanNotFound');
    return rows.map(toLineageEntry);
  }
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw new NotFound('scanNotFound');
  return id;
}

/** Splits {@link COMPARE_WORK_BUDGET} over the text files whose content changed. */
function perFileWork(current: readonly FileSide[], previous: readonly FileSide[]): number {
  const before = new Map(previous.map((f) => [f.path, f]));
  let modified = 0;
  for (const f of current) {
    const p = before.get(f.path);
    if (p && p.hash !== f.hash && p.content !== null && f.content !== null) modified++;
  }
  return Math.max(MIN_FILE_WORK, Math.floor(COMPARE_WORK_BUDGET / Math.max(1, modified)));
}
