import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SkillFile } from '../../core/ingest/ingest.types';
import { relationFor, type FileSide } from '../../core/lineage';
import { DEFAULT_SEARCH_LIMITS, searchCompared, type SearchLimits, type SearchStats } from './candidate-search';
import { fileLineStats, storageRows, type FileLineStats } from './line-stats';
import type { Classification } from './lineage.types';
import { SqlCandidateStore } from './sql-candidate-store';

/** The compared scan as the new scan's response shows it (read while locking it). */
export interface ComparedScanRow {
  id: number;
  name: string;
  verdict: 'pass' | 'review' | 'block';
  riskScore: number;
  createdAt: Date;
}

/** What classify() hands to afterInsert() (the line statistics are computed once). */
export interface LineageDraft {
  fingerprint: string;
  classification: Classification;
  /** null when the relation is `new`. */
  compared?: ComparedScanRow | null;
  lineStats: FileLineStats[];
  /** null for identical scans (no search needed). */
  search: SearchStats | null;
}

/** How often classification is repeated when the chosen compared scan is deleted meanwhile. */
const MAX_ATTEMPTS = 4;

/**
 * Classifies a new scan against the stored ones (spec "Fingerprint and relation rules") and
 * writes its lineage data. Both run inside the scan's write transaction, after
 * `pg_advisory_xact_lock(hashtextextended(fingerprint, 0))`, so of two concurrent submissions of
 * the same content the later one waits, then sees the earlier one (`identical`, and the
 * checkCount returned by afterInsert counts exactly the scans committed before it plus itself).
 */
@Injectable()
export class ScanClassifierService {
  private readonly logger = new Logger('Lineage');
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS;

  async classify(manager: EntityManager, fingerprint: string, files: readonly SkillFile[]): Promise<LineageDraft> {
    const sides: FileSide[] = files.map((f) => ({ path: f.path, hash: f.hash, size: f.size, content: f.content }));
    const lineStats = sides.map(fileLineStats);
    for (let attempt = 1; ; attempt++) {
      const draft = await this.classifyOnce(manager, fingerprint, sides, lineStats);
      const comparedId = draft.classification.comparedScanId;
      if (comparedId === null) return draft;
      // Keep the compared scan until this transaction commits: a concurrent DELETE then waits
      // and its ON DELETE SET NULL reaches the new row too. Already deleted → classify again
      // (each statement sees the latest committed state).
      const locked: ComparedScanRow[] = await manager.query(
        `SELECT id, name, verdict, risk_score AS "riskScore", created_at AS "createdAt" FROM scans WHERE id = $1 FOR KEY SHARE`,
        [comparedId],
      );
      if (locked.length > 0) return { ...draft, compared: locked[0] };
      if (attempt >= MAX_ATTEMPTS) {
        this.logger.warn(`compared scan ${comparedId} vanished ${attempt} times in a row; storing the scan as new`);
        return { ...draft, classification: { relation: 'new', similarity: null, comparedScanId: null } };
      }
    }
  }

  /** Writes the scan's lineage rows; returns its checkCount (scans with this fingerprint, itself included). */
  async afterInsert(manager: EntityManager, scanId: number, draft: LineageDraft): Promise<number> {
    const rows = storageRows(draft.lineStats);
    if (rows.files.paths.length > 0) {
      await manager.query(
        `INSERT INTO scan_file_lines (scan_id, path, hash, line_count, trivial_count)
         SELECT $1, * FROM unnest($2::text[], $3::char(64)[], $4::int[], $5::int[])`,
        [scanId, rows.files.paths, rows.files.hashes, rows.files.lineCounts, rows.files.trivialCounts],
      );
    }
    if (rows.postings.paths.length > 0) {
      await manager.query(
        `INSERT INTO scan_line_postings (scan_id, path, line_hash, cnt)
         SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::int[])`,
        [scanId, rows.postings.paths, rows.postings.hashes, rows.postings.counts],
      );
    }
    const [{ count }]: Array<{ count: number }> = await manager.query(
      'SELECT count(*)::int AS count FROM scans WHERE fingerprint = $1',
      [draft.fingerprint],
    );
    return count;
  }

  private async classifyOnce(
    manager: EntityManager,
    fingerprint: string,
    sides: readonly FileSide[],
    lineStats: FileLineStats[],
  ): Promise<LineageDraft> {
    const twin: Array<{ id: number }> = await manager.query(
      'SELECT id FROM scans WHERE fingerprint = $1 ORDER BY id DESC LIMIT 1',
      [fingerprint],
    );
    if (twin.length > 0) {
      return { fingerprint, classification: relationFor(twin[0].id, null), lineStats, search: null };
    }
    const started = Date.now();
    const result = await searchCompared(sides, new SqlCandidateStore(manager), this.limits, lineStats);
    if (!result.stats.exact) {
      this.logger.warn(
        `classification stopped at its work budget after ${Date.now() - started} ms ` +
          `(candidates ${result.stats.candidates}, rows ${result.stats.rows}, lcs work ${result.stats.lcsWork}); ` +
          `stored the best match found so far`,
      );
    }
    return { fingerprint, classification: result.relation, lineStats, search: result.stats };
  }
}
