/**
 * In-memory {@link CandidateStore} with the exact semantics of the SQL store, for the property
 * tests of the search (and nothing else: it scans everything).
 */
import { EMPTY_SHA256, type FileSide } from '../similarity';
import type {
  BandHit,
  BandRange,
  CandidateStore,
  FilePair,
  FileProbeResult,
  HolderIds,
  HolderPage,
  PairHolder,
  PairProbeResult,
  PartialShare,
  ProbeShare,
  SizeRange,
  StoredSequence,
  StoredShapeFile,
  TokenProbeResult,
  TokenRef,
} from './candidate-store';
import { holderFloorFor, holderShapeBound, type HolderFilter } from './bounds';
import { POSTED_LINES_MAX, fileLineStats, hasPostings, type FileLineStats } from './line-stats';

/** A scan's line sequences: `stored` as the SQL store writes them, `none` as rows written before they existed. */
export type SequenceMode = 'stored' | 'none';

interface StoredScan {
  id: number;
  sequences: SequenceMode;
  files: FileSide[];
  stats: FileLineStats[];
  counts: Map<string, Map<string, number>>; // path → hash → cnt (files with postings only)
}

export class MemoryCandidateStore implements CandidateStore {
  private readonly scans = new Map<number, StoredScan>();
  calls = 0;

  /** `postedLinesMax`: larger text files get no postings, as in the SQL store (line-stats.ts). */
  constructor(private readonly postedLinesMax = POSTED_LINES_MAX) {}

  add(id: number, files: readonly FileSide[], sequences: SequenceMode = 'stored'): void {
    const stats = files.map(fileLineStats);
    const counts = new Map<string, Map<string, number>>();
    for (const s of stats) if (hasPostings(s.lineCount, this.postedLinesMax)) counts.set(s.path, new Map(s.tokens.map((t) => [t.hash, t.count])));
    this.scans.set(id, { id, sequences, files: [...files], stats, counts });
  }

  delete(id: number): void {
    this.scans.delete(id);
  }

  /** Unset: this store keeps no memo of frequent lines (tests may set one: any answer is allowed). */
  knownFrequent?: (tokens: readonly TokenRef[], cap: number) => TokenRef[];

  async probeTokens(tokens: readonly TokenRef[], cap: number): Promise<TokenProbeResult> {
    this.calls++;
    const frequent: TokenProbeResult['frequent'] = [];
    const partial = new Map<string, ProbeShare>();
    const fenced = new Map<string, TokenProbeResult['fenced'][number]>();
    let rows = 0;
    for (const t of tokens) {
      const hits: Array<{ id: number; cnt: number }> = [];
      for (const s of this.scans.values()) {
        const cnt = s.counts.get(t.path)?.get(t.hash);
        if (cnt !== undefined) hits.push({ id: s.id, cnt });
      }
      rows += Math.min(hits.length, cap + 1);
      if (hits.length > cap) {
        const newest = hits.sort((x, y) => y.id - x.id).slice(0, cap + 1);
        frequent.push({ path: t.path, hash: t.hash, fence: newest[newest.length - 1].id });
        for (const h of newest) {
          const stats = this.scans.get(h.id)?.stats.find((f) => f.path === t.path);
          fenced.set(`${h.id}\u0000${t.path}`, { scanId: h.id, path: t.path, lines: stats?.lineCount ?? 0, trivial: stats?.trivialCount ?? 0 });
        }
        continue;
      }
      for (const h of hits) {
        const key = `${h.id}\u0000${t.path}`;
        const stats = this.scans.get(h.id)?.stats.find((f) => f.path === t.path);
        const p = partial.get(key) ?? { scanId: h.id, path: t.path, shared: 0, lines: stats?.lineCount ?? 0, trivial: stats?.trivialCount ?? 0 };
        p.shared += Math.min(t.count, h.cnt);
        partial.set(key, p);
      }
    }
    return { frequent, partial: [...partial.values()], fenced: [...fenced.values()], rows };
  }

  async probeFiles(hashes: readonly string[], emptyPaths: readonly string[], cap: number): Promise<FileProbeResult> {
    this.calls++;
    const result: FileProbeResult = { frequentHashes: [], frequentEmptyPaths: [], hits: [], rows: 0 };
    const collect = (match: (f: FileSide) => boolean) => {
      const hits: FileProbeResult['hits'] = [];
      for (const s of this.scans.values()) for (const f of s.files) if (match(f)) hits.push({ scanId: s.id, path: f.path, hash: f.hash });
      return hits;
    };
    for (const h of hashes) {
      const hits = collect((f) => f.hash === h);
      result.rows += Math.min(hits.length, cap + 1);
      if (hits.length > cap) result.frequentHashes.push(h);
      else for (const hit of hits) result.hits.push(hit);
    }
    for (const path of emptyPaths) {
      const hits = collect((f) => f.path === path && f.hash === EMPTY_SHA256);
      result.rows += Math.min(hits.length, cap + 1);
      if (hits.length > cap) result.frequentEmptyPaths.push(path);
      else for (const hit of hits) result.hits.push(hit);
    }
    return result;
  }

  async probePairs(pairs: readonly FilePair[], cap: number, walkLimit: number): Promise<PairProbeResult> {
    this.calls++;
    const result: PairProbeResult = { frequent: [], variants: [], copies: [], walks: [], rows: 0 };
    for (const pair of pairs) {
      const variants: PairProbeResult['variants'] = [];
      const copies: PairProbeResult['copies'] = [];
      for (const s of this.scans.values()) {
        for (const f of s.files) {
          if (f.path === pair.path && f.hash !== pair.hash) variants.push({ scanId: s.id, path: f.path });
          else if (f.path !== pair.path && f.hash === pair.hash) copies.push({ scanId: s.id, path: f.path, hash: f.hash });
        }
      }
      result.rows += Math.min(variants.length, cap + 1) + Math.min(copies.length, cap + 1);
      if (variants.length > cap || copies.length > cap) result.frequent.push(pair);
      else {
        for (const v of variants) result.variants.push(v);
        for (const c of copies) result.copies.push(c);
        if (walkLimit < 1) continue;
        const [walk] = await this.holderIds([pair], walkLimit);
        result.rows += walk.ids.length;
        if (walk.complete) result.walks.push({ path: pair.path, hash: pair.hash, ids: walk.ids });
      }
    }
    return result;
  }

  async holders(pair: FilePair, before: number, limit: number, paths: readonly string[], filter: HolderFilter | null): Promise<HolderPage> {
    this.calls++;
    const wanted = new Set(paths);
    const keep = new Set(filter?.keep ?? []);
    const page: HolderPage = { holders: [], walked: 0, lastId: null };
    const ids = [...this.scans.keys()].filter((id) => id < before).sort((x, y) => y - x);
    for (const id of ids) {
      if (page.walked >= limit) break;
      const s = this.scans.get(id) as StoredScan;
      if (!s.files.some((f) => f.path === pair.path && f.hash === pair.hash)) continue;
      page.walked++;
      page.lastId = id;
      const files = s.stats.filter((f) => wanted.has(f.path)).map((f) => (f.path === pair.path ? shapeOf(f) : { ...shapeOf(f), sequence: this.sequenceOf(s, f) }));
      const holder: PairHolder = { scanId: id, fileCount: s.files.length, files };
      if (filter && !keep.has(id) && holderShapeBound(filter.paths, filter.postedLinesMax, holder) < holderFloorFor(filter, id)) continue;
      page.holders.push(holder);
    }
    return page;
  }

  async holderIds(pairs: readonly FilePair[], limit: number): Promise<HolderIds[]> {
    this.calls++;
    const newestFirst = [...this.scans.keys()].sort((x, y) => y - x);
    return pairs.map((pair) => {
      const ids: number[] = [];
      for (const id of newestFirst) {
        const s = this.scans.get(id) as StoredScan;
        if (!s.files.some((f) => f.path === pair.path && f.hash === pair.hash)) continue;
        if (ids.length === limit) return { ids, complete: false };
        ids.push(id);
      }
      return { ids, complete: true };
    });
  }

  async band(ranges: readonly BandRange[], limit: number): Promise<BandHit[]> {
    this.calls++;
    const hits: BandHit[] = [];
    let scans = 0;
    for (const s of this.scans.values()) {
      if (scans >= limit) break;
      let hit = false;
      for (const f of s.stats) {
        if (f.lineCount === null || f.lineCount === 0) continue;
        const permille = Math.floor(((f.trivialCount as number) * 1000) / f.lineCount);
        if (!ranges.some((r) => r.path === f.path && permille >= r.minPermille && (r.belowPermille === null || permille < r.belowPermille))) continue;
        hits.push({ scanId: s.id, path: f.path, lines: f.lineCount, trivial: f.trivialCount as number });
        hit = true;
      }
      if (hit) scans++;
    }
    return hits;
  }

  async large(ranges: readonly SizeRange[], limit: number): Promise<number[]> {
    this.calls++;
    const ids: number[] = [];
    for (const s of this.scans.values()) {
      const hit = s.stats.some((f) =>
        ranges.some((r) => r.path === f.path && f.lineCount !== null && f.lineCount > 0 && f.lineCount >= r.minLines && (r.belowLines === null || f.lineCount < r.belowLines)),
      );
      if (hit) ids.push(s.id);
      if (ids.length >= limit) break;
    }
    return ids;
  }

  async shapes(scanIds: readonly number[]): Promise<Map<number, StoredShapeFile[]>> {
    this.calls++;
    const out = new Map<number, StoredShapeFile[]>();
    for (const id of scanIds) {
      const s = this.scans.get(id);
      if (s) out.set(id, s.stats.map(shapeOf));
    }
    return out;
  }

  async sharedCounts(scanIds: readonly number[], tokens: readonly TokenRef[]): Promise<PartialShare[]> {
    this.calls++;
    const out: PartialShare[] = [];
    for (const id of scanIds) {
      const s = this.scans.get(id);
      if (!s) continue;
      const byPath = new Map<string, number>();
      for (const t of tokens) {
        const cnt = s.counts.get(t.path)?.get(t.hash);
        if (cnt !== undefined) byPath.set(t.path, (byPath.get(t.path) ?? 0) + Math.min(cnt, t.count));
      }
      for (const [path, shared] of byPath) out.push({ scanId: id, path, shared });
    }
    return out;
  }

  async lineSequences(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): Promise<StoredSequence[]> {
    this.calls++;
    const out: StoredSequence[] = [];
    for (const { scanId, paths } of requests) {
      const s = this.scans.get(scanId);
      if (!s) continue;
      for (const path of paths) {
        const f = s.stats.find((x) => x.path === path);
        if (f) out.push({ scanId, path, sequence: this.sequenceOf(s, f) });
      }
    }
    return out;
  }

  /** The stored line sequence of a file: none for files without postings, nor for scans stored without. */
  private sequenceOf(s: StoredScan, f: FileLineStats): Uint8Array | null {
    return s.sequences === 'stored' && hasPostings(f.lineCount, this.postedLinesMax) ? f.sequence : null;
  }

  async loadFiles(requests: ReadonlyArray<{ scanId: number; paths: readonly string[] }>): Promise<Map<number, FileSide[]>> {
    this.calls++;
    const out = new Map<number, FileSide[]>();
    for (const { scanId, paths } of requests) {
      const wanted = new Set(paths);
      out.set(scanId, (this.scans.get(scanId)?.files ?? []).filter((f) => wanted.has(f.path)));
    }
    return out;
  }

}

const shapeOf = (f: FileLineStats): StoredShapeFile => ({ path: f.path, hash: f.hash, lineCount: f.lineCount, trivialCount: f.trivialCount });
