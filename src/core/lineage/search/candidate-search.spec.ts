import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { binaryFile, catalogueSkill, editSkill, smallCatalogue, textFile, toFiles, type Skill } from '../../../../test/support/skill-generator';
import { fingerprintOf } from '../fingerprint';
import { classifyRelation, type EarlierScan } from '../relation';
import { scanSimilarity, type FileSide } from '../similarity';
import { rng } from '../../../../test/support/rng';
import { holderShapeBound, trivialBandRatio } from './bounds';
import { DEFAULT_SEARCH_LIMITS, searchCompared, type SearchLimits } from './candidate-search';
import { fileLineStats, isTrivialLine, lineHash, lineHashToInt64 } from './line-stats';
import { MemoryCandidateStore, type SequenceMode } from './memory-candidate-store';

const text = textFile;
const bin = binaryFile;

/** Tiny caps and chunks: every escalation, band query and chunk boundary gets exercised. */
const TIGHT: SearchLimits = {
  ...DEFAULT_SEARCH_LIMITS,
  caps: [0, 1, 3, 1_000_000],
  chunk: 2,
  bandLimit: 1,
  maxProbeTokens: 4,
  pairCap: 2,
  holderPage: 1,
  sizeBandFrom: 0,
};

async function checkSequence(
  scans: FileSide[][],
  limits: SearchLimits,
  sequences: (id: number) => SequenceMode = () => 'stored',
  setup: (store: MemoryCandidateStore) => void = () => undefined,
): Promise<void> {
  const store = new MemoryCandidateStore(limits.postedLinesMax);
  setup(store);
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
    store.add(id, files, sequences(id));
    earlier.push({ scanId: id, fingerprint, files });
  }
}

/**
 * checkSequence over generated boilerplate catalogues (2 to `maxScans` scans, a generated share
 * of identical files) under generated `limits` on top of TIGHT with a band limit of 2.
 */
async function checkBoilerplateCatalogues(
  limits: fc.Arbitrary<Partial<SearchLimits>>,
  opts: { maxScans: number; shareRate: [number, number]; seed: number },
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.integer({ min: 2, max: opts.maxScans }),
      fc.double({ min: opts.shareRate[0], max: opts.shareRate[1], noNaN: true }),
      limits,
      (seed, count, shareRate, l) => checkSequence(smallCatalogue(seed, count, { boilerplate: true, shareRate }), { ...TIGHT, bandLimit: 2, ...l }),
    ),
    { numRuns: 150, seed: opts.seed },
  );
}

const SEQUENCE_MODES: readonly SequenceMode[] = ['stored', 'none'];

describe('searchCompared', () => {
  it('equals the brute force over all earlier scans on random skill families (tight limits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 40 }), (seed, count) =>
        checkSequence(smallCatalogue(seed, count), TIGHT),
      ),
      { numRuns: 60, seed: 11_26 },
    );
  });

  it('equals the brute force with the production limits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), (seed) => checkSequence(smallCatalogue(seed, 40), DEFAULT_SEARCH_LIMITS)),
      { numRuns: 40, seed: 11_26 },
    );
  });

  it('equals the brute force on boilerplate-heavy catalogues: files shared verbatim across families, and near-copies (tight limits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 40 }), (seed, count) =>
        checkSequence(smallCatalogue(seed, count, { boilerplate: true }), TIGHT),
      ),
      { numRuns: 60, seed: 11_26 },
    );
  });

  it('equals the brute force on boilerplate-heavy catalogues with the production limits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), (seed) => checkSequence(smallCatalogue(seed, 60, { boilerplate: true }), DEFAULT_SEARCH_LIMITS)),
      { numRuns: 30, seed: 11_26 },
    );
  });

  it('equals the brute force whether line sequences are stored or not (rows written before them), scan by scan (tight and production limits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 2, max: 40 }), fc.boolean(), (seed, count, tight) => {
        const r = rng(seed ^ 0x2f);
        const modes = new Map<number, SequenceMode>();
        const mode = (id: number) => modes.get(id) ?? (modes.set(id, SEQUENCE_MODES[Math.floor(r() * 2)]), modes.get(id) as SequenceMode);
        return checkSequence(smallCatalogue(seed, count, { boilerplate: true }), tight ? TIGHT : DEFAULT_SEARCH_LIMITS, mode);
      }),
      { numRuns: 80, seed: 11_26 },
    );
  });

  it('bounds candidates by their stored line keys and reads the content only of those that still matter; a key collision only raises the bound', async () => {
    // Distinct lines whose keys (first 4 bytes of the SHA-256) collide: found by a birthday search.
    const [x, y] = ['line 30433', 'line 66415'];
    expect(lineHash(x).slice(0, 8)).toBe(lineHash(y).slice(0, 8));
    const own = Array.from({ length: 9 }, (_, k) => `own line ${k}`);
    const skill = (lines: string[]) => [text('SKILL.md', lines.join('\n') + '\n')];
    const current = skill([...own, x]);
    const scans = [
      skill([...own, y]), // keys say identical (100), lines 90
      skill([...own, x, 'one more']), // 95: the compared scan
      ...Array.from({ length: 6 }, (_, k) => skill([...own.slice(0, 5), `far ${k}`, `away ${k}`])), // keys and lines 53
    ];
    // Cap 2: the lines of `own` that all 8 scans have stay unprobed, so the 4 scans sharing more
    // than them are counted (by their keys) before their content can decide.
    const limits = { ...DEFAULT_SEARCH_LIMITS, caps: [2, 1_000_000] };
    await checkSequence([...scans, current], limits);
    const search = async (sequences: SequenceMode) => {
      const store = new MemoryCandidateStore();
      scans.forEach((files, i) => store.add(i + 1, files, sequences));
      const got = await searchCompared(current, store, limits);
      return { relation: got.relation, keyed: got.stats.keyed, contentLoads: got.stats.contentLoads };
    };
    const relation = { relation: 'modified', similarity: 95, comparedScanId: 2 };
    // With keys the colliding scan's bound is 100, so its content is read as well as the best's;
    // without them its postings count (64-bit line hashes) settles it.
    expect(await search('stored')).toEqual({ relation, keyed: 4, contentLoads: 2 });
    expect(await search('none')).toEqual({ relation, keyed: 0, contentLoads: 1 });
  });

  // Found by a random seed: scan 2 became a candidate through a shared line before the holder
  // page of lib/h.sh named it, so neither its loose key nor the group bound said it may hold the
  // file byte for byte; it was dropped as unable to reach 40 and the answer was `new`.
  it('finds a byte-identical holder that was a candidate before its holder page was read (catalogue seed 987177, 3 scans, tight limits)', async () => {
    await checkSequence(smallCatalogue(987177, 3, { boilerplate: true }), TIGHT);
  });

  it('equals the brute force when holders of identical files lie beyond the first pages (generated pair caps, holder pages and probe caps)', async () => {
    const limits = fc.record({
      pairCap: fc.integer({ min: 0, max: 3 }),
      holderPage: fc.integer({ min: 1, max: 3 }),
      chunk: fc.integer({ min: 1, max: 4 }),
      caps: fc.constantFrom([0, 1, 3, 1_000_000], [1, 2, 1_000_000], [0, 1_000_000], [2, 8, 64]),
      // Files above this many lines store no postings (known by their size only).
      postedLinesMax: fc.constantFrom(2, 5, 8, 20_000),
    });
    await checkBoilerplateCatalogues(limits, { maxScans: 30, shareRate: [0.3, 0.8], seed: 11_26 });
  });

  it('equals the brute force when the holder walk says which candidates hold no popular file, also from a partial walk of the newest holders (generated walk limits)', async () => {
    // A candidate the walk covers and does not list, and no variant, has no file at the pair's
    // path: its loose key drops that path. holderWalk 0 skips the walk; 1–3 walk the newest only.
    const limits = fc.record({
      holderWalk: fc.constantFrom(0, 1, 2, 3, 262_144),
      smallPairWalk: fc.constantFrom(0, 1, 3, 2_048),
      pairCap: fc.integer({ min: 0, max: 3 }),
      holderPage: fc.integer({ min: 1, max: 3 }),
      chunk: fc.integer({ min: 1, max: 4 }),
      caps: fc.constantFrom([0, 1, 3, 1_000_000], [2, 8, 1_000_000], [2, 8, 64]),
    });
    await checkBoilerplateCatalogues(limits, { maxScans: 40, shareRate: [0.2, 0.9], seed: 11_30 });
  });

  it('shapes fewer loose candidates once the holder walk has told the non-holders of a popular file (growth bench catalogue)', async () => {
    const scans: FileSide[][] = [];
    const r = rng(4242);
    for (let i = 0; i < 80; i++) scans.push(toFiles(catalogueSkill(777 * 64 + i, 1 + Math.floor(r() * 2), { license: 0.5, helper: 0.3 })));
    const limits = { ...DEFAULT_SEARCH_LIMITS, caps: [2, 8, 1_000_000], pairCap: 1, holderPage: 1, chunk: 4 };
    const shaped = async (holderWalk: number) => {
      const store = new MemoryCandidateStore(limits.postedLinesMax);
      let total = 0;
      for (let i = 0; i < scans.length; i++) {
        total += (await searchCompared(scans[i], store, { ...limits, holderWalk })).stats.shaped;
        store.add(i + 1, scans[i]);
      }
      return total;
    };
    expect(await shaped(DEFAULT_SEARCH_LIMITS.holderWalk)).toBeLessThan(await shaped(0)); // 1 454 against 1 781
  });

  it('decides holders of popular files exactly at 40 by their file counts, the newest of a tie winning, without reading a line', async () => {
    const license = text('LICENSE.txt', 'MIT License\n\nPermission is hereby granted\n');
    const helper = text('scripts/lib/log.sh', '#!/bin/sh\nlog() { echo "$1"; }\n');
    const own = (tag: string) => ['a.md', 'b.md', 'c.md'].map((path) => text(path, `${tag} ${path} only\n`));
    const store = new MemoryCandidateStore();
    const earlier: EarlierScan[] = [];
    const add = (id: number, files: FileSide[]) => {
      store.add(id, files);
      earlier.push({ scanId: id, fingerprint: fingerprintOf(files), files });
    };
    // 2 identical files of a union of 5 paths: exactly 40 for every holder with the same three
    // other paths; a holder with a sixth file gets 2/6 → 33.
    for (let id = 1; id <= 40; id++) add(id, [license, helper, ...own(`scan ${id}`), ...(id % 3 === 0 ? [text('extra.md', `x ${id}\n`)] : [])]);
    const current = [license, helper, ...own('current')];
    const got = await searchCompared(current, store, DEFAULT_SEARCH_LIMITS);
    expect(got.relation).toEqual({ relation: 'modified', similarity: 40, comparedScanId: 40 });
    expect(got.relation).toEqual(classifyRelation({ files: current }, earlier));
    expect(got.stats.contentLoads).toBe(0);
    // Holders below the newest one at 40 cannot beat it: one round trip of counts (4 candidates).
    expect(got.stats.holders).toBe(40);
    expect(got.stats.counted).toBeLessThanOrEqual(4);
  });

  it('equals the brute force on catalogues where most scans hold the same files (the store filters holder pages by their bound)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 20, max: 70 }),
        fc.double({ min: 0.6, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 4 }),
        (seed, count, shareRate, holderPage) =>
          checkSequence(smallCatalogue(seed, count, { boilerplate: true, shareRate }), { ...DEFAULT_SEARCH_LIMITS, caps: [2, 4, 1_000_000], pairCap: 1, holderPage }),
      ),
      { numRuns: 40, seed: 11_27 },
    );
  });

  it('equals the brute force whatever the store claims to know of frequent lines (a memo naming any lines, stale or right)', async () => {
    // knownFrequent names a generated share of the lines asked about, whatever their postings:
    // a skipped line may only loosen bounds, never change the relation.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), async (seed, share, tight) => {
        const named = (hash: string) => createHash('sha256').update(`${seed}:${hash}`).digest()[0] % 4 < share;
        const memo = (store: MemoryCandidateStore) => {
          store.knownFrequent = (tokens) => tokens.filter((t) => named(t.hash));
        };
        const limits = tight ? TIGHT : { ...DEFAULT_SEARCH_LIMITS, caps: [2, 8, 1_000_000], pairCap: 1, holderPage: 2 };
        await checkSequence(smallCatalogue(seed, 30, { boilerplate: true }), limits, () => 'stored', memo);
      }),
      { numRuns: 40, seed: 11_27 },
    );
  });

  it('equals the brute force on the growth bench catalogue itself: its 60-line LICENSE and five helpers held by most skills, holders near 40 and tied (small holder pages)', async () => {
    // The generator of bench/growth.bench.ts at 1–2 KB: unrelated skills that share the LICENSE
    // and a helper score 35–45 % through it and their blank lines, fences and imports, densely —
    // the case whose holders the store filters by their shaped bound.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 3 }), async (seed, holderPage) => {
        const r = rng(seed);
        const scans: FileSide[][] = [];
        let skill: Skill | null = null;
        for (let i = 0; i < 45; i++) {
          skill = skill && r() < 0.3 ? editSkill(skill, seed + i) : catalogueSkill(seed * 64 + i, 1 + Math.floor(r() * 2), { license: 0.7, helper: 0.5 });
          scans.push(toFiles(skill));
        }
        await checkSequence(scans, { ...DEFAULT_SEARCH_LIMITS, caps: [2, 8, 1_000_000], pairCap: 1, holderPage });
      }),
      { numRuns: 6, seed: 11_29 },
    );
  });

  it('filters holders by a bound that is never below their exact similarity (ties and exactly 40 kept)', async () => {
    // The store-side holder filter (holderShapeBound, also in SQL) with nothing probed: every line
    // of C counts as skipped. Its rounded bound must reach every holder's exact similarity.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 1_000_000 }), async (seed) => {
        const scans = smallCatalogue(seed, 40, { boilerplate: true, shareRate: 0.8 });
        const current = scans[scans.length - 1];
        const stats = current.map(fileLineStats);
        const paths = stats.map((f) => {
          let trivial = 0;
          let other = 0;
          for (const t of f.tokens) {
            if (t.trivial) trivial += t.count;
            else other += t.count;
          }
          return { path: f.path, hash: f.hash, text: (f.lineCount ?? 0) > 0, lines: f.lineCount ?? 0, skippedTrivial: trivial, skippedOther: other };
        });
        const store = new MemoryCandidateStore();
        scans.slice(0, -1).forEach((files, i) => store.add(i + 1, files));
        for (const pair of current.filter((f) => f.content !== '')) {
          for (const [minSimilarity, olderThan] of [[0, undefined], [40, undefined], [60, undefined], [40, 10], [60, 20]]) {
            const filter = { paths, postedLinesMax: DEFAULT_SEARCH_LIMITS.postedLinesMax, minSimilarity: minSimilarity as number, olderThan, keep: [] };
            const all = await store.holders(pair, Infinity, 1_000, current.map((f) => f.path), null);
            const kept = new Set((await store.holders(pair, Infinity, 1_000, current.map((f) => f.path), filter)).holders.map((h) => h.scanId));
            for (const h of all.holders) {
              const exact = scanSimilarity(current, scans[h.scanId - 1]);
              expect(holderShapeBound(paths, filter.postedLinesMax, h) + 1e-9).toBeGreaterThanOrEqual(exact - 0.5);
              // Below olderThan a holder ties only by losing: it must round above minSimilarity.
              const needed = (minSimilarity as number) + (olderThan !== undefined && h.scanId < olderThan ? 1 : 0);
              if (exact >= needed) expect({ id: h.scanId, kept: kept.has(h.scanId) }).toEqual({ id: h.scanId, kept: true });
            }
          }
        }
      }),
      { numRuns: 60, seed: 11_28 },
    );
  });

  it('skips the holders of a popular file when a real predecessor already ranks above all of them', async () => {
    const license = text('LICENSE.txt', 'MIT License\n\nPermission is hereby granted\n');
    const skill = (rev: number) => text('SKILL.md', [...Array.from({ length: 30 }, (_, i) => `step ${i} of the deploy skill`), `revision ${rev}`].join('\n') + '\n');
    const store = new MemoryCandidateStore();
    for (let id = 1; id <= 50; id++) store.add(id, [license, text('SKILL.md', `unrelated skill ${id}\n`)]);
    store.add(51, [license, skill(1)]);
    const got = await searchCompared([license, skill(2)], store, DEFAULT_SEARCH_LIMITS);
    // 1 + 2·30/62 over 2 paths: 98.4 → 98
    expect(got.relation).toEqual({ relation: 'modified', similarity: 98, comparedScanId: 51 });
    expect(got.stats.holders).toBe(0);
  });

  it('decides a paste of 130 000 distinct lines by the few stored files of comparable size (size band), not by probing every line, also against a huge stored file without postings', async () => {
    const lines = Array.from({ length: 130_000 }, (_, i) => `distinct line ${i}`);
    const store = new MemoryCandidateStore();
    store.add(1, [text('SKILL.md', lines.slice(0, 1_000).join('\n') + '\n')]);
    store.add(2, [text('SKILL.md', [...lines.slice(0, 90_000), 'an edit'].join('\n') + '\n')]);
    let probed = 0;
    const probeTokens = store.probeTokens.bind(store);
    store.probeTokens = (tokens, cap) => ((probed += tokens.length), probeTokens(tokens, cap));
    const got = await searchCompared([text('SKILL.md', lines.join('\n') + '\n')], store, DEFAULT_SEARCH_LIMITS);
    // scan 2 (90 001 lines: no postings): 2·90 000/(130 000 + 90 001) = 81.8 %; scan 1 (1.5 %)
    // is below the size band.
    expect(got.relation).toEqual({ relation: 'modified', similarity: 82, comparedScanId: 2 });
    expect(got.stats.exact).toBe(true);
    expect(probed).toBeLessThanOrEqual(DEFAULT_SEARCH_LIMITS.maxProbeTokens);
  });

  it('lists a large trivial band rather than read the postings of lines every skill has, when those would cost far more rows', async () => {
    // 300 unrelated skills: the same 3 header lines, half their lines blank, 12 lines of their own.
    // C shares at most the header and 6 blanks with each (2·9/60 = 30 %), but until the scans with
    // many blank lines are known its bound stays above 40: the band (300 scans) is cheaper than
    // the header lines' postings at the last cap.
    const header = ['#!/bin/sh', 'set -e', 'exit 0'];
    const skill = (tag: string, blanks: number, own: number) =>
      text('run.sh', [...header, ...Array.from({ length: blanks }, () => ''), ...Array.from({ length: own }, (_, i) => `${tag} step ${i}`)].join('\n') + '\n');
    const store = new MemoryCandidateStore();
    const earlier: EarlierScan[] = [];
    for (let id = 1; id <= 300; id++) {
      const files = [skill(`skill ${id}`, 15, 12)];
      store.add(id, files);
      earlier.push({ scanId: id, fingerprint: fingerprintOf(files), files });
    }
    const current = [skill('current', 6, 21)];
    const limits: SearchLimits = { ...DEFAULT_SEARCH_LIMITS, caps: [2, 4, 100_000], bandLimit: 2 };
    const got = await searchCompared(current, store, limits);
    expect(got.relation).toEqual(classifyRelation({ files: current, fingerprint: fingerprintOf(current) }, earlier));
    expect(got.relation.relation).toBe('new');
    expect(got.stats.exact).toBe(true);
    // Reading the header lines' postings to their end costs 3 · 300 rows (928 in all before); the
    // band lists the 300 scans once (621 in all).
    expect(got.stats.rows).toBeLessThan(700);
    expect(got.stats.bandQueries).toBeGreaterThan(0);
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

  it('probes no line first with maxProbeTokens 0 and still equals the brute force (random and boilerplate catalogues)', async () => {
    const none: SearchLimits = { ...DEFAULT_SEARCH_LIMITS, maxProbeTokens: 0 };
    const tightNone: SearchLimits = { ...TIGHT, maxProbeTokens: 0 };
    for (const seed of [3, 41, 977]) {
      await checkSequence(smallCatalogue(seed, 25), none);
      await checkSequence(smallCatalogue(seed, 25, { boilerplate: true }), tightNone);
    }
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
  it('with a size limit is the maximum over the other file sizes up to it', () => {
    const h = (m: number) => (2 * Math.min(Math.min(25, 0.3 * m) + 5, 80, m)) / (80 + m);
    let previous = 0;
    for (const maxLines of [1, 7, 16.5, 40, 95, 130, 600]) {
      // an upper bound over every size up to the limit, and tight (a fine grid of sizes reaches it)
      let brute = 0;
      for (let m = 0.01; m <= maxLines + 1e-9; m += 0.01) brute = Math.max(brute, h(m));
      const bound = trivialBandRatio(0.3, 80, 25, 5, maxLines);
      expect(bound).toBeGreaterThanOrEqual(brute - 1e-12);
      expect(bound).toBeLessThan(brute + 1e-3);
      expect(bound).toBeGreaterThanOrEqual(previous);
      previous = bound;
    }
    expect(trivialBandRatio(0.3, 80, 25, 5, 1e9)).toBe(trivialBandRatio(0.3, 80, 25, 5));
    // 130 000 lines, all of them shareable, stored files below 1 000 lines: 2·999/130 999
    expect(trivialBandRatio(1, 130_000, 0, 130_000, 999)).toBeCloseTo(1998 / 130_999, 10);
  });

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
  it('hash lines as the first 8 bytes of their SHA-256, as signed 64-bit integers', () => {
    expect(lineHash('')).toBe('e3b0c44298fc1c14');
    expect(lineHash('a')).toBe(createHash('sha256').update('a').digest('hex').slice(0, 16));
    expect(lineHashToInt64('ffffffffffffffff')).toBe(-1n);
    expect(lineHashToInt64('7fffffffffffffff')).toBe(9223372036854775807n);
  });

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
