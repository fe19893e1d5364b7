import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { classifyRelation, fingerprintOf, type EarlierScan, type FileSide } from '../../src/core/lineage';
import { BACKFILL_FAMILIES_SQL, LINEAGE_BACKFILL_SQL } from '../../src/infra/database/migrations/1764000008400-lineage-postings';
import { DEFAULT_SEARCH_LIMITS, POSTED_LINES_MAX } from '../../src/core/lineage/search';
import { smallCatalogue } from '../support/skill-generator';
import { ScanClassifierService } from '../../src/modules/lineage/scan-classifier.service';
import { textScan, zipScan } from '../factories/scan-input.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';

/** Lines that no other test file writes: every fixture is unique to this run. */
const tag = randomUUID().slice(0, 8);
const uniqueLines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix} ${tag} line ${i} of the skill text`);
const doc = (lines: string[]) => lines.join('\n') + '\n';

const LINEAGE_FIELDS = ['id', 'name', 'verdict', 'riskScore', 'relation', 'similarity', 'comparedScanId', 'fingerprint', 'createdAt'].sort();
const SIDE_FIELDS = ['id', 'name', 'verdict', 'riskScore', 'fileCount', 'fingerprint', 'createdAt'].sort();
const DIFF_FIELDS = [
  'path', 'status', 'previousHash', 'currentHash', 'previousSize', 'currentSize', 'previousHasContent', 'currentHasContent', 'lineDiff',
].sort();

describe('Versions: relation, similarity, compare and lineage (e2e)', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (body: Record<string, unknown>) => (await t.http().post('/api/scans').send(body).expect(201)).body;

  describe('classification at creation', () => {
    it('classifies new, modified (exact similarity) and identical, with checkCount and comparedScan', async () => {
      const base = uniqueLines('alpha', 10);
      const first = await post(textScan(doc(base), { name: 'alpha v1' }));
      expect(first).toMatchObject({ relation: 'new', similarity: null, comparedScanId: null, checkCount: 1, comparedScan: null });

      const edited = [...base];
      edited[4] = `alpha ${tag} an edited line`;
      const second = await post(textScan(doc(edited), { name: 'alpha v2' }));
      // one file, LCS 9 of 10 + 10 lines: 2·9/20 = 0.9
      expect(second).toMatchObject({ relation: 'modified', similarity: 90, comparedScanId: first.id, checkCount: 1 });
      expect(second.comparedScan).toEqual({
        id: first.id,
        name: 'alpha v1',
        verdict: first.verdict,
        riskScore: first.riskScore,
        createdAt: first.createdAt,
      });

      const again = await post(textScan(doc(base), { name: 'alpha again' }));
      expect(again).toMatchObject({ relation: 'identical', similarity: 100, comparedScanId: first.id, checkCount: 2 });
      expect(again.fingerprint).toBe(first.fingerprint);
      expect((await t.http().get(`/api/scans/${first.id}`).expect(200)).body.checkCount).toBe(2);
    });

    it('computes multi-file similarity by the spec formula (changed, identical and added files)', async () => {
      const skill = uniqueLines('beta', 6);
      const script = uniqueLines('# beta script', 4);
      const previous = await post(zipScan({ 'SKILL.md': doc(skill), 'run.py': doc(script) }));
      const changed = [...skill];
      changed[1] = `beta ${tag} changed one`;
      changed[3] = `beta ${tag} changed two`;
      const current = await post(zipScan({ 'SKILL.md': doc(changed), 'run.py': doc(script), 'extra.md': `beta ${tag} extra\n` }));
      // union 3 paths: SKILL.md 2·4/(6+6), run.py 1, extra.md 0 → 100 · (2/3 + 1) / 3 = 55.6 → 56
      expect(current).toMatchObject({ relation: 'modified', similarity: 56, comparedScanId: previous.id });
    });

    it('rounds 39.5 up to 40 (modified) and keeps 39 below the threshold (new)', async () => {
      // 200 lines each, 79 in common in order: 2·79/400 = 0.395 → 39.5 → 40
      const shared = uniqueLines('gamma shared', 79);
      const mk = (side: string, k: number) => {
        const own = uniqueLines(`gamma ${side}`, 200 - k);
        return doc([...shared.slice(0, k), ...own]);
      };
      const a = await post(textScan(mk('a', 79)));
      const b = await post(textScan(mk('b', 79)));
      expect(b).toMatchObject({ relation: 'modified', similarity: 40, comparedScanId: a.id });
      // 78 in common: 2·78/400 = 0.39 → 39, no identical file → new
      const c = await post(textScan(mk('c', 78)));
      expect(c.relation).toBe('new');
      expect(c.similarity).toBeNull();
      expect(c.comparedScanId).toBeNull();
    });

    it('calls a scan modified when one file is byte-identical although the similarity is low', async () => {
      const helper = doc(uniqueLines('def delta_helper', 5));
      const previous = await post(zipScan({ 'SKILL.md': doc(uniqueLines('delta one', 8)), 'lib/helper.py': helper }));
      const current = await post(
        zipScan({
          'SKILL.md': doc(uniqueLines('delta two', 8)),
          'lib/helper.py': helper,
          'docs/a.md': doc(uniqueLines('delta a', 2)),
          'docs/b.md': doc(uniqueLines('delta b', 2)),
          'docs/c.md': doc(uniqueLines('delta c', 2)),
        }),
      );
      // union 5 paths, one identical file: 100 · 1/5 = 20 < 40, but a byte-identical file
      expect(current).toMatchObject({ relation: 'modified', similarity: 20, comparedScanId: previous.id });
    });

    it('classifies concurrent identical submissions consistently (each later one identical to the one before)', async () => {
      const content = doc(uniqueLines('epsilon', 12));
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => t.http().post('/api/scans').send(textScan(content, { name: `eps ${i}` }))));
      const bodies = results.map((r) => {
        expect(r.status).toBe(201);
        return r.body;
      });
      bodies.sort((x, y) => x.id - y.id);
      expect(bodies[0]).toMatchObject({ relation: 'new', comparedScanId: null, checkCount: 1 });
      for (let k = 1; k < bodies.length; k++) {
        expect(bodies[k]).toMatchObject({ relation: 'identical', similarity: 100, comparedScanId: bodies[k - 1].id, checkCount: k + 1 });
      }
      for (const b of bodies) expect((await t.http().get(`/api/scans/${b.id}`).expect(200)).body.checkCount).toBe(bodies.length);
    });

    it('concurrent near-duplicates of one base are all modified with their exact similarity', async () => {
      const base = uniqueLines('zeta', 20);
      const first = await post(textScan(doc(base)));
      const variants = Array.from({ length: 5 }, (_, i) => {
        const v = [...base];
        v[i * 3] = `zeta ${tag} variant ${i}`;
        return doc(v);
      });
      const bodies = await Promise.all(variants.map((v) => post(textScan(v))));
      for (const b of bodies) {
        // against the base: 2·19/40 = 95; against another variant: 2·18/40 = 90 → the base wins
        expect(b).toMatchObject({ relation: 'modified', similarity: 95, comparedScanId: first.id });
      }
    });

    it('equals the brute force over every stored scan on a random sequence of skill versions', async () => {
      // Tiny probe caps and chunks make the SQL store take every path of the search (frequent
      // lines and their recency fence, escalations, band and size queries, chunk boundaries).
      const classifier = t.app.get(ScanClassifierService);
      const limits = classifier.limits;
      classifier.limits = { ...DEFAULT_SEARCH_LIMITS, caps: [0, 1, 3, 1_000_000], chunk: 2, bandLimit: 1, maxProbeTokens: 4, pairCap: 2, holderPage: 1, sizeBandFrom: 0 };
      try {
        await randomSequence();
      } finally {
        classifier.limits = limits;
      }
    });

    it('among many versions that all round to 100, compares with the newest (read from the newest postings)', async () => {
      const classifier = t.app.get(ScanClassifierService);
      const limits = classifier.limits;
      classifier.limits = { ...DEFAULT_SEARCH_LIMITS, caps: [2, 1_000_000] };
      try {
        const common = uniqueLines('fence', 250);
        const ids: number[] = [];
        for (let v = 0; v < 12; v++) ids.push((await post(textScan(doc([...common, `revision ${tag} ${v}`])))).id);
        const next = await post(textScan(doc([...common, `revision ${tag} next`])));
        // 2·250/502 = 99.6 → 100 for every earlier version: the tie goes to the newest.
        expect({ relation: next.relation, similarity: next.similarity, comparedScanId: next.comparedScanId }).toEqual({
          relation: 'modified',
          similarity: 100,
          comparedScanId: ids[ids.length - 1],
        });
      } finally {
        classifier.limits = limits;
      }
    });

    async function randomSequence(): Promise<void> {
      // The shared generator's small catalogue with boilerplate: files copied verbatim across
      // families (a license, helpers, a binary logo) and near-copies of them. Binary files go in
      // as bytes with a NUL; a version left without files is skipped (an empty ZIP is refused).
      const ids: number[] = [];
      for (const sides of smallCatalogue(Number.parseInt(tag, 16), 28, { salt: ` ${tag}`, boilerplate: true })) {
        if (sides.length === 0) continue;
        const files = Object.fromEntries(sides.map((f) => [f.path, f.content ?? Buffer.from(`\u0000${f.hash}`, 'latin1')]));
        const created = await post(zipScan(files));
        ids.push(created.id);
        const earlier = await storedScans(db, created.id);
        const expected = classifyRelation({ files: earlier.get(created.id)!.files, fingerprint: created.fingerprint }, [...earlier.values()].filter((e) => e.scanId < created.id));
        expect({ id: created.id, relation: created.relation, similarity: created.similarity, comparedScanId: created.comparedScanId }).toEqual({ id: created.id, ...expected });
      }

      // Lineage equals the connected component over the stored links, also after deletions
      // (which split families) and after relabelling every family from scratch (migration backfill).
      const checkFamilies = async () => {
        for (const id of ids) {
          const got = (await t.http().get(`/api/scans/${id}/lineage`).expect(200)).body.map((e: { id: number }) => e.id);
          expect({ id, family: got }).toEqual({ id, family: await bruteForceFamily(db, id) });
        }
      };
      await checkFamilies();
      const cookie = await adminCookie(t);
      for (const victim of [ids[3], ids[10], ids[17]]) {
        await t.http().delete(`/api/scans/${victim}`).set('Cookie', cookie).expect(204);
        ids.splice(ids.indexOf(victim), 1);
      }
      await checkFamilies();
      await db.query('UPDATE scans SET family_id = NULL WHERE id = ANY($1::int[])', [ids]);
      await db.query(BACKFILL_FAMILIES_SQL);
      await checkFamilies();
    }

    it('keeps scans of one fingerprint in one family even when inserted by hand-written SQL', async () => {
      const fp = createHash('sha256').update(`omicron ${tag}`).digest('hex');
      const insert = async (compared: number | null) =>
        (
          await db.query(
            `INSERT INTO scans (name, source, status, verdict, risk_score, file_count, language, fingerprint, relation, compared_scan_id)
             VALUES ('sql', 'text', 'completed', 'pass', 0, 0, 'en', $1, NULL, $2) RETURNING id, family_id`,
            [fp, compared],
          )
        )[0] as { id: number; family_id: number };
      const a = await insert(null);
      const b = await insert(null);
      const c = await insert(null);
      expect(a.family_id).toBe(a.id);
      expect([b.family_id, c.family_id]).toEqual([a.id, a.id]);
      const ids = (await t.http().get(`/api/scans/${c.id}/lineage`).expect(200)).body.map((e: { id: number }) => e.id);
      expect(ids.sort()).toEqual([a.id, b.id, c.id].sort());
      await db.query('DELETE FROM scans WHERE id = ANY($1::int[])', [[a.id, b.id, c.id]]);
    });

    it('stores no line postings for a file above POSTED_LINES_MAX lines, and still finds it as the compared scan of its next version', async () => {
      const lines = uniqueLines('huge', POSTED_LINES_MAX + 5);
      const first = await post(textScan(doc(lines)));
      const rows = async (id: number) => (await db.query('SELECT count(*)::int AS n FROM scan_line_postings WHERE scan_id = $1', [id]))[0].n;
      expect(await rows(first.id)).toBe(0);
      const edited = [...lines];
      edited[7] = `huge ${tag} an edited line`;
      const next = await post(textScan(doc(edited)));
      // 2·(n − 1)/(2n) rounds to 100; found by its size (no postings to probe)
      expect({ relation: next.relation, similarity: next.similarity, comparedScanId: next.comparedScanId }).toEqual({ relation: 'modified', similarity: 100, comparedScanId: first.id });
      expect(await rows(next.id)).toBe(0);
    });

    it('stores what the migration backfill would compute (same line model, hash and trivial predicate)', async () => {
      const content = `---\r\nname: theta-${tag}\r\n---\r\n\r\n## Usage\n\n  }  \n\u00e9t\u00e9 ${tag}\n\n`;
      const scan = await post(zipScan({ 'SKILL.md': content, 'empty.txt': '', 'bin/tool': Buffer.from([0, 1, 2, 3, 0, 255]) }));
      const snapshot = async () => ({
        files: await db.query('SELECT path, hash, line_count, trivial_count FROM scan_file_lines WHERE scan_id = $1 ORDER BY path', [scan.id]),
        postings: await db.query('SELECT path, line_hash::text, cnt FROM scan_line_postings WHERE scan_id = $1 ORDER BY path, line_hash', [scan.id]),
      });
      const written = await snapshot();
      expect(written.files).toEqual([
        { path: 'SKILL.md', hash: expect.any(String), line_count: 9, trivial_count: 6 },
        { path: 'bin/tool', hash: expect.any(String), line_count: null, trivial_count: null },
        { path: 'empty.txt', hash: expect.any(String), line_count: 0, trivial_count: 0 },
      ]);
      await db.query('DELETE FROM scan_line_postings WHERE scan_id = $1', [scan.id]);
      await db.query('DELETE FROM scan_file_lines WHERE scan_id = $1', [scan.id]);
      for (const sql of LINEAGE_BACKFILL_SQL) await db.query(sql);
      expect(await snapshot()).toEqual(written);
    });
  });

  describe('GET /scans/{id}/compare/{otherId}', () => {
    it('answers a ScanComparison with file statuses and line diffs of modified text files only', async () => {
      const prev = await post(
        zipScan({ 'SKILL.md': `iota ${tag}\nkeep\nold line\n`, 'same.md': `iota same ${tag}\n`, 'gone.md': `gone ${tag}\n`, 'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1]) }),
      );
      const cur = await post(
        zipScan({ 'SKILL.md': `iota ${tag}\nkeep\nnew line\n`, 'same.md': `iota same ${tag}\n`, 'added.md': `added ${tag}\n`, 'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 2]) }),
      );
      const res = await t.http().get(`/api/scans/${cur.id}/compare/${prev.id}`).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['current', 'files', 'findingChanges', 'previous']);
      expect(Object.keys(res.body.current).sort()).toEqual(SIDE_FIELDS);
      expect(res.body.current).toEqual({
        id: cur.id, name: cur.name, verdict: cur.verdict, riskScore: cur.riskScore, fileCount: 4, fingerprint: cur.fingerprint, createdAt: cur.createdAt,
      });
      expect(res.body.previous.id).toBe(prev.id);
      const files = res.body.files;
      for (const f of files) expect(Object.keys(f).sort()).toEqual(DIFF_FIELDS);
      expect(files.map((f: any) => [f.path, f.status])).toEqual([
        ['SKILL.md', 'modified'], ['added.md', 'added'], ['gone.md', 'removed'], ['logo.png', 'modified'], ['same.md', 'unchanged'],
      ]);
      const skill = files[0];
      expect(skill.lineDiff).toEqual([
        { type: 'context', text: `iota ${tag}`, previousLine: 1, currentLine: 1 },
        { type: 'context', text: 'keep', previousLine: 2, currentLine: 2 },
        { type: 'remove', text: 'old line', previousLine: 3, currentLine: null },
        { type: 'add', text: 'new line', previousLine: null, currentLine: 3 },
      ]);
      expect(files[1]).toMatchObject({ previousHash: null, previousSize: null, previousHasContent: null, currentHasContent: true, lineDiff: null });
      expect(files[2]).toMatchObject({ currentHash: null, currentSize: null, currentHasContent: null, previousHasContent: true, lineDiff: null });
      expect(files[3]).toMatchObject({ previousHasContent: false, currentHasContent: false, lineDiff: null });
      expect(files[4]).toMatchObject({ lineDiff: null, previousHash: files[4].currentHash });
    });

    it('answers 404 localized when either scan is unknown, 400 for a malformed id', async () => {
      const scan = await post(textScan(doc(uniqueLines('kappa', 3))));
      expect((await t.http().get(`/api/scans/${scan.id}/compare/999999999`).expect(404)).body).toEqual({ error: 'Scan nicht gefunden.' });
      expect((await t.http().get(`/api/scans/999999999/compare/${scan.id}?lang=en`).expect(404)).body).toEqual({ error: 'Scan not found.' });
      expect((await t.http().get(`/api/scans/99999999999/compare/${scan.id}?lang=es`).expect(404)).body).toEqual({ error: 'Escaneo no encontrado.' });
      await t.http().get(`/api/scans/abc/compare/${scan.id}`).expect(400);
      await t.http().get(`/api/scans/${scan.id}/compare/0`).expect(400);
    });
  });

  describe('GET /scans/{id}/lineage', () => {
    it('returns the whole family from any member, newest first, joined by links and by fingerprints', async () => {
      const base = uniqueLines('lambda', 10);
      const v1 = await post(textScan(doc(base)));
      const v2 = await post(textScan(doc([...base, `lambda ${tag} added`])));
      const v3 = await post(textScan(doc([...base, `lambda ${tag} added`, `lambda ${tag} more`])));
      const twin = await post(textScan(doc(base)));
      const stranger = await post(textScan(doc(uniqueLines('mu', 10))));
      expect(v2.comparedScanId).toBe(v1.id);
      expect(v3.comparedScanId).toBe(v2.id);
      expect(twin).toMatchObject({ relation: 'identical', comparedScanId: v1.id });

      const expected = [twin.id, v3.id, v2.id, v1.id];
      for (const member of [v1, v2, v3, twin]) {
        const res = await t.http().get(`/api/scans/${member.id}/lineage`).expect(200);
        expect(res.body.map((e: { id: number }) => e.id)).toEqual(expected);
      }
      const [newest] = (await t.http().get(`/api/scans/${v1.id}/lineage`).expect(200)).body;
      expect(Object.keys(newest).sort()).toEqual(LINEAGE_FIELDS);
      expect(newest).toEqual({
        id: twin.id, name: twin.name, verdict: twin.verdict, riskScore: twin.riskScore, relation: 'identical', similarity: 100,
        comparedScanId: v1.id, fingerprint: twin.fingerprint, createdAt: twin.createdAt,
      });
      expect((await t.http().get(`/api/scans/${stranger.id}/lineage`).expect(200)).body.map((e: { id: number }) => e.id)).toEqual([stranger.id]);
    });

    it('answers 404 localized for an unknown scan', async () => {
      expect((await t.http().get('/api/scans/999999999/lineage?lang=en').expect(404)).body).toEqual({ error: 'Scan not found.' });
      expect((await t.http().get('/api/scans/999999999/lineage').expect(404)).body).toEqual({ error: 'Scan nicht gefunden.' });
    });
  });

  describe('deleting a scan', () => {
    it('keeps the other scans consistent: links to it become null, relation and similarity stay, the family splits', async () => {
      const cookie = await adminCookie(t);
      const base = uniqueLines('nu', 10);
      const a = await post(textScan(doc(base)));
      const b = await post(textScan(doc([...base, `nu ${tag} b`])));
      const c = await post(textScan(doc([...base, `nu ${tag} b`, `nu ${tag} c`])));
      const aTwin = await post(textScan(doc(base)));
      expect(c.comparedScanId).toBe(b.id);

      await t.http().delete(`/api/scans/${b.id}`).set('Cookie', cookie).expect(204);

      const after = (await t.http().get(`/api/scans/${c.id}`).expect(200)).body;
      expect(after).toMatchObject({ relation: 'modified', similarity: c.similarity, comparedScanId: null, comparedScan: null });
      expect((await t.http().get(`/api/scans/${c.id}/lineage`).expect(200)).body.map((e: { id: number }) => e.id)).toEqual([c.id]);
      expect((await t.http().get(`/api/scans/${a.id}/lineage`).expect(200)).body.map((e: { id: number }) => e.id)).toEqual([aTwin.id, a.id]);
      await t.http().get(`/api/scans/${c.id}/compare/${b.id}`).expect(404);
      await t.http().get(`/api/scans/${b.id}/lineage`).expect(404);
      expect(await db.query('SELECT count(*)::int AS n FROM scan_line_postings WHERE scan_id = $1', [b.id])).toEqual([{ n: 0 }]);
      expect(await db.query('SELECT count(*)::int AS n FROM scan_file_lines WHERE scan_id = $1', [b.id])).toEqual([{ n: 0 }]);

      // A new version of c is compared against what still exists.
      const d = await post(textScan(doc([...base, `nu ${tag} b`, `nu ${tag} c`, `nu ${tag} d`])));
      expect(d).toMatchObject({ relation: 'modified', comparedScanId: c.id });
      // Deleting the twin's original: the twin stays identical, checkCount drops.
      await t.http().delete(`/api/scans/${a.id}`).set('Cookie', cookie).expect(204);
      expect((await t.http().get(`/api/scans/${aTwin.id}`).expect(200)).body).toMatchObject({ relation: 'identical', comparedScanId: null, checkCount: 1 });
    });
  });
});

describe('TRUNCATE scans (e2e)', () => {
  it('clears the line postings too, so new scans reuse ids cleanly', async () => {
    const t = await createTestApp();
    try {
      const db = t.app.get(DataSource);
      await t.http().post('/api/scans').send(textScan(doc(uniqueLines('xi', 4)))).expect(201);
      await db.query('TRUNCATE scans RESTART IDENTITY CASCADE');
      expect(await db.query('SELECT count(*)::int AS n FROM scan_line_postings')).toEqual([{ n: 0 }]);
      expect(await db.query('SELECT count(*)::int AS n FROM scan_file_lines')).toEqual([{ n: 0 }]);
      const again = (await t.http().post('/api/scans').send(textScan(doc(uniqueLines('xi', 4)))).expect(201)).body;
      expect(again).toMatchObject({ id: 1, relation: 'new', checkCount: 1 });
    } finally {
      await t.close();
    }
  });

  it('classifies exactly after a TRUNCATE although the holder shapes cached before it belong to reused ids', async () => {
    // Holder pages of popular files bound their holders from a per-process cache keyed by scan
    // id (holder-shape-cache.ts); after TRUNCATE … RESTART IDENTITY the same ids hold other files.
    const t = await createTestApp();
    try {
      const db = t.app.get(DataSource);
      const classifier = t.app.get(ScanClassifierService);
      classifier.limits = { ...DEFAULT_SEARCH_LIMITS, caps: [0, 1, 3, 1_000_000], chunk: 2, bandLimit: 1, maxProbeTokens: 4, pairCap: 2, holderPage: 1, sizeBandFrom: 0 };
      const run = async (seed: number) => {
        for (const sides of smallCatalogue(seed, 24, { salt: ` ${tag}`, boilerplate: true, shareRate: 0.6 })) {
          if (sides.length === 0) continue;
          const files = Object.fromEntries(sides.map((f) => [f.path, f.content ?? Buffer.from(`\u0000${f.hash}`, 'latin1')]));
          const created = (await t.http().post('/api/scans').send(zipScan(files)).expect(201)).body;
          const earlier = await storedScans(db, created.id);
          const expected = classifyRelation({ files: earlier.get(created.id)!.files, fingerprint: created.fingerprint }, [...earlier.values()].filter((e) => e.scanId < created.id));
          expect({ seed, id: created.id, relation: created.relation, similarity: created.similarity, comparedScanId: created.comparedScanId }).toEqual({ seed, id: created.id, ...expected });
        }
      };
      await run(Number.parseInt(tag, 16) + 1);
      await db.query('TRUNCATE scans RESTART IDENTITY CASCADE');
      await run(Number.parseInt(tag, 16) + 2);
      // Pages with more than 2 uncached holders go through SQL while the cache fills in the background.
      classifier.holderShapes.coldHoldersMax = 2;
      await db.query('TRUNCATE scans RESTART IDENTITY CASCADE');
      await run(Number.parseInt(tag, 16) + 3);
      await classifier.holderShapes.pendingFill;
      await db.query('TRUNCATE scans RESTART IDENTITY CASCADE');
      await run(Number.parseInt(tag, 16) + 4);
    } finally {
      await t.close();
    }
  });
});

/** The connected component of `id` over compared_scan_id links and equal fingerprints, newest first. */
async function bruteForceFamily(db: DataSource, id: number): Promise<number[]> {
  const scans: Array<{ id: number; fp: string; cmp: number | null; created: Date }> = await db.query(
    'SELECT id, fingerprint::text AS fp, compared_scan_id AS cmp, created_at AS created FROM scans',
  );
  const byId = new Map(scans.map((s) => [s.id, s]));
  const seen = new Set<number>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const s = byId.get(queue.pop()!)!;
    const next = scans.filter((o) => o.id === s.cmp || o.cmp === s.id || (s.fp !== '' && o.fp === s.fp)).map((o) => o.id);
    for (const n of next) {
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return [...seen]
    .map((i) => byId.get(i)!)
    .sort((x, y) => y.created.getTime() - x.created.getTime() || y.id - x.id)
    .map((s) => s.id);
}

/** Every stored scan with id ≤ maxId and its files (test-only brute force input). */
async function storedScans(db: DataSource, maxId: number): Promise<Map<number, EarlierScan>> {
  const scans: Array<{ id: number; fingerprint: string }> = await db.query('SELECT id, fingerprint::text AS fingerprint FROM scans WHERE id <= $1', [maxId]);
  const files: Array<FileSide & { scan_id: number }> = await db.query(
    'SELECT scan_id, path, hash::text AS hash, size, content FROM scan_files WHERE scan_id <= $1',
    [maxId],
  );
  const out = new Map<number, EarlierScan>(scans.map((s) => [s.id, { scanId: s.id, fingerprint: s.fingerprint, files: [] as FileSide[] }]));
  for (const f of files) (out.get(f.scan_id)?.files as FileSide[] | undefined)?.push({ path: f.path, hash: f.hash, size: f.size, content: f.content });
  for (const s of out.values()) expect(fingerprintOf(s.files)).toBe(s.fingerprint);
  return out;
}
