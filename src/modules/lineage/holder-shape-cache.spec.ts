import fc from 'fast-check';
import { holderShapeBound, type HolderFilter } from '../../core/lineage/search';
import { HolderShapeCache, packShape, packedShapeBound, prepareHolderFilter, type ShapeRow } from './holder-shape-cache';

const PATHS = ['SKILL.md', 'LICENSE', 'a.py', 'b.sh', 'logo.bin'];
const HASHES = ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64), `${'a'.repeat(13)}${'d'.repeat(51)}`];

const fileArb = fc.record({
  path: fc.constantFrom(...PATHS),
  hash: fc.constantFrom(...HASHES),
  text: fc.boolean(),
  lines: fc.integer({ min: 0, max: 40 }),
  trivial: fc.integer({ min: 0, max: 40 }),
});
const uniqueFiles = <T extends { path: string }>(files: T[]): T[] => files.filter((f, i) => files.findIndex((g) => g.path === f.path) === i);

describe('packedShapeBound', () => {
  it('equals bounds.ts holderShapeBound where hash keys differ as the hashes do, and is never below it', () => {
    fc.assert(
      fc.property(
        fc.array(fileArb, { maxLength: 5 }),
        fc.array(fileArb, { maxLength: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (current, stored, extraFiles, skippedTrivial, skippedOther, postedLinesMax) => {
          const paths: HolderFilter['paths'] = uniqueFiles(current).map((f) => ({
            path: f.path,
            hash: f.hash,
            text: f.text,
            lines: f.lines,
            skippedTrivial: Math.min(skippedTrivial, f.lines),
            skippedOther: Math.min(skippedOther, f.lines),
          }));
          const files = uniqueFiles(stored).map((f) => ({
            path: f.path,
            hash: f.hash,
            lineCount: f.text ? f.lines : null,
            trivialCount: f.text ? Math.min(f.trivial, f.lines) : null,
          }));
          const rows: ShapeRow[] = files.map((f) => ({ path: f.path, hash: f.hash, line_count: f.lineCount, trivial_count: f.trivialCount }));
          // Files the holder has beyond C's paths only count in its file count.
          for (let i = 0; i < extraFiles; i++) rows.push({ path: `other/${i}`, hash: HASHES[0], line_count: 3, trivial_count: 0 });
          const filter: HolderFilter = { paths, postedLinesMax, minSimilarity: 0, keep: [] };
          const exact = holderShapeBound(paths, postedLinesMax, { fileCount: rows.length, files });
          const packed = packedShapeBound(prepareHolderFilter(filter), postedLinesMax, packShape(rows));
          const collides = files.some((f) => paths.some((p) => p.path === f.path && p.hash !== f.hash && p.hash.slice(0, 13) === f.hash.slice(0, 13)));
          if (collides) expect(packed).toBeGreaterThanOrEqual(exact - 1e-9);
          else expect(packed).toBeCloseTo(exact, 9);
        },
      ),
      { numRuns: 500, seed: 11_27 },
    );
  });
});

describe('HolderShapeCache', () => {
  const rows: ShapeRow[] = [{ path: 'SKILL.md', hash: HASHES[0], line_count: 3, trivial_count: 1 }];

  it('forgets everything when the scans table was truncated or the id sequence went back below a cached id', () => {
    const cache = new HolderShapeCache();
    cache.checkEpoch('100', 0);
    cache.put(7, rows, '100');
    cache.putFiles(7, [{ path: 'SKILL.md', hash: HASHES[0], lineCount: 3, trivialCount: 1, sequence: null }], '100');
    cache.checkEpoch('100', 9);
    expect(cache.get(7, '100')).toBeDefined();
    expect(cache.filesOf(7, '100')).toBeDefined();
    cache.checkEpoch('200', 9); // TRUNCATE: a new file node
    expect(cache.get(7, '100')).toBeUndefined();
    expect(cache.filesOf(7, '100')).toBeUndefined();
    cache.put(7, rows, '200');
    cache.checkEpoch('200', 3); // the sequence was reset below id 7
    expect(cache.get(7, '200')).toBeUndefined();
  });

  it('uses an entry only under the file node it was read under (a fill that read before a TRUNCATE and ends after a later walk)', async () => {
    const cache = new HolderShapeCache();
    cache.checkEpoch('200', 9); // a walk after the TRUNCATE
    let finish: (read: { fileNode: string; lastId: number; shapes: Map<number, ShapeRow[]> }) => void = () => undefined;
    cache.fillInBackground(() => new Promise((resolve) => (finish = resolve)));
    cache.fillInBackground(() => Promise.reject(new Error('not started: one fill at a time')));
    finish({ fileNode: '100', lastId: 9, shapes: new Map([[7, rows]]) }); // read before the TRUNCATE
    await cache.pendingFill;
    expect(cache.get(7, '200')).toBeUndefined();
    expect(cache.get(7, '100')).toBeDefined();
    cache.fillInBackground(() => Promise.reject(new Error('a failed read is dropped')));
    await cache.pendingFill;
    expect(cache.pendingFill).toBeNull();
  });

  it('stays within its capacity and its file budget', () => {
    const cache = new HolderShapeCache(3, 1_000);
    for (let id = 1; id <= 10; id++) {
      cache.put(id, rows, 'n');
      cache.putFiles(id, [{ path: 'SKILL.md', hash: HASHES[0], lineCount: 100, trivialCount: 0, sequence: Buffer.alloc(400) }], 'n');
      expect(cache.size).toBeLessThanOrEqual(3);
    }
    expect(cache.filesOf(10, 'n')).toBeDefined();
    expect(cache.filesOf(9, 'n')).toBeUndefined(); // 550 bytes each: one fits
    expect(cache.get(10, 'n')).toBeDefined();
    expect(cache.get(8, 'n')).toBeDefined();
    expect(cache.get(7, 'n')).toBeUndefined(); // the oldest went first
  });

  it('caches a scan this process stored under the file node of the latest walk, and nothing before any walk', () => {
    const cache = new HolderShapeCache();
    const files = [
      { path: 'SKILL.md', hash: HASHES[0], lineCount: 3, trivialCount: 1, sequence: new Uint8Array(12) },
      { path: 'logo.bin', hash: HASHES[1], lineCount: null, trivialCount: null, sequence: null },
    ];
    cache.putStored(1, files);
    expect(cache.get(1, '100')).toBeUndefined(); // no epoch known yet
    cache.checkEpoch('100', 1);
    cache.putStored(2, files);
    const shape = cache.get(2, '100');
    expect(shape && { fileCount: shape.fileCount, paths: shape.paths, numbers: [...shape.numbers] }).toEqual({
      fileCount: 2,
      paths: ['SKILL.md', 'logo.bin'],
      numbers: [parseInt(HASHES[0].slice(0, 13), 16), 3, 1, parseInt(HASHES[1].slice(0, 13), 16), -1, -1],
    });
    expect(cache.filesOf(2, '100')).toEqual(files);
    cache.checkEpoch('200', 1); // TRUNCATE: a new file node
    expect(cache.get(2, '200')).toBeUndefined();
    expect(cache.filesOf(2, '200')).toBeUndefined();
  });
});
