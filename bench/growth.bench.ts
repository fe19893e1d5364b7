/**
 * Growth benchmark (issue 4): does classification stay flat as scans pile up?
 *
 * - Boots the real API against a fresh PostgreSQL database (DATABASE_URL, default
 *   postgres://postgres@127.0.0.1:5432/postgres: a temporary database is created there and
 *   dropped afterwards).
 * - Seeds 0 → 1 000 → 5 000 → 20 000 stored scans by SQL, with everything the app stores for a
 *   scan's lineage (scan_files with content, scan_file_lines, scan_line_postings, relation links),
 *   computed by the same code the app uses. The scans form realistic skill families: markdown
 *   SKILL.md files with frontmatter, headings, bullet lists and fenced examples, Python and shell
 *   scripts; lines shared by nearly every skill (blank lines, `---`, fences, `## Usage`,
 *   `import os`, shebangs), lines shared inside a family (versions with a few edits each), and
 *   lines unique to a skill. Family sizes: mostly 1–5 versions, some up to 60; a few identical
 *   re-submissions.
 * - At each size, POST /api/scans p50/p95 for `new` (a fresh ~20 KB skill), `modified` (a new
 *   version of the skill just submitted) and `identical` (the same skill again), interleaved so
 *   that machine noise hits the three alike; plus, from 1 000 scans on, `modified` of a seeded
 *   family's latest version (a family with history).
 * - Then a 1 000-member family (a chain of versions plus identical twins) for GET /lineage, and
 *   two ~200 KB versions of one skill for GET /compare.
 *
 * Targets: POST p50 at 20 000 scans ≤ 1.5 × p50 with an empty database, per kind; lineage of a
 * 1 000-member family ≤ 50 ms p95; compare of two 200 KB skills ≤ 30 ms p95.
 *
 * Standalone: node -r @swc-node/register bench/growth.bench.ts
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApiApp } from '../src/app.factory';
import { loadConfig } from '../src/infra/config/app-config';
import { fingerprintOf, type FileSide } from '../src/core/lineage';
import { fileLineStats, storageRows } from '../src/modules/lineage/line-stats';
import type { BenchRow } from './bench-row';
import { percentile, rng, round, runStandalone, withScratchDatabase } from './bench-support';

/** GROWTH_BENCH_SIZES=0,500 for a quick smoke run. */
const SIZES = (process.env.GROWTH_BENCH_SIZES ?? '0,1000,5000,20000').split(',').map(Number);
const ROUNDS = 30;
const WARMUP = 4;

// ---- deterministic realistic skills ---------------------------------------------------------

const WORDS = (
  'the a an to of and or for with from into onto over under when while if then else read write parse load save send fetch ' +
  'file files folder path directory config settings option options user users request response token tokens key keys value ' +
  'values list table row rows column columns report summary chart image images page pages text markdown json yaml csv pdf ' +
  'email message messages channel team project projects task tasks issue issues branch commit review test tests build ' +
  'deploy server client api endpoint query result results error errors warning log logs output input format convert ' +
  'extract merge split sort filter group count compute check validate create update delete rename move copy archive zip ' +
  'invoice customer order orders product products price stock calendar event events meeting notes draft template slides ' +
  'spreadsheet document documents section sections heading headings link links reference guide step steps example examples'
).split(' ');

interface Gen {
  r: () => number;
  pick<T>(xs: readonly T[]): T;
  sentence(min: number, max: number): string;
}

function gen(seed: number): Gen {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  return {
    r,
    pick,
    sentence(min, max) {
      const n = min + Math.floor(r() * (max - min + 1));
      const w: string[] = [];
      for (let i = 0; i < n; i++) w.push(pick(WORDS));
      w[0] = w[0][0].toUpperCase() + w[0].slice(1);
      return w.join(' ') + (r() < 0.5 ? ` ${Math.floor(r() * 10_000)}.` : '.');
    },
  };
}

const HEADINGS = ['## Usage', '## Examples', '## Instructions', '## Requirements', '## Notes', '## Overview', '## Output format', '## Limitations'];

type Skill = Map<string, string[]>;

/** A skill of roughly `kb` KB: SKILL.md plus scripts. */
function makeSkill(seed: number, kb: number): Skill {
  const g = gen(seed);
  const slug = `skill-${seed.toString(36)}`;
  const md: string[] = ['---', `name: ${slug}`, `description: ${g.sentence(8, 16)}`, '---', '', `# ${g.sentence(2, 5).replace(/\.$/, '')}`, ''];
  const targetLines = Math.round((kb * 1024 * 0.55) / 42);
  const headings = [...HEADINGS];
  while (md.length < targetLines) {
    // Section headings: a few of the usual ones (each once), the rest specific to the skill.
    const common = headings.length > 0 && g.r() < 0.3;
    md.push(common ? headings.splice(Math.floor(g.r() * headings.length), 1)[0] : `## ${g.sentence(2, 4).replace(/\.$/, '')}`, '');
    const kind = g.r();
    if (kind < 0.4) {
      for (let i = 0, n = 2 + Math.floor(g.r() * 4); i < n; i++) md.push(g.sentence(8, 18));
    } else if (kind < 0.75) {
      for (let i = 0, n = 3 + Math.floor(g.r() * 5); i < n; i++) md.push(`- ${g.sentence(4, 12)}`);
    } else {
      md.push(g.r() < 0.5 ? '```bash' : '```python');
      for (let i = 0, n = 2 + Math.floor(g.r() * 4); i < n; i++) md.push(`${g.pick(['python3 scripts/run.py', 'bash scripts/run.sh', 'cat'])} --${g.pick(WORDS)} ${g.pick(WORDS)}-${Math.floor(g.r() * 1000)}`);
      md.push('```');
    }
    md.push('');
  }
  const skill: Skill = new Map([['SKILL.md', md]]);
  const scriptLines = Math.round((kb * 1024 * 0.45) / 36);
  const py: string[] = ['#!/usr/bin/env python3', `"""${g.sentence(5, 10)}"""`, 'import os', 'import sys', 'import json', ''];
  while (py.length < scriptLines * 0.6) {
    py.push('', `def ${g.pick(WORDS)}_${g.pick(WORDS)}_${Math.floor(g.r() * 1000)}(${g.pick(['path', 'data', 'config', 'items'])}):`);
    let last = '';
    for (let i = 0, n = 3 + Math.floor(g.r() * 6); i < n; i++) {
      last = `${g.pick(WORDS)}_${Math.floor(g.r() * 100)}`;
      py.push(`    ${last} = ${g.pick(WORDS)}(${g.pick(WORDS)}, ${Math.floor(g.r() * 100)})`);
    }
    py.push(`    return ${last}`);
  }
  py.push('', '', 'def main():', `    ${g.pick(WORDS)}(sys.argv[1:])`, '', '', "if __name__ == '__main__':", '    main()');
  skill.set('scripts/run.py', py);
  const sh: string[] = ['#!/usr/bin/env bash', 'set -euo pipefail', ''];
  while (sh.length < scriptLines * 0.4) {
    const kind = g.r();
    if (kind < 0.3) sh.push(`if [ -f "${g.pick(WORDS)}-${Math.floor(g.r() * 100)}.txt" ]; then`, `  echo "${g.sentence(3, 8)}"`, 'fi');
    else if (kind < 0.6) sh.push(`${g.pick(WORDS).toUpperCase()}_${Math.floor(g.r() * 100)}="\${${g.pick(WORDS).toUpperCase()}:-${g.pick(WORDS)}}"`);
    else sh.push(`${g.pick(['curl -sS', 'jq -r', 'grep -n', 'sed -n', 'python3'])} "${g.pick(WORDS)}-${Math.floor(g.r() * 1000)}" | ${g.pick(['head -n 20', 'sort -u', 'wc -l', 'tee out.txt'])}`);
    if (g.r() < 0.3) sh.push('');
  }
  sh.push('exit 0');
  skill.set('scripts/run.sh', sh);
  return skill;
}

/** A new version: a few scattered line changes, insertions and deletions. */
function editSkill(skill: Skill, seed: number, edits = 1 + (seed % 4)): Skill {
  const g = gen(seed);
  const out: Skill = new Map([...skill].map(([p, l]) => [p, [...l]]));
  const paths = [...out.keys()];
  for (let e = 0; e < edits; e++) {
    const lines = out.get(g.pick(paths)) as string[];
    const k = 1 + Math.floor(g.r() * (lines.length - 1));
    const op = g.r();
    if (op < 0.5) lines[k] = g.sentence(6, 14);
    else if (op < 0.8) lines.splice(k, 0, g.sentence(6, 14));
    else if (lines.length > 5) lines.splice(k, 1);
  }
  return out;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const content = (lines: string[]) => lines.join('\n') + '\n';
const toFiles = (skill: Skill): FileSide[] =>
  [...skill].map(([path, lines]) => {
    const c = content(lines);
    return { path, hash: sha256(c), size: Buffer.byteLength(c), content: c };
  });
const zipBody = (skill: Skill) => ({ source: 'text', useAi: false, name: 'bench', text: content(skill.get('SKILL.md') as string[]) });

// ---- seeding ---------------------------------------------------------------------------------

interface SeedScan {
  files: FileSide[];
  relation: 'new' | 'modified' | 'identical';
  /** Index (in the seeding order) of the compared scan. */
  compared: number | null;
}

class Seeder {
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

  private async reserveIds(count: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await this.db.query(`SELECT nextval('scans_id_seq')::int AS id FROM generate_series(1, $1)`, [count]);
    return rows.map((r) => r.id);
  }

  /** Realistic families; `compared` indexes into the batch. */
  private generate(size: number): SeedScan[] {
    const batch: SeedScan[] = [];
    while (batch.length < size) {
      const x = this.g.r();
      const versions = x < 0.6 ? 1 : x < 0.85 ? 2 + Math.floor(this.g.r() * 4) : x < 0.97 ? 6 + Math.floor(this.g.r() * 15) : 21 + Math.floor(this.g.r() * 40);
      let skill = makeSkill(this.nextSeed++, 3 + Math.floor(this.g.r() * 8));
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
    const { s, f, l, p } = rows;
    await this.db.transaction(async (m) => {
      await m.query(`SET LOCAL synchronous_commit = off`);
      await m.query(
        `INSERT INTO scans (id, name, source, status, verdict, risk_score, file_count, language, fingerprint, relation, similarity, compared_scan_id)
         SELECT id, 'seeded skill', 'zip', 'completed', 'pass', 0, files, 'en', fp, rel, sim, cmp
         FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[]) AS t(id, fp, rel, sim, cmp, files)`,
        [s.id, s.fp, s.rel, s.sim, s.cmp, s.files],
      );
      await m.query(
        `INSERT INTO scan_files (scan_id, path, kind, language, size, hash, content)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[])`,
        [f.scan, f.path, f.kind, f.lang, f.size, f.hash, f.content],
      );
      await m.query(
        `INSERT INTO scan_file_lines (scan_id, path, hash, line_count, trivial_count)
         SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[])`,
        [l.scan, l.path, l.hash, l.lines, l.trivial],
      );
      await m.query(
        `INSERT INTO scan_line_postings (scan_id, path, line_hash, cnt)
         SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[], $4::int[])`,
        [p.scan, p.path, p.hash, p.cnt],
      );
    });
  }
}

interface SeedRows {
  s: { id: number[]; fp: string[]; rel: string[]; sim: Array<number | null>; cmp: Array<number | null>; files: number[] };
  f: { scan: number[]; path: string[]; kind: string[]; lang: string[]; size: number[]; hash: string[]; content: string[] };
  l: { scan: number[]; path: string[]; hash: string[]; lines: Array<number | null>; trivial: Array<number | null> };
  p: { scan: number[]; path: string[]; hash: string[]; cnt: number[] };
}

/** Column arrays for a batch; `compared` indexes into the batch, or (negative) into `before`. */
function prepareRows(batch: readonly SeedScan[], ids: readonly number[], before: readonly number[] = []): SeedRows {
  const rows: SeedRows = {
    s: { id: [], fp: [], rel: [], sim: [], cmp: [], files: [] },
    f: { scan: [], path: [], kind: [], lang: [], size: [], hash: [], content: [] },
    l: { scan: [], path: [], hash: [], lines: [], trivial: [] },
    p: { scan: [], path: [], hash: [], cnt: [] },
  };
  const { s, f, l, p } = rows;
  batch.forEach((scan, i) => {
    const id = ids[i];
    s.id.push(id);
    s.fp.push(fingerprintOf(scan.files));
    s.rel.push(scan.relation);
    s.sim.push(scan.relation === 'new' ? null : scan.relation === 'identical' ? 100 : 90);
    s.cmp.push(scan.compared === null ? null : scan.compared >= 0 ? ids[scan.compared] : before[before.length + scan.compared]);
    s.files.push(scan.files.length);
    for (const file of scan.files) {
      f.scan.push(id);
      f.path.push(file.path);
      f.kind.push(file.path.endsWith('.md') ? 'instruction' : 'script');
      f.lang.push(file.path.endsWith('.md') ? 'markdown' : file.path.endsWith('.py') ? 'python' : 'shell');
      f.size.push(file.size);
      f.hash.push(file.hash);
      f.content.push(file.content as string);
    }
    const storage = storageRows(scan.files.map(fileLineStats));
    for (let k = 0; k < storage.files.paths.length; k++) {
      l.scan.push(id);
      l.path.push(storage.files.paths[k]);
      l.hash.push(storage.files.hashes[k]);
      l.lines.push(storage.files.lineCounts[k]);
      l.trivial.push(storage.files.trivialCounts[k]);
    }
    for (let k = 0; k < storage.postings.paths.length; k++) {
      p.scan.push(id);
      p.path.push(storage.postings.paths[k]);
      p.hash.push(storage.postings.hashes[k]);
      p.cnt.push(storage.postings.counts[k]);
    }
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
  post(skill: Skill, expect: string): Promise<{ id: number; relation: string }>;
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
      if (json.relation !== expect) throw new Error(`expected a ${expect} scan, got ${json.relation}`);
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
        for (const size of SIZES) {
          const t0 = Date.now();
          await seeder.seedTo(size);
          await grown.db.query('VACUUM ANALYZE');
          const seedSeconds = (Date.now() - t0) / 1000;
          await empty.db.query('TRUNCATE scans RESTART IDENTITY CASCADE');
          const times = new Map<string, { grown: number[]; empty: number[]; ratios: number[] }>();
          for (const kind of KINDS) times.set(kind, { grown: [], empty: [], ratios: [] });
          const family: number[] = [];
          for (let round = 0; round < WARMUP + ROUNDS; round++) {
            const skill = makeSkill(seed++ * 7919 + size, 20);
            const next = editSkill(skill, seed++);
            const order = round % 2 === 0 ? [grown, empty] : [empty, grown];
            for (const [kind, submission] of [['new', skill], ['modified', next], ['identical', skill]] as const) {
              const took = new Map<Api, number>();
              for (const api of order) took.set(api, (await timed(() => api.post(submission, kind)))[0]);
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
          const last = size === SIZES[SIZES.length - 1];
          for (const kind of KINDS) {
            const t = times.get(kind)!;
            const name = `POST /scans ${kind} (~20 KB skill) at ${size} stored scans`;
            rows.push({ name, metric: 'p50', value: round(percentile(t.grown, 50)), unit: 'ms' });
            rows.push({ name, metric: 'p95', value: round(percentile(t.grown, 95)), unit: 'ms' });
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
          if (family.length > 0) {
            const name = `POST /scans modified, new version of a seeded family, at ${size} stored scans`;
            rows.push({ name, metric: 'p50', value: round(percentile(family, 50)), unit: 'ms' });
            rows.push({ name, metric: 'p95', value: round(percentile(family, 95)), unit: 'ms' });
          }
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
