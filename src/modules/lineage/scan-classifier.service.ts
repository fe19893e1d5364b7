import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { SkillFile } from '../../core/ingest/ingest.types';
import { relationFor, type FileSide } from '../../core/lineage';
import { DEFAULT_SEARCH_LIMITS, fileLineStats, searchCompared, type FileLineStats, type SearchLimits, type SearchStats } from '../../core/lineage/search';
import { HolderShapeCache } from './holder-shape-cache';
import { PopularLines } from './popular-lines';
import { addLineageRows, emptyLineageRows, LineageRepository, storedSequenceOf, type ComparedScanRow } from './lineage.repository';
import type { Classification } from './lineage.types';

export type { ComparedScanRow } from './lineage.repository';

/** What {@link ScanClassifierService.classifyAndStore} returns besides the caller's own rows. */
export interface StoredClassification<T> {
  stored: T;
  classification: Classification;
  /** Scans with this fingerprint as of this one's creation, itself included. */
  checkCount: number;
  /** The compared scan, read while locking it; null when there is none. */
  compared: ComparedScanRow | null;
  /** null for identical scans (no search needed). */
  search: SearchStats | null;
}

interface Draft {
  classification: Classification;
  compared?: ComparedScanRow | null;
  search: SearchStats | null;
}

/** How often classification is repeated when the chosen compared scan is deleted meanwhile. */
const MAX_ATTEMPTS = 4;

/**
 * Classifies a new scan against the stored ones (spec "Fingerprint and relation rules") and
 * stores it with its lineage data, in one transaction after
 * `pg_advisory_xact_lock(hashtextextended(fingerprint, 0))`: of two concurrent submissions of
 * the same content the later one waits, then sees the earlier one (`identical`, and checkCount
 * counts exactly the scans committed before it plus itself).
 */
@Injectable()
export class ScanClassifierService {
  private readonly logger = new Logger('Lineage');
  limits: SearchLimits = DEFAULT_SEARCH_LIMITS;
  /** Classifications of this process whose search stopped at its work budget (not exact; each also logged). */
  inexactSearches = 0;
  /** Shapes of the holders of popular files, shared by this process's classifications (see holder-shape-cache.ts). */
  readonly holderShapes = new HolderShapeCache(undefined, undefined, (error) =>
    this.logger.warn(`holder shape cache fill failed (searches take the SQL path meanwhile): ${error instanceof Error ? error.message : String(error)}`),
  );

  /** Lines this process's probes found in many stored files (see popular-lines.ts). */
  readonly popularLines = new PopularLines();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The one entry of classification: lock, classify, `insert` (the caller writes the scan's own
   * rows with the classification it is given and returns them), lineage rows, checkCount —
   * committed together or not at all.
   */
  async classifyAndStore<T extends { scan: { id: number } }>(
    fingerprint: string,
    files: readonly SkillFile[],
    insert: (manager: EntityManager, classification: Classification) => Promise<T>,
  ): Promise<StoredClassification<T>> {
    const sides: FileSide[] = files.map((f) => ({ path: f.path, hash: f.hash, size: f.size, content: f.content }));
    const lineStats = sides.map(fileLineStats);
    const result = await this.dataSource.transaction(async (manager) => {
      const repository = new LineageRepository(manager, this.holderShapes, this.popularLines);
      await repository.lockFingerprint(fingerprint);
      const draft = await this.classify(repository, fingerprint, sides, lineStats);
      const stored = await insert(manager, draft.classification);
      await repository.insertLineageRows(addLineageRows(emptyLineageRows(), stored.scan.id, lineStats));
      const checkCount = await repository.countFingerprint(fingerprint);
      return { stored, classification: draft.classification, checkCount, compared: draft.compared ?? null, search: draft.search };
    });
    // Committed: the next searches find it among the newest holders of its popular files.
    this.holderShapes.putStored(
      result.stored.scan.id,
      lineStats.map((f) => ({ ...f, sequence: storedSequenceOf(f) })),
    );
    return result;
  }

  private async classify(repository: LineageRepository, fingerprint: string, sides: readonly FileSide[], lineStats: FileLineStats[]): Promise<Draft> {
    for (let attempt = 1; ; attempt++) {
      const draft = await this.classifyOnce(repository, fingerprint, sides, lineStats);
      const comparedId = draft.classification.comparedScanId;
      if (comparedId === null) return draft;
      // Already deleted → classify again (each statement sees the latest committed state).
      const compared = await repository.lockCompared(comparedId);
      if (compared) return { ...draft, compared };
      if (attempt >= MAX_ATTEMPTS) {
        this.logger.warn(`compared scan ${comparedId} vanished ${attempt} times in a row; storing the scan as new`);
        return { ...draft, classification: { relation: 'new', similarity: null, comparedScanId: null } };
      }
    }
  }

  private async classifyOnce(repository: LineageRepository, fingerprint: string, sides: readonly FileSide[], lineStats: FileLineStats[]): Promise<Draft> {
    const twin = await repository.latestTwin(fingerprint);
    if (twin !== null) return { classification: relationFor(twin, null), search: null };
    const started = Date.now();
    const result = await searchCompared(sides, repository, this.limits, lineStats);
    if (!result.stats.exact) {
      this.inexactSearches++;
      this.logger.warn(
        `classification stopped at its work budget after ${Date.now() - started} ms ` +
          `(candidates ${result.stats.candidates}, rows ${result.stats.rows}, lcs work ${result.stats.lcsWork}); ` +
          `stored the best match found so far`,
      );
    }
    return { classification: result.relation, search: result.stats };
  }
}
