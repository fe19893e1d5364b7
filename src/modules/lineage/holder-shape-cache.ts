import type { HolderFilter, StoredShapeFile } from '../../core/lineage/search';

/**
 * Per-process cache of what a holder page's filter needs of a stored scan (its file count and,
 * per file, path, hash key, line and trivial counts), so a page walks the holders of a popular
 * file through the index alone and bounds them here, instead of one primary-key range of
 * scan_file_lines per holder in SQL (measured at 20 000 boilerplate scans: ~9 µs a holder, 7 000
 * holders of a LICENSE per search).
 *
 * Why it can never be stale: a scan's files never change after it is stored (PATCH touches
 * `hidden` only) and ids are never reused — except after `TRUNCATE … RESTART IDENTITY` (or a
 * sequence reset). Every page reads an epoch along with its walk — the scans table's file node
 * (new on every TRUNCATE) and the id sequence's last value — and the cache is cleared when the
 * file node changed or the sequence went back below an id it holds; every entry also carries the
 * file node it was read under and is used only under that one (a background fill that read
 * before a TRUNCATE may finish after a later walk). Deleted scans are not walked, so their
 * entries are merely unused. (A sequence reset by hand while the service runs, without a
 * TRUNCATE, is only caught by the id check: restart the service after one.)
 *
 * The files of the holders a filter kept (with their line sequences, what their key bounds need)
 * are cached too, up to a byte budget: the same few thousand holders of a LICENSE are kept by
 * search after search.
 *
 * Hash keys are the first 13 hex digits of the SHA-256 (52 bits, an exact double): two files with
 * equal keys count as identical, which can only raise the bound (an identical file contributes
 * 1, the most any path can), so the filter keeps every holder the exact bound keeps.
 */
export interface HolderShape {
  /** The scans table's file node when it was read (entries of another one are never used). */
  epoch: string;
  fileCount: number;
  paths: string[];
  /** Per file: hash key, line count (-1: binary), trivial count (-1: unknown). */
  numbers: Float64Array;
}

export const hashKey = (hash: string): number => parseInt(hash.slice(0, 13), 16);

export interface ShapeRow {
  path: string;
  hash: string;
  line_count: number | null;
  trivial_count: number | null;
}

export function packShape(rows: readonly ShapeRow[], epoch = '', intern: (path: string) => string = (p) => p): HolderShape {
  const numbers = new Float64Array(rows.length * 3);
  const paths: string[] = [];
  rows.forEach((r, i) => {
    paths.push(intern(r.path));
    numbers[3 * i] = hashKey(r.hash);
    numbers[3 * i + 1] = r.line_count ?? -1;
    numbers[3 * i + 2] = r.trivial_count ?? -1;
  });
  return { epoch, fileCount: rows.length, paths, numbers };
}

/** C's side of {@link packedShapeBound}: the filter's paths by path, with hash keys. */
export type PreparedHolderFilter = Map<string, HolderFilter['paths'][number] & { key: number }>;

export const prepareHolderFilter = (filter: HolderFilter): PreparedHolderFilter => new Map(filter.paths.map((p) => [p.path, { ...p, key: hashKey(p.hash) }]));

/**
 * bounds.ts holderShapeBound on a packed shape (the same expression, term for term; hash keys
 * instead of hashes, so never below it).
 */
export function packedShapeBound(paths: PreparedHolderFilter, postedLinesMax: number, shape: HolderShape): number {
  let common = 0;
  let sum = 0;
  const n = shape.numbers;
  for (let i = 0; i < shape.paths.length; i++) {
    const p = paths.get(shape.paths[i]);
    if (!p) continue;
    common++;
    if (n[3 * i] === p.key) sum += 1;
    else if (p.text && n[3 * i + 1] > 0) {
      const m = n[3 * i + 1];
      const trivial = n[3 * i + 2] < 0 ? m : n[3 * i + 2];
      const shared = m > postedLinesMax ? Math.min(p.lines, m) : Math.min(p.lines, m, Math.min(p.skippedTrivial, trivial) + p.skippedOther);
      if (shared > 0) sum += (2 * shared) / (p.lines + m);
    }
  }
  const union = paths.size + shape.fileCount - common;
  return union === 0 ? 100 : (100 * sum) / union;
}

const bytesOf = (files: readonly StoredShapeFile[]): number => {
  let bytes = 0;
  for (const f of files) bytes += 150 + (f.sequence?.length ?? 0);
  return bytes;
};

/** Shapes read from the database with the epoch of that read. */
export interface HolderShapeRead {
  fileNode: string;
  lastId: number;
  shapes: Map<number, ShapeRow[]>;
}

export class HolderShapeCache {
  private readonly shapes = new Map<number, HolderShape>();
  private readonly files = new Map<number, { epoch: string; files: StoredShapeFile[] }>();
  private readonly internedPaths = new Map<string, string>();
  private fileBytes = 0; // of the cached files (bytesOf)
  private fileNode: string | null = null;
  private maxId = 0;
  /**
   * A filtered holder page with more uncached holder shapes than this goes through the SQL filter
   * while they are read in the background (a cold fill of thousands costs several pages' time).
   */
  coldHoldersMax = 256;
  /** A background fill is running (one at a time; see {@link fillInBackground}). */
  private filling: Promise<void> | null = null;
  /** The largest id a background fill has read (where the next one starts reading the newest scans); 0 when none has. */
  filledThrough = 0;

  /**
   * `capacity`: shapes kept at most (~0.3 KB a scan); `fileBudget`: bytes of cached files (line
   * sequences at 4 bytes a line, plus ~150 bytes a file). Beyond them the oldest entries go, so
   * memory stays bounded.
   */
  constructor(
    readonly capacity = 150_000,
    private readonly fileBudget = 48 * 1024 * 1024,
    /** Told about a failed background fill (the pages meanwhile take the SQL path). */
    private readonly onFillError: (error: unknown) => void = () => undefined,
  ) {}

  get size(): number {
    return this.shapes.size;
  }

  /** Clears the cache when the epoch read with a walk says ids may have been reused (see above). */
  checkEpoch(fileNode: string, lastId: number): void {
    if (this.fileNode !== fileNode || lastId < this.maxId) this.clear();
    this.fileNode = fileNode;
  }

  /**
   * Runs `read` in the background (unless a fill is running) and caches what it returns. Its
   * epoch is checked like a walk's, so a fill that read the scans before a TRUNCATE clears the
   * cache instead of filling it with stale shapes (and the next walk clears it again). A failed
   * read is reported to onFillError and otherwise dropped: the pages meanwhile take the SQL path.
   */
  fillInBackground(read: () => Promise<HolderShapeRead>): void {
    if (this.filling) return;
    this.filling = read()
      .then((result) => {
        this.checkEpoch(result.fileNode, result.lastId);
        for (const [id, rows] of result.shapes) {
          this.put(id, rows, result.fileNode);
          if (id > this.filledThrough) this.filledThrough = id;
        }
      })
      .catch((error: unknown) => this.onFillError(error))
      .finally(() => {
        this.filling = null;
      });
  }

  /** The running background fill, if any (tests wait for it). */
  get pendingFill(): Promise<void> | null {
    return this.filling;
  }

  /** The shape of scan `scanId` read under file node `epoch` (the walk's), if cached. */
  get(scanId: number, epoch: string): HolderShape | undefined {
    const shape = this.shapes.get(scanId);
    return shape && shape.epoch === epoch ? shape : undefined;
  }

  /**
   * Sets `share`'s line and trivial counts (0 for a binary file or an unknown count, as SQL's
   * coalesce) from the cached shape of its scan read under file node `epoch`; false when not cached.
   */
  sizeAt(share: { scanId: number; path: string; lines: number; trivial: number }, epoch: string): boolean {
    const shape = this.get(share.scanId, epoch);
    if (!shape) return false;
    const i = shape.paths.indexOf(share.path);
    if (i < 0) return false;
    share.lines = Math.max(0, shape.numbers[3 * i + 1]);
    share.trivial = Math.max(0, shape.numbers[3 * i + 2]);
    return true;
  }

  put(scanId: number, rows: readonly ShapeRow[], epoch: string): HolderShape {
    // Oldest entries go first (a Map iterates in insertion order).
    for (const oldest of this.shapes.keys()) {
      if (this.shapes.size < this.capacity) break;
      this.shapes.delete(oldest);
    }
    const shape = packShape(rows, epoch, (path) => {
      let interned = this.internedPaths.get(path);
      if (interned === undefined) this.internedPaths.set(path, (interned = path));
      return interned;
    });
    this.shapes.set(scanId, shape);
    if (scanId > this.maxId) this.maxId = scanId;
    return shape;
  }

  /**
   * A scan this process has just stored and committed: its shape and files (with their line
   * sequences, null where none is stored), under the epoch of the latest walk — the newest holders
   * of a popular file, which every first holder page reads, are then warm. Without an epoch yet
   * nothing is cached; a TRUNCATE since that walk clears the entry with the rest on the next one.
   */
  putStored(scanId: number, files: ReadonlyArray<{ path: string; hash: string; lineCount: number | null; trivialCount: number | null; sequence: Uint8Array | null }>): void {
    const epoch = this.fileNode;
    if (epoch === null) return;
    this.put(
      scanId,
      files.map((f) => ({ path: f.path, hash: f.hash, line_count: f.lineCount, trivial_count: f.trivialCount })),
      epoch,
    );
    this.putFiles(
      scanId,
      files.map((f) => ({ path: f.path, hash: f.hash, lineCount: f.lineCount, trivialCount: f.trivialCount, sequence: f.sequence })),
      epoch,
    );
  }

  /** Every file of a kept holder, each with its line sequence (null: none stored). */
  filesOf(scanId: number, epoch: string): StoredShapeFile[] | undefined {
    const entry = this.files.get(scanId);
    return entry && entry.epoch === epoch ? entry.files : undefined;
  }

  putFiles(scanId: number, files: StoredShapeFile[], epoch: string): void {
    const bytes = bytesOf(files);
    const previous = this.files.get(scanId);
    if (previous) {
      this.files.delete(scanId);
      this.fileBytes -= bytesOf(previous.files);
    }
    for (const [oldest, entry] of this.files) {
      if (this.fileBytes + bytes <= this.fileBudget) break;
      this.files.delete(oldest);
      this.fileBytes -= bytesOf(entry.files);
    }
    this.files.set(scanId, { epoch, files });
    this.fileBytes += bytes;
    if (scanId > this.maxId) this.maxId = scanId;
  }

  clear(): void {
    this.shapes.clear();
    this.files.clear();
    this.internedPaths.clear();
    this.fileBytes = 0;
    this.maxId = 0;
    this.filledThrough = 0;
  }
}
