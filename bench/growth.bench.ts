/**
 * Growth benchmark (issues 4 and 11): does classification stay flat as scans pile up?
 *
 * - Boots the real API against a fresh PostgreSQL database (DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/postgres: a temporary database is created there and
 *   dropped afterwards).
 * - Seeds 0 → 1 000 → 5 000 → 20 000 stored scans, then 100 000 (GROWTH_BENCH_SEEDED), with
 *   everything the app stores for a scan's lineage (scan_files with content, scan_file_lines,
 *   scan_line_postings, relation links), written through the repositories' row builders
 *   (scan.repository.ts, lineage.repository.ts) in bulk. The skills are a *boilerplate
 *   catalogue* (test/support/skill-generator.ts): realistic SKILL.md files with frontmatter,
 *   headings, lists and fenced examples, Python and shell scripts; about 35 % carry the same
 *   60-line LICENSE.txt and 30 % one of five shared helper scripts (byte-identical files across
 *   unrelated skills). Family sizes: mostly 1–5 versions, some up to 60; a few identical
 *   re-submissions.
 * - At each size, POST /api/scans p50/p95 for `new` (a fresh ~20 KB skill of the same catalogue:
 *   with a shared file it is `modified` by spec rule 6, else `new`), `modified` (a new version of
 *   the skill just submitted) and `identical` (the same skill again), measured in pairs against
 *   an empty database (see below); from 1 000 scans on, `modified` of a seeded family's latest
 *   version; at 20 000 and above, ingestion throughput at concurrency 4.
 * - Then a 1 000-member family (a chain of versions plus identical twins) for GET /lineage, and
 *   two ~200 KB versions of one skill for GET /compare.
 *
 * Targets: POST p50 at 20 000 scans ≤ 1.5 × p50 with an empty database, per kind; POST p95 ≤
 * 100 ms at 20 000 and ≤ 150 ms at 100 000; ingestion ≥ 40 scans/s at 20 000; lineage of a
 * 1 000-member family ≤ 50 ms p95; compare of two 200 KB skills ≤ 30 ms p95.
 *
 * Standalone: node -r @swc-node/register bench/growth.bench.ts
 * GROWTH_BENCH_SIZES=0,500 GROWTH_BENCH_SEEDED= for a quick smoke run.
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApiApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { fingerprintOf, type FileSide } from '../src/core/lineage';
import { fileLineStats } from '../src/core/lineage/search';
import { addLineageRows, emptyLineageRows, LineageRepository, type LineageRows } from '../src/modules/lineage/lineage.repository';
import { ScanClassifierService } from '../src/modules/lineage/scan-classifier.service';
import { ScanRepository, scanFileRow, type NewScan } from '../src/modules/scans/scan.repository';
import { catalogueSkill, editSkill, gen, hasBoilerplate, joinLines, makeSkill, toFiles, type Skill } from '../test/support/skill-generator';
import type { BenchRow } from './bench-row';
import { percentile, round, runStandalone, withScratchDatabase } from './bench-support';

const SIZES = (process.env.GROWTH_BENCH_SIZES ?? '0,1000,5000,20000').split(',').map(Number);
/** The seeded point after SIZES (empty: none). */
const SEEDED = (process.env.GROWTH_BENCH_SEEDED ?? '100000').split(',').filter(Boolean).map(Number);
const INGEST_FROM = 20_000;
const INGEST_SCANS = 160;
/**
 * Paired rounds per size. The new-skill latencies are bimodal (skills with a shared file search
 * their holders, the others do not) and the p50 falls where the two meet: with 30 rounds the
 * 20 000 ratio of identical code moved between 1.34 and 2.18 from run to run; 60 halve that spread.
 */
const ROUNDS = 60;
const WARMUP = 4;

const content = joinLines;
const zipBody = (skill: Skill) => ({ source: 'text', useAi: false, name: 'bench', text: content(skill.get('SKILL.md') as string[]) });

// ---- seeding ---------------------------------------------------------------------------------

interface SeedScan {
  files: FileSide[];
  relation: 'new' | 'modified' | 'identical';
  /** Index (in the seeding order) of the compared scan. */
  compared: number | null;
}

export class Seeder {
  private readonly g = gen(424242);
  private nextSeed = 1_000_000;
  /** Latest version of every seeded family with at least two versions. */
  readonly families: Array<{ skill: Skill; id: number }> = [];
  private inserted = 0;

  constructor(private readonly db: DataSource) {}

  get count(): number {
    return this.inserted;
  }

  /**
   * Seeds up to `target` scans. The posting lookup index is dropped during the load and rebuilt
   * afterwards from its own definition (one sort instead of millions of random B-tree inserts);
   * skills for the next batch are generated while the database writes the previous one.
   */
  async seedTo(target: number): Promise<void> {
    const count = target - this.inserted;
    if (count <= 0) return;
    const ids = await this.reserveIds(count);
    const indexes: Array<{ indexname: string; indexdef: string }> = await this.db.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'scan_line_postings' AND indexname <> 'scan_line_postings_pkey'`,
    );
    for (const index of indexes) await this.db.query(`DROP INDEX "${index.indexname}"`);
    let offset = 0;
    let pending: Promise<void> | null = null;
    while (offset < count) {
      const batch = this.generate(Math.min(500, count - offset));
      const batchIds = ids.slice(offset, offset + batch.length);
      for (const family of this.families) if (family.id < 0) family.id = batchIds[-family.id - 1];
      const rows = prepareRows(batch, batchIds);
      if (pending) await pending;
      pending = this.write(rows);
      offset += batch.length;
    }
    await pending;
    await this.db.transaction(async (m) => {
      await m.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const index of indexes) await m.query(index.indexdef);
    });
    this.inserted = target;
  }

  /** Inserts the given scans (indexes in place); returns their ids in order. */
  async insert(batch: readonly SeedScan[]): Promise<number[]> {
    const ids = await this.reserveIds(batch.length);
    for (let offset = 0; offset < batch.length; offset += 500) {
      const part = batch.slice(offset, offset + 500).map((scan) => ({ ...scan, compared: scan.compared === null ? null : scan.compared - offset }));
      await this.write(prepareRows(part, ids.slice(offset, offset + 500), ids.slice(0, offset)));
    }
    return ids;
  }

  private reserveIds(count: number): Promise<number[]> {
    return new ScanRepository(this.db.manager).reserveIds(count);
  }

  /** Realistic families; `compared` indexes into the batch. */
  private generate(size: number): SeedScan[] {
    const batch: SeedScan[] = [];
    while (batch.length < size) {
      const x = this.g.r();
      const versions = x < 0.6 ? 1 : x < 0.85 ? 2 + Math.floor(this.g.r() * 4) : x < 0.97 ? 6 + Math.floor(this.g.r() * 15) : 21 + Math.floor(this.g.r() * 40);
      let skill = catalogueSkill(this.nextSeed++, 3 + Math.floor(this.g.r() * 8));
      const n = Math.min(versions, size - batch.length);
      for (let v = 0; v < n; v++) {
        const twin = v > 0 && this.g.r() < 0.05;
        if (v > 0 && !twin) skill = editSkill(skill, this.nextSeed++);
        batch.push({ files: toFiles(skill), relation: v === 0 ? 'new' : twin ? 'identical' : 'modified', compared: v === 0 ? null : batch.length - 1 });
      }
      if (n > 1) this.families.push({ skill, id: -(batch.length - 1) - 1 }); // batch index, resolved by the caller
    }
    return batch;
  }

  private async write(rows: SeedRows): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(`SET LOCAL synchronous_commit = off`);
      const scans = new ScanRepository(m);
      await scans.insertScansWithIds(rows.ids, rows.scans);
      await scans.insertFiles(rows.files);
      await new LineageRepository(m).insertLineageRows(rows.lineage);
    });
  }
}

interface SeedRows {
  ids: number[];
  scans: NewScan[];
  files: unknown[][];
  lineage: LineageRows;
}

/** Rows of a batch through the repositories' row builders; `compared` indexes into the batch, or (negative) into `before`. */
function prepareRows(batch: readonly SeedScan[], ids: readonly number[], before: readonly number[] = []): SeedRows {
  const rows: SeedRows = { ids: [...ids], scans: [], files: [], lineage: emptyLineageRows() };
  batch.forEach((scan, i) => {
    const id = ids[i];
    rows.scans.push({
      name: 'seeded skill',
      description: null,
      source: 'zip',
      verdict: 'pass',
      riskScore: 0,
      fileCount: scan.files.length,
      aiUsed: false,
      aiError: null,
      language: 'en',
      counts: { critical: 0, high: 0, medium: 0, low: 0, info: 0, security: 0, privacy: 0, total: 0 },
      fingerprint: fingerprintOf(scan.files),
      relation: scan.relation,
      similarity: scan.relation === 'new' ? null : scan.relation === 'identical' ? 100 : 90,
      comparedScanId: scan.compared === null ? null : scan.compared >= 0 ? ids[scan.compared] : before[before.length + scan.compared],
    });
    for (const file of scan.files) {
      const kind = file.path.endsWith('.md') || file.path.endsWith('.txt') ? 'instruction' : 'script';
      const language = file.path.endsWith('.md') ? 'markdown' : file.path.endsWith('.py') ? 'python' : file.path.endsWith('.sh') ? 'shell' : null;
      rows.files.push(scanFileRow(id, { path: file.path, kind, language, size: file.size, hash: file.hash, content: file.content }));
    }
    addLineageRows(rows.lineage, id, scan.files.map(fileLineStats));
  });
  return rows;
}

// ---- measuring --------------------------------------------------------------------------------

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint();
  const value = await fn();
  return [Number(process.hrtime.bigint() - start) / 1e6, value];
}

interface Api {
  app: INestApplication;
  db: DataSource;
  /** `expect`: the relation (or one of the relations) the scan must get. */
  post(skill: Skill, expect: string | readonly string[]): Promise<{ id: number; relation: string }>;
  get(path: string): Promise<Response>;
}

async function startApi(url: string): Promise<Api> {
  const app = await createApiApp({ config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent' }), logger: false });
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api`;
  return {
    app,
    db: app.get(DataSource),
    async post(skill, expect) {
      const body = skill.size === 1 ? zipBody(skill) : zipOf(skill);
      const res = await fetch(`${base}/scans`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as { id: number; relation: string; error?: string };
      if (res.status !== 201) throw new Error(`POST /scans answered ${res.status}: ${json.error}`);
      if (!(typeof expect === 'string' ? [expect] : expect).includes(json.relation)) throw new Error(`expected a ${expect} scan, got ${json.relation}`);
      return json;
    },
    get: (path) => fetch(`${base}${path}`),
  };
}

const KINDS = ['new', 'modified', 'identical'] as const;

/**
 * POST latencies are measured in pairs: the same submission against the growing database and
 * against an empty one (a second app on its own scratch database, emptied before each size),
 * alternating which goes first. Machine load then hits both sides alike, so the ratio of their
 * p50s is meaningful even on a busy machine.
 */
export async function runGrowthBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const started = Date.now();
  await withScratchDatabase('growth_grown', (grownUrl) =>
    withScratchDatabase('growth_empty', async (emptyUrl) => {
      const apis: Api[] = [];
      try {
        const grown = await startApi(grownUrl);
        apis.push(grown);
        const empty = await startApi(emptyUrl);
        apis.push(empty);
        const seeder = new Seeder(grown.db);
        let seed = 1;
        const points = [...SIZES, ...SEEDED];
        for (const size of points) {
          const pointStart = rows.length;
          const t0 = Date.now();
          await seeder.seedTo(size);
          await grown.db.query('VACUUM ANALYZE');
          const seedSeconds = (Date.now() - t0) / 1000;
          await empty.db.query('TRUNCATE scans RESTART IDENTITY CASCADE');
          const times = new Map<string, { grown: number[]; empty: number[]; ratios: number[] }>();
          for (const kind of KINDS) times.set(kind, { grown: [], empty: [], ratios: [] });
          const family: number[] = [];
          for (let round = 0; round < WARMUP + ROUNDS; round++) {
            // A fresh skill of the catalogue: with a shared file it is `modified` (spec rule 6).
            const skill = catalogueSkill(seed++ * 7919 + size, 20);
            const fresh = hasBoilerplate(skill) ? ['new', 'modified'] : 'new';
            const next = editSkill(skill, seed++);
            const order = round % 2 === 0 ? [grown, empty] : [empty, grown];
            for (const [kind, submission] of [['new', skill], ['modified', next], ['identical', skill]] as const) {
              const took = new Map<Api, number>();
              for (const api of order) took.set(api, (await timed(() => api.post(submission, kind === 'new' ? fresh : kind)))[0]);
              if (round < WARMUP) continue;
              const t = times.get(kind)!;
              t.grown.push(took.get(grown)!);
              t.empty.push(took.get(empty)!);
              t.ratios.push(took.get(grown)! / took.get(empty)!);
            }
            if (seeder.families.length > 0) {
              const f = seeder.families[(round * 37) % seeder.families.length];
              const version = editSkill(f.skill, seed++);
              const [t, created] = await timed(() => grown.post(version, 'modified'));
              f.skill = version;
              f.id = created.id;
              if (round >= WARMUP) family.push(t);
            }
          }
          const stored = (await grown.db.query('SELECT count(*)::int AS n FROM scans'))[0].n as number;
          const postings = (await grown.db.query('SELECT count(*)::int AS n FROM scan_line_postings'))[0].n as number;
          rows.push({ name: `growth: ${size} seeded scans (${stored} stored, ${postings} line postings; seeding ${seedSeconds.toFixed(0)} s)`, metric: 'count', value: stored, unit: 'scans' });
          const last = size === 20_000;
          rows.push({ name: `load average (1 min) after the ${size} point`, metric: 'load', value: round(loadavg()[0]), unit: '' });
          for (const kind of KINDS) {
            const t = times.get(kind)!;
            const name = `POST /scans ${kind} (~20 KB skill) at ${size} stored scans`;
            rows.push({ name, metric: 'p50', value: round(percentile(t.grown, 50)), unit: 'ms' });
            const p95 = percentile(t.grown, 95);
            const p95Target = size === 20_000 ? 100 : size === 100_000 ? 150 : null;
            rows.push({ name, metric: 'p95', value: round(p95), unit: 'ms', ...(p95Target ? { target: `<= ${p95Target} ms`, ok: p95 <= p95Target } : {}) });
            rows.push({ name: `POST /scans ${kind} (~20 KB skill), empty database, interleaved`, metric: 'p50', value: round(percentile(t.empty, 50)), unit: 'ms' });
            const ratio = percentile(t.grown, 50) / percentile(t.empty, 50);
            rows.push({
              name: `POST /scans ${kind}: p50 at ${size} / p50 empty`,
              metric: 'ratio',
              value: round(ratio),
              unit: 'x',
              ...(last ? { target: '<= 1.5', ok: ratio <= 1.5 } : {}),
            });
            rows.push({ name: `POST /scans ${kind}: median of paired ratios at ${size}`, metric: 'ratio', value: round(percentile(t.ratios, 50)), unit: 'x' });
          }
          if (size >= INGEST_FROM) {
            // Ingestion: fresh skills, a new version of each and a re-submission, 4 requests in flight.
            const work: Array<[Skill, string | readonly string[]]> = [];
            for (let k = 0; work.length < INGEST_SCANS; k++) {
              const s0 = catalogueSkill(7_000_000 + size + k, 12);
              work.push([s0, hasBoilerplate(s0) ? ['new', 'modified'] : 'new'], [editSkill(s0, 8_000_000 + k), 'modified'], [s0, 'identical']);
            }
            let next = 0;
            const [elapsed] = await timed(() =>
              Promise.all(
                Array.from({ length: 4 }, async () => {
                  // A triple's parts may be taken by different workers and arrive in any order:
                  // every relation is fine, an error is not.
                  while (next < work.length) {
                    const [submission] = work[next++];
                    await grown.post(submission, ['new', 'modified', 'identical']);
                  }
                }),
              ),
            );
            const rate = (work.length * 1000) / elapsed;
            rows.push({
              name: `POST /scans ingestion at concurrency 4 (~12 KB skills), ${size} stored scans`,
              metric: 'throughput',
              value: round(rate, 1),
              unit: 'scans/s',
              ...(size === INGEST_FROM ? { target: '>= 40', ok: rate >= 40 } : {}),
            });
          }
          if (family.length > 0) {
            const name = `POST /scans modified, new version of a seeded family, at ${size} stored scans`;
            rows.push({ name, metric: 'p50', value: round(percentile(family, 50)), unit: 'ms' });
            rows.push({ name, metric: 'p95', value: round(percentile(family, 95)), unit: 'ms' });
          }
          // A search that ran out of its work budget stores the best match found so far: count them (the log is off here).
          const inexact = grown.app.get(ScanClassifierService).inexactSearches;
          rows.push({ name: `classifications stopped at the work budget (not exact), up to the ${size} point`, metric: 'count', value: inexact, unit: 'scans', target: '0', ok: inexact === 0 });
          // Progress (a seeded point takes minutes): the rows of this point on stderr.
          for (const row of rows.slice(pointStart)) process.stderr.write(`growth ${row.name}: ${row.metric} ${row.value} ${row.unit}\n`);
        }

        // Lineage of a 1 000-member family: a chain of versions with an identical twin every 10.
        let skill = makeSkill(99_999, 8);
        const chain: SeedScan[] = [];
        for (let v = 0; v < 1_000; v++) {
          const twin = v > 0 && v % 10 === 0;
          if (v > 0 && !twin) skill = editSkill(skill, 500_000 + v, 1);
          chain.push({ files: toFiles(skill), relation: v === 0 ? 'new' : twin ? 'identical' : 'modified', compared: v === 0 ? null : v - 1 });
        }
        const chainIds = await seeder.insert(chain);
        await grown.db.query('ANALYZE scans');
        const lineageTimes: number[] = [];
        for (let i = 0; i < 70; i++) {
          const id = chainIds[(i * 389) % chainIds.length];
          const [t, n] = await timed(async () => ((await (await grown.get(`/scans/${id}/lineage`)).json()) as unknown[]).length);
          if (n !== 1_000) throw new Error(`lineage returned ${n} members, expected 1000`);
          if (i >= 10) lineageTimes.push(t);
        }
        const lineageName = `GET /scans/{id}/lineage, 1 000-member family, ${seeder.count + 1_000}+ stored scans`;
        rows.push({ name: lineageName, metric: 'p50', value: round(percentile(lineageTimes, 50)), unit: 'ms' });
        rows.push({ name: lineageName, metric: 'p95', value: round(percentile(lineageTimes, 95)), unit: 'ms', target: '<= 50 ms', ok: percentile(lineageTimes, 95) <= 50 });

        // Compare of two ~200 KB versions of one skill (scattered edits in every file).
        const big = makeSkill(77_777, 255);
        let bigNext = big;
        for (let e = 0; e < 12; e++) bigNext = editSkill(bigNext, 880_000 + e, 4);
        const prev = await grown.post(big, 'new');
        const [tBigPost, cur] = await timed(() => grown.post(bigNext, 'modified'));
        const kb = Math.round(toFiles(bigNext).reduce((n, f) => n + f.size, 0) / 1024);
        const compareTimes: number[] = [];
        for (let i = 0; i < 60; i++) {
          const [t] = await timed(async () => {
            const res = await grown.get(`/scans/${cur.id}/compare/${prev.id}`);
            await res.arrayBuffer();
            if (res.status !== 200) throw new Error(`compare answered ${res.status}`);
          });
          if (i >= 10) compareTimes.push(t);
        }
        rows.push({ name: `POST /scans modified, ${kb} KB skill, ${seeder.count + 1_000}+ stored scans`, metric: 'single', value: round(tBigPost), unit: 'ms' });
        const compareName = `GET /scans/{id}/compare/{otherId}, two ${kb} KB skills`;
        rows.push({ name: compareName, metric: 'p50', value: round(percentile(compareTimes, 50)), unit: 'ms' });
        rows.push({ name: compareName, metric: 'p95', value: round(percentile(compareTimes, 95)), unit: 'ms', target: '<= 30 ms', ok: percentile(compareTimes, 95) <= 30 });
      } finally {
        for (const api of apis) await api.app.close();
      }
    }),
  );
  rows.push({ name: 'growth bench wall time', metric: 'total', value: Math.round((Date.now() - started) / 1000), unit: 's' });
  return rows;
}

function zipOf(skill: Skill) {
  // Multi-file skills go through the ZIP path, like real uploads.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const AdmZip = require('adm-zip');
  const zip = new AdmZip();
  for (const [path, lines] of skill) zip.addFile(path, Buffer.from(content(lines), 'utf8'));
  return { source: 'zip', useAi: false, name: 'bench', filename: 'skill.zip', contentBase64: zip.toBuffer().toString('base64') };
}

if (require.main === module) runStandalone(runGrowthBench);
