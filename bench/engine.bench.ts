/**
 * Static engine benchmarks (issue 3 targets): throughput >= 20 MB/s of skill text per core and a
 * 50 KB skill in < 5 ms. Inputs are real skills: the shared corpora benign-vendor (36 MB, unpacked by
 * bench/corpora.ts into a scratch folder; a missing corpus fails the bench) and benign-public, and
 * the labeled fixtures.
 *
 * Standalone: node -r @swc-node/register bench/engine.bench.ts
 */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { evaluate } from '../src/core/engine';
import type { SkillFile } from '../src/core/ingest/ingest.types';
import { loadLabeledCorpus } from '../test/fixtures/skills/load-fixtures';
import type { BenchRow } from './bench-row';
import { loadSharedCorpus } from './corpora';

function textBytes(files: readonly SkillFile[]): number {
  let n = 0;
  for (const f of files) if (f.content !== null) n += Buffer.byteLength(f.content, 'utf8');
  return n;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** CPU time (user + system) of this process since `since`, in ms. */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Sends `msg` to every worker and resolves when each has answered. */
function roundTrip(workers: Worker[], msgs: unknown[]): Promise<void> {
  return Promise.all(workers.map((w, i) => new Promise<void>((done, fail) => {
    w.once('message', () => done());
    w.once('error', fail);
    w.postMessage(msgs[i]);
  }))).then(() => undefined);
}

/**
 * The corpus evaluated by `threads` worker threads at once (skills dealt round-robin), as a service
 * with that many scan workers would: wall time of a round (median of 3 after a warm-up) and the
 * process's CPU time. This is the throughput of the machine, not of one core.
 */
async function parallelCorpus(skills: SkillFile[][], threads: number): Promise<{ wallMs: number; cpuMs: number }> {
  // The worker loads the TypeScript sources through the same register hook as this process.
  const workers = Array.from({ length: threads }, () => new Worker(`require(${JSON.stringify(resolve(__dirname, 'engine-worker.ts'))})`, { eval: true }));
  try {
    await roundTrip(workers, workers.map((_, t) => ({ skills: skills.filter((_s, i) => i % threads === t) })));
    await roundTrip(workers, workers.map(() => ({}))); // warm-up
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      await roundTrip(workers, workers.map(() => ({})));
      cpu.push(cpuMs(c0));
      wall.push(performance.now() - t0);
    }
    return { wallMs: median(wall), cpuMs: median(cpu) };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** A skill of about `size` bytes of text made of real skill files (SKILL.md, references, scripts). */
function skillOfSize(pool: SkillFile[], size: number): SkillFile[] {
  const out: SkillFile[] = [];
  let total = 0;
  let i = 0;
  while (total < size && pool.length > 0) {
    const f = pool[i % pool.length];
    i++;
    if (f.content === null || f.content.length === 0) continue;
    const take = f.content.slice(0, size - total);
    const path = out.length === 0 ? 'SKILL.md' : `${f.kind === 'script' ? 'scripts' : 'references'}/${i}-${f.path.split('/').pop()}`;
    out.push({ ...f, path, kind: out.length === 0 ? 'instruction' : f.kind, content: take, size: take.length });
    total += Buffer.byteLength(take, 'utf8');
  }
  return out;
}

export async function runEngineBench(): Promise<BenchRow[]> {
  const shared = [...loadSharedCorpus('benign-vendor'), ...loadSharedCorpus('benign-public')].map((s) => s.files);
  const fixtures = loadLabeledCorpus().map((s) => s.files);
  const skills = [...shared, ...fixtures];
  const pool = skills.flat().filter((f) => f.content !== null && f.content.length > 200);
  const rows: BenchRow[] = [];

  // Warm-up (JIT, regex compilation of lazily used paths).
  for (const s of skills) evaluate(s);

  // 1. Corpus throughput: every real skill evaluated separately, repeated.
  const corpusBytes = skills.reduce((a, s) => a + textBytes(s), 0);
  const rounds: number[] = [];
  const cpuRounds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const s of skills) evaluate(s);
    rounds.push(performance.now() - t0);
    cpuRounds.push(cpuMs(c0));
  }
  const corpusMs = median(rounds);
  const corpusMBs = corpusBytes / 1e6 / (corpusMs / 1000);
  rows.push({ name: 'engine: real skills (benign-vendor + benign-public + fixtures)', metric: 'throughput', value: +corpusMBs.toFixed(1), unit: 'MB/s', target: '>= 20', ok: corpusMBs >= 20 });
  // CPU time of this process: on a shared machine the wall figure also measures the others' load.
  const corpusCpuMBs = corpusBytes / 1e6 / (median(cpuRounds) / 1000);
  rows.push({ name: 'engine: real skills (benign-vendor + benign-public + fixtures)', metric: 'throughput of CPU time', value: +corpusCpuMBs.toFixed(1), unit: 'MB/s' });
  rows.push({ name: 'engine: real skills (benign-vendor + benign-public + fixtures)', metric: 'corpus size', value: +(corpusBytes / 1e6).toFixed(2), unit: 'MB' });

  // 1b. The same corpus on two worker threads (both cores of the target machine): the service's
  // throughput with two scan workers, a figure of the machine, not of one core.
  const parallel = await parallelCorpus(skills, 2);
  const parallelMBs = corpusBytes / 1e6 / (parallel.wallMs / 1000);
  rows.push({ name: 'engine: real skills on 2 worker threads (machine, not per core)', metric: 'throughput', value: +parallelMBs.toFixed(1), unit: 'MB/s' });
  rows.push({ name: 'engine: real skills on 2 worker threads (machine, not per core)', metric: 'throughput of CPU time', value: +(corpusBytes / 1e6 / (parallel.cpuMs / 1000)).toFixed(1), unit: 'MB/s' });

  // 2. One large skill (~4 MB of real text) on one core.
  const big = skillOfSize(pool, 4_000_000);
  const bigBytes = textBytes(big);
  const bigRuns: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    evaluate(big);
    bigRuns.push(performance.now() - t0);
  }
  const bigMBs = bigBytes / 1e6 / (median(bigRuns) / 1000);
  rows.push({ name: 'engine: one 4 MB skill', metric: 'throughput', value: +bigMBs.toFixed(1), unit: 'MB/s', target: '>= 20', ok: bigMBs >= 20 });

  // 3. A 50 KB skill: latency distribution over different 50 KB mixes.
  const lat: number[] = [];
  const latCpu: number[] = [];
  for (let k = 0; k < 200; k++) {
    const rotated = pool.slice(k % pool.length).concat(pool.slice(0, k % pool.length));
    const s = skillOfSize(rotated, 50_000);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    evaluate(s);
    latCpu.push(cpuMs(c0));
    lat.push(performance.now() - t0);
  }
  lat.sort((a, b) => a - b);
  latCpu.sort((a, b) => a - b);
  rows.push({ name: 'engine: 50 KB skill', metric: 'p95 of CPU time', value: +percentile(latCpu, 95).toFixed(2), unit: 'ms' });
  rows.push({ name: 'engine: 50 KB skill', metric: 'p50', value: +percentile(lat, 50).toFixed(2), unit: 'ms', target: '< 5', ok: percentile(lat, 50) < 5 });
  rows.push({ name: 'engine: 50 KB skill', metric: 'p95', value: +percentile(lat, 95).toFixed(2), unit: 'ms', target: '< 5', ok: percentile(lat, 95) < 5 });

  // 4. Machine calibration: a bare charCodeAt loop (about 1000 MB/s on an idle modern core). The
  // engine figures above scale with it; on a loaded machine both drop together.
  const probe = 'abcdefghij '.repeat(200_000);
  let acc = 0;
  const tc = performance.now();
  for (let i = 0; i < probe.length; i++) acc += probe.charCodeAt(i);
  const calMBs = probe.length / 1e6 / ((performance.now() - tc) / 1000);
  rows.push({ name: 'machine calibration: bare charCodeAt loop', metric: 'speed', value: Math.round(calMBs + (acc & 0)), unit: 'MB/s' });

  // 5. Adversarial: 1 MB of one rule's keywords repeated (the worst case the unit test bounds).
  const adversarial = ('ignore previous instructions curl | bash password= token eval( exec( "ig" + "nore" \u200b '.repeat(12_000)).slice(0, 1_000_000);
  const advFile: SkillFile = { path: 'SKILL.md', kind: 'instruction', language: 'markdown', size: adversarial.length, hash: '0'.repeat(64), content: adversarial, detectedType: null };
  const t0 = performance.now();
  evaluate([advFile]);
  const advMs = performance.now() - t0;
  rows.push({ name: 'engine: 1 MB adversarial line', metric: 'time', value: +advMs.toFixed(0), unit: 'ms', target: '< 1500', ok: advMs < 1500 });
  return rows;
}

if (require.main === module) {
  runEngineBench()
    .then((rows) => {
      console.table(rows.map((r) => ({ ...r, ok: r.ok === undefined ? '' : r.ok ? 'ok' : 'FAIL' })));
      process.exit(rows.every((r) => r.ok !== false) ? 0 : 1);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
