import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { fingerprintOf, sha256Hex } from './fingerprint';
import {
  CandidateSummary,
  StoredFileSummary,
  lineHash,
  lineHashToInt64,
  lineHashes,
  restUpperBound,
  selectBestMatch,
  sharedLineCount,
  sharesAnything,
  summarizeScan,
  toCandidateSummary,
  upperBound,
} from './candidates';
import { EarlierScan, ScanMatch, classifyRelation, compareMatches, matchScan, relationFor } from './relation';
import { FileSide, scanSimilarity } from './similarity';
import { rng } from '../../../test/support/rng';

const text = (path: string, content: string): FileSide => ({ path, hash: sha256Hex(content), size: Buffer.byteLength(content), content });
const bin = (path: string, tag: string): FileSide => ({ path, hash: sha256Hex('bin:' + tag), size: tag.length, content: null });

describe('line hashes', () => {
  it('are the first 8 bytes of the SHA-256 of each normalised line', () => {
    expect(lineHash('')).toBe('e3b0c44298fc1c14');
    expect(lineHashes('a\r\nb\n')).toEqual([lineHash('a'), lineHash('b')]);
    expect(lineHash('a')).toBe(createHash('sha256').update('a').digest('hex').slice(0, 16));
    expect(lineHashToInt64('ffffffffffffffff')).toBe(-1n);
    expect(lineHashToInt64('7fffffffffffffff')).toBe(9223372036854775807n);
  });

  it('give the multiset intersection', () => {
    const [x] = summarizeScan([text('a', 'p\nq\nq\nr')]);
    const [y] = summarizeScan([text('a', 'q\nq\nq\np\ns')]);
    expect(sharedLineCount(x.lineHashCounts!, y.lineHashCounts!)).toBe(3);
    expect(x.lineCount).toBe(4);
  });
});

// ---- random skill families --------------------------------------------------------------

type Skill = Map<string, { lines: string[] | null; tag: string; crlf: boolean }>;

function toFiles(skill: Skill): FileSide[] {
  return [...skill].map(([path, f]) => (f.lines === null ? bin(path, f.tag) : text(path, f.lines.join(f.crlf ? '\r\n' : '\n') + (f.lines.length ? '\n' : ''))));
}

function generateFamily(seed: number, count: number): FileSide[][] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const vocab = ['', '---', '# Title', 'run the tool', 'import os', '```', 'x = 1'];
  const line = () => (r() < 0.5 ? pick(vocab) : `line ${Math.floor(r() * 40)}`);
  const paths = ['SKILL.md', 'a.py', 'b.sh', 'lib/c.py', 'data.bin', 'd.md', 'empty.txt'];
  const fresh = (): Skill => {
    const s: Skill = new Map();
    const n = 1 + Math.floor(r() * 4);
    for (let i = 0; i < n; i++) {
      const p = pick(paths);
      if (p === 'data.bin') s.set(p, { lines: null, tag: String(Math.floor(r() * 3)), crlf: false });
      else if (p === 'empty.txt') s.set(p, { lines: [], tag: '', crlf: false });
      else s.set(p, { lines: Array.from({ length: Math.floor(r() * 12) }, line), tag: '', crlf: false });
    }
    return s;
  };
  const edit = (base: Skill): Skill => {
    const s: Skill = new Map([...base].map(([p, f]) => [p, { ...f, lines: f.lines && [...f.lines] }]));
    const edits = Math.floor(r() * 4);
    for (let e = 0; e < edits; e++) {
      const keys = [...s.keys()];
      const op = r();
      const p = keys.length ? pick(keys) : 'SKILL.md';
      const f = s.get(p);
      if (op < 0.45 && f && f.lines) {
        const k = Math.floor(r() * (f.lines.length + 1));
        const kind = r();
        if (kind < 0.35) f.lines.splice(k, 0, line());
        else if (kind < 0.7) f.lines.splice(k, 1);
        else if (k < f.lines.length) f.lines[k] = line();
      } else if (op < 0.55) s.set(pick(paths), { lines: Array.from({ length: Math.floor(r() * 6) }, line), tag: '', crlf: false });
      else if (op < 0.65 && f) s.delete(p);
      else if (op < 0.75 && f) {
        s.delete(p);
        s.set(pick(paths) + '.renamed', f);
      } else if (op < 0.82) s.set('data.bin', { lines: null, tag: String(Math.floor(r() * 3)), crlf: false });
      else if (op < 0.88 && f && f.lines) f.crlf = !f.crlf;
      else if (op < 0.94 && f && f.lines) s.set(p, { lines: null, tag: 't', crlf: false }); // text → binary
    }
    return s;
  };
  const family: Skill[] = [];
  for (let i = 0; i < count; i++) {
    const u = r();
    if (family.length === 0 || u < 0.15) family.push(fresh());
    else if (u < 0.3) family.push(pick(family)); // identical resubmit
    else family.push(edit(pick(family)));
  }
  return family.map(toFiles);
}

interface Stored {
  scan: EarlierScan;
  summary: StoredFileSummary[];
}

/** The app's pipeline over an in-memory "database" of earlier scans. */
function fastClassify(current: FileSide[], store: Stored[], opts: { topK?: number } = {}) {
  const fp = fingerprintOf(current);
  const twins = store.filter((s) => s.scan.fingerprint === fp).map((s) => s.scan.scanId);
  if (twins.length) return { result: relationFor(Math.max(...twins), null), loaded: 0, best: null as ScanMatch | null };
  const cur = summarizeScan(current);
  let cands: CandidateSummary[] = store.filter((s) => sharesAnything(cur, s.summary)).map((s) => toCandidateSummary(cur, s.scan.scanId, s.summary));
  const load = (id: number, paths: string[]) => {
    const files = store.find((s) => s.scan.scanId === id)!.scan.files;
    expect(paths.length).toBeGreaterThan(0);
    return files;
  };
  let restBound: number | undefined;
  let restMayShareFile = false;
  if (opts.topK !== undefined && cands.length > opts.topK) {
    const total = (c: CandidateSummary) => c.files.reduce((n, f) => n + f.sharedLines, 0);
    const sorted = [...cands].sort((x, y) => total(y) - total(x));
    const kth = total(sorted[opts.topK - 1]);
    cands = sorted.slice(0, opts.topK);
    const curShapes = cur.map((f) => ({ path: f.path, hash: f.hash, lineCount: f.lineCount }));
    restBound = restUpperBound(curShapes, () => kth, () => true);
    restMayShareFile = true;
  }
  const sel = selectBestMatch(current, cands, load, { restBound, restMayShareFile });
  return { result: relationFor(null, sel.best), loaded: sel.loaded, best: sel.best, complete: sel.complete, candidates: cands.length };
}

describe('selectBestMatch', () => {
  it('equals the brute force over all earlier scans on random skill families (property)', () => {
    let loadedTotal = 0;
    let brutePairs = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 14 }), (seed, count) => {
        const family = generateFamily(seed, count);
        const store: Stored[] = [];
        family.forEach((files, i) => {
          const id = i + 1;
          const expected = classifyRelation({ files }, store.map((s) => s.scan));
          const fast = fastClassify(files, store);
          expect(fast.result).toEqual(expected);
          // The best match itself (not only the relation) agrees whenever it is meaningful.
          if (fast.best && (fast.best.similarity > 0 || fast.best.byteIdentical)) {
            let brute: ScanMatch | null = null;
            for (const s of store) {
              const m = matchScan(files, s.scan);
              if (!brute || compareMatches(m, brute) > 0) brute = m;
            }
            expect(fast.best).toEqual(brute);
          }
          loadedTotal += fast.loaded;
          brutePairs += store.length;
          store.push({ scan: { scanId: id, files, fingerprint: fingerprintOf(files) }, summary: summarizeScan(files) });
        });
      }),
      { numRuns: 300 },
    );
    expect(loadedTotal).toBeLessThan(brutePairs / 2);
  });

  it('with top-K truncation and a rest bound: complete results equal the brute force (property)', () => {
    let completeCount = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 2, max: 14 }), (seed, count) => {
        const family = generateFamily(seed, count);
        const store: Stored[] = [];
        family.forEach((files, i) => {
          const fast = fastClassify(files, store, { topK: 2 });
          if (fast.complete !== false) {
            completeCount++;
            expect(fast.result).toEqual(classifyRelation({ files }, store.map((s) => s.scan)));
          }
          store.push({ scan: { scanId: i + 1, files, fingerprint: fingerprintOf(files) }, summary: summarizeScan(files) });
        });
      }),
      { numRuns: 200 },
    );
    expect(completeCount).toBeGreaterThan(0);
  });

  it('never bounds below the exact similarity (property)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const [x, y] = generateFamily(seed, 2);
        const cur = summarizeScan(x);
        const bound = upperBound(cur, toCandidateSummary(cur, 1, summarizeScan(y)));
        const exact = scanSimilarity(x, y);
        expect(bound.similarity).toBeGreaterThanOrEqual(exact);
        if (bound.exact) expect(bound.similarity).toBe(exact);
      }),
      { numRuns: 500 },
    );
  });

  it('loads only candidates whose bound can still beat the best exact match', () => {
    const base = Array.from({ length: 50 }, (_, i) => `line ${i}`);
    const v = (edited: number[]) => [text('SKILL.md', base.map((l, i) => (edited.includes(i) ? `edited ${i}` : l)).join('\n')), text('a.py', 'x = 1\n')];
    const earlier = [
      { id: 1, files: v([0, 1, 2, 3, 4, 5]) }, // bound: 2·44/100 → (1 + 0.88)/2 → 94
      { id: 2, files: v([]) }, // exact: 2·49/100 → (1 + 0.98)/2 → 99
      { id: 3, files: v([7, 8]) }, // bound: 2·47/100 → 97
    ];
    const current = v([25]);
    const cur = summarizeScan(current);
    const cands = earlier.map((e) => toCandidateSummary(cur, e.id, summarizeScan(e.files)));
    const loads: Array<[number, string[]]> = [];
    const res = selectBestMatch(current, cands, (id, paths) => {
      loads.push([id, paths]);
      return earlier.find((e) => e.id === id)!.files;
    });
    expect(res.best).toEqual({ scanId: 2, similarity: 99, byteIdentical: true });
    expect(loads).toEqual([[2, ['SKILL.md']]]);
    expect(res).toMatchObject({ complete: true, loaded: 1 });
  });

  it('needs no content when no changed text file shares a line', () => {
    const current = [text('SKILL.md', 'one'), text('x.py', 'shared')];
    const cur = summarizeScan(current);
    const cand = toCandidateSummary(cur, 3, summarizeScan([text('SKILL.md', 'two'), text('x.py', 'shared')]));
    const res = selectBestMatch(current, [cand], () => {
      throw new Error('not needed');
    });
    expect(res.best).toEqual({ scanId: 3, similarity: 50, byteIdentical: true });
  });

  it('reports incomplete when dropped scans could still win', () => {
    const current = [text('SKILL.md', 'a\nb\nc')];
    const cur = summarizeScan(current);
    const cand = toCandidateSummary(cur, 1, summarizeScan([text('SKILL.md', 'x\ny\nz')]));
    expect(selectBestMatch(current, [cand], () => []).complete).toBe(true);
    expect(selectBestMatch(current, [cand], () => [], { restBound: 45 }).complete).toBe(false);
    expect(selectBestMatch(current, [cand], () => [], { restBound: 30 }).complete).toBe(true);
  });
});
