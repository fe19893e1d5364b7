/**
 * `skill-audit scan` start to exit (issue 13 target: a 50 KB skill scanned locally in < 1 s wall
 * clock including Node start-up): the built CLI (dist/cli/main.js, `npm run bench` builds first)
 * run as a child process on a ~50 KB skill folder made of real skill texts, several times.
 *
 * Standalone: npm run build && node -r @swc-node/register bench/cli.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { loadLabeledCorpus } from '../test/fixtures/skills/load-fixtures';
import type { BenchRow } from './bench-row';

const CLI = resolve(__dirname, '..', 'dist', 'cli', 'main.js');
/**
 * Preloaded into the CLI process: reports the process's CPU time (user + system, from process
 * start) on exit. On this shared machine wall clock also measures other processes' load; CPU time
 * is what the CLI itself costs.
 */
const CPU_HOOK = "process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\\ncpu-ms ${(u.user + u.system) / 1000}\\n`); });\n";
const TARGET_BYTES = 50 * 1024;
const RUNS = 9;

/** A skill folder of about 50 KB: SKILL.md plus scripts and references taken from the fixtures. */
function writeSkill(dir: string): number {
  const pool = loadLabeledCorpus().flatMap((s) => s.files).filter((f) => f.content !== null && f.content.length > 200);
  let total = 0;
  for (let i = 0; total < TARGET_BYTES && i < pool.length * 4; i++) {
    const f = pool[i % pool.length];
    const text = f.content!.slice(0, TARGET_BYTES - total);
    const path = i === 0 ? 'SKILL.md' : `${f.kind === 'script' ? 'scripts' : 'references'}/${i}-${f.path.split('/').pop()}`;
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
    total += Buffer.byteLength(text, 'utf8');
  }
  return total;
}

export async function runCliBench(): Promise<BenchRow[]> {
  if (!existsSync(CLI)) throw new Error(`${CLI} missing: run npm run build first`);
  const root = mkdtempSync(join(tmpdir(), 'skill-audit-cli-bench-'));
  try {
    const skill = join(root, 'skill');
    const bytes = writeSkill(skill);
    const hook = join(root, 'cpu-hook.js');
    writeFileSync(hook, CPU_HOOK);
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const run = spawnSync(process.execPath, ['--require', hook, CLI, 'scan', skill, '--format', 'json', '--fail-on', 'block'], { encoding: 'utf8' });
      walls.push(performance.now() - t0);
      if (run.status === 2 || run.status === null) throw new Error(`CLI failed: ${run.stderr}`);
      cpus.push(Number(/cpu-ms ([\d.]+)/.exec(run.stderr)?.[1] ?? NaN));
    }
    const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const median = p50(walls);
    const name = `cli: skill-audit scan, local, ${(bytes / 1024).toFixed(0)} KB skill folder (start-up included)`;
    return [
      { name, metric: 'wall p50', value: Math.round(median), unit: 'ms', target: '< 1000', ok: median < 1000 },
      { name, metric: `wall max of ${RUNS}`, value: Math.round(Math.max(...walls)), unit: 'ms' },
      { name, metric: 'CPU time p50 (user+sys)', value: Math.round(p50(cpus)), unit: 'ms' },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runCliBench().then((rows) => console.table(rows), (error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
