import fc from 'fast-check';
import { classifyRelation, fingerprintOf, sha256Hex, type EarlierScan, type FileSide } from '../../core/lineage';
import { DEFAULT_SEARCH_LIMITS, searchCompared, trivialBandRatio, type SearchLimits } from './candidate-search';
import { fileLineStats, isTrivialLine } from './line-stats';
import { MemoryCandidateStore } from './memory-candidate-store';
import { rng } from '../../../test/support/rng';

const text = (path: string, content: string): FileSide => ({ path, hash: sha256Hex(content), size: Buffer.byteLength(content), content });
const bin = (path: string, tag: string): FileSide => ({ path, hash: sha256Hex('bin:' + tag), size: tag.length, content: null });

/** Tiny caps and chunks: every escalation, band query and chunk boundary gets exercised. */
const TIGHT: SearchLimits = { ...DEFAULT_SEARCH_LIMITS, caps: [0, 1, 3, 1_000_000], chunk: 2, bandLimit: 1, maxProbeTokens: 4 };

type Skill = Map<string, { lines: string[] | null; tag: string; crlf: boolean }>;

function toFiles(skill: Skill): FileSide[] {
  return [...skill].map(([path, f]) =>
    f.lines === null ? bin(path, f.tag) : text(path, f.lines.join(f.crlf ? '\r\n' : '\n') + (f.lines.length ? '\n' : '')),
  );
}

/** Several interleaved families with shared boilerplate, trivial lines, binaries and empty files. */
function generateScans(seed: number, count: number): FileSide[][] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const trivial = ['', '---', '```', '}', '  ', 'fi'];
  const common = ['# Title', 'import os', 'run the tool', '## Usage', 'x = 1'];
  const line = () => {
    const x = r();
    if (x < 0.35) return pick(trivial);
    if (x < 0.55) return pick(common);
    return `line ${Math.floor(r() * 30)}`;
  };
  const paths = ['SKILL.md', 'a.py', 'b.sh', 'lib/c.py', 'data.bin', 'd.md', 'empty.txt'];
  const fresh = (): Skill => {
    const s: Skill = new Map();
    const n = 1 + Math.floor(r() * 4);
    for (let i = 0; i < n; i++) {
      const p = pick(paths);
      if (p === 'data.bin') s.set(p, { lines: null, tag: String(Math.floor(r() * 3)), crlf: false });
      else if (p === 'empty.txt') s.set(p, { lines: [], tag: '', crlf: false });
      else s.set(p, { lines: Array.from({ length: Math.floor(r() * 14) }, line), tag: '', crlf: r() < 0.1 });
    }
    return s;
  };
  const edit = (base: Skill): Skill => {
    const s: Skill = new Map([...base].map(([p, f]) => [p, { ...f, lines: f.lines && [...f.lines] }]));
    const edits = Math.floor(r() * 4);
    for (let e = 0; e < edits; e++) {
      const op = r();
      const keys = [...s.keys()];
      if (op < 0.1 && keys.length > 0) s.delete(pick(keys));
      else if (op < 0.2) s.set(pick(paths), { lines: Array.from({ length: Math.floor(r() * 6) }, line), tag: '', crlf: false });
      else if (op < 0.3 && keys.length > 0) {
        // rename
        const from = pick(keys);
        const f = s.get(from)!;
        s.delete(from);
        s.set(pick(paths), f);
      } else if (keys.length > 0) {
        const f = s.get(pick(keys))!;
        if (f.lines === null) f.tag = String(Math.floor(r() * 3));
        else if (f.lines.length === 0 || r() < 0.4) f.lines.splice(Math.floor(r() * (f.lines.length + 1)), 0, line());
        else if (r() < 0.5) f.lines[Math.floor(r() * f.lines.length)] = line();
        else f.lines.splice(Math.floor(r() * f.lines.length), 1);
      }
    }
    return s;
  };
  const heads: Skill[] = [];
  const out: FileSide[][] = [];
  for (let i = 0; i < count; i++) {
    let skill: Skill;
    if (heads.length === 0 || r() < 0.25) {
      skill = fresh();
      heads.push(skill);
    } else {
      const k = Math.floor(r() * heads.length);
      skill = r() < 0.1 ? heads[k] : edit(heads[k]);
      if (r() < 0.8) heads[k] = skill;
    }
    out.push(toFiles(skill));
  }
  return out;
}

async function checkSequence(scans: FileSide[][], limits: SearchLimits): Promise<void> {
  const store = new MemoryCandidateStore();
  const earlier: EarlierScan[] = [];
  for (let i = 0; i < scans.length; i++) {
    const files = scans[i];
    const fingerprint = fingerprintOf(files);
    const expected = classifyRelation({ files, fingerprint }, earlier);
    if (expected.relation !== 'identical') {
      const got = await searchCompared(files, store, limits);
      expect({ i, ...got.relation }).toEqual({ i, ...expected });
      expect(got.stats.exact).toBe(true);
    }
    const id = i + 1;
    store.add(id, files);
    earlier.push({ scanId: id, fingerprint, files });
  }
}

describe('searchCompared', () => {
  it('equals the brute force over all earlier scans on random skill families (tight limits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 40 }), (seed, count) =>
        checkSequence(generateScans(seed, count), TIGHT),
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 60) },
    );
  });

  it('equals the brute force with the production limits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), (seed) => checkSequence(generateScans(seed, 40), DEFAULT_SEARCH_LIMITS)),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 40) },
    );
  });

  it('finds a skill made only of trivial lines through the trivial band', async () => {
    const store = new MemoryCandidateStore();
    store.add(1, [text('SKILL.md', '---\n\n---\n\n')]);
    store.add(2, [text('SKILL.md', 'alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\n')]);
    const current = [text('SKILL.md', 'one\n---\n\n---\n\ntwo\n')];
    const got = await searchCompared(current, store, DEFAULT_SEARCH_LIMITS);
    // 2·LCS/(n+m) = 2·4/(6+4) = 0.8
    expect(got.relation).toEqual({ relation: 'modified', similarity: 80, comparedScanId: 1 });
    expect(got.stats.bandQueries).toBeGreaterThan(0);
  });

  it('reports a byte-identical file with low similarity as modified, and a higher-similarity scan wins over it', async () => {
    const store = new MemoryCandidateStore();
    const shared = text('lib/util.py', 'def helper():\n    return 42\n');
    store.add(1, [shared, text('SKILL.md', 'completely\ndifferent\nwords\n')]);
    const current = [shared, text('SKILL.md', 'a\nb\nc\n'), text('x.md', 'x\n'), text('y.md', 'y\n'), text('z.md', 'z\n')];
    // union of 5 paths, one identical file, SKILL.md shares nothing: 100 · 1/5 = 20 < 40, but byte-identical
    expect((await searchCompared(current, store)).relation).toEqual({ relation: 'modified', similarity: 20, comparedScanId: 1 });
    // A later scan without a shared file but more similar: SKILL.md 2·3/(3+4), x.md 2·1/(1+2)
    // → 100 · (6/7 + 2/3) / 5 = 30.48 → 30. It ranks above scan 1 (30 > 20) and is below 40: new.
    store.add(2, [text('SKILL.md', 'a\nb\nc\nd\n'), text('x.md', 'x\nq\n')]);
    const r = await searchCompared(current, store);
    expect(r.relation).toEqual({ relation: 'new', similarity: null, comparedScanId: null });
    expect(r.best).toEqual({ scanId: 2, similarity: 30, byteIdentical: false });
  });

  it('decides a long family of versions that all round to 100 by its newest members (recency fence)', async () => {
    const store = new MemoryCandidateStore();
    const earlier: EarlierScan[] = [];
    const version = (v: number) => [text('SKILL.md', [...Array.from({ length: 250 }, (_, i) => `step ${i} of the skill`), `revision ${v}`].join('\n') + '\n')];
    for (let v = 1; v <= 200; v++) {
      store.add(v, version(v));
      earlier.push({ scanId: v, fingerprint: fingerprintOf(version(v)), files: version(v) });
    }
    const current = version(201);
    const got = await searchCompared(current, store, { ...DEFAULT_SEARCH_LIMITS, caps: [8, 1_000_000] });
    // Every version shares 250 of 251 lines: 2·250/502 = 99.6 → 100, a tie the newest wins, and
    // nothing older can rank above 100.
    expect(got.relation).toEqual({ relation: 'modified', similarity: 100, comparedScanId: 200 });
    expect(got.relation).toEqual(classifyRelation({ files: current, fingerprint: fingerprintOf(current) }, earlier));
    // The newest 9 postings of each line plus the counts of those 9 versions: a tenth of the
    // 251 · 200 rows that reading every version would take.
    expect(got.stats.escalations).toBe(0);
    expect(got.stats.rows).toBeLessThan(251 * 20);
  });

  it('stops within the work budget on a huge shuffled pair and says the result is not exact', async () => {
    const r = rng(7);
    const lines = Array.from({ length: 40_000 }, (_, i) => `l${i % 500}`);
    const shuffled = [...lines].sort(() => r() - 0.5);
    const store = new MemoryCandidateStore();
    store.add(1, [text('SKILL.md', lines.join('\n'))]);
    const started = Date.now();
    const got = await searchCompared([text('SKILL.md', shuffled.join('\n'))], store, { ...DEFAULT_SEARCH_LIMITS, maxLcsWork: 5_000_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    // The similarity then rests on the budgeted Myers alignment: a lower bound of the LCS.
    expect(got.stats.exact).toBe(false);
  });
});

describe('trivialBandRatio', () => {
  it('is the maximum over the other file size, monotone in the trivial fraction', () => {
    // all skipped lines non-trivial: 2c/(n+c)
    expect(trivialBandRatio(0, 100, 0, 30)).toBeCloseTo(60 / 130, 10);
    // trivial lines only, any fraction: bounded by 2·cTs/(n+cTs)
    expect(trivialBandRatio(1, 100, 30, 0)).toBeCloseTo(60 / 130, 10);
    // at most 10% trivial: best m = 300 → 2·30/400
    expect(trivialBandRatio(0.1, 100, 30, 0)).toBeCloseTo(60 / 400, 10);
    let previous = 0;
    for (let rho = 0; rho <= 1; rho += 0.01) {
      const v = trivialBandRatio(rho, 80, 25, 5);
      expect(v).toBeGreaterThanOrEqual(previous - 1e-12);
      previous = v;
      // brute force over integer m
      let brute = 0;
      for (let m = 1; m <= 2000; m++) brute = Math.max(brute, (2 * Math.min(Math.min(25, rho * m) + 5, 80, m)) / (80 + m));
      expect(v).toBeGreaterThanOrEqual(brute - 1e-12);
    }
  });
});

describe('line stats', () => {
  it('counts lines, trivial lines and distinct line hashes', () => {
    const s = fileLineStats(text('a.md', '---\r\nname: x\r\n---\n\n## Usage\n\n'));
    expect(s.lineCount).toBe(6);
    expect(s.trivialCount).toBe(4);
    expect(s.tokens.map((t) => t.count).sort()).toEqual([1, 1, 2, 2]);
    expect(fileLineStats(bin('b.bin', 'x'))).toMatchObject({ lineCount: null, trivialCount: null, tokens: [] });
    expect(isTrivialLine('  }); ')).toBe(true);
    expect(isTrivialLine('abcd')).toBe(false);
    expect(isTrivialLine('\u00e9')).toBe(false);
  });
});
