/**
 * A/B timing of the static engine on a shared machine: this checkout's evaluate() and another
 * checkout's (`--base /path/to/checkout`, e.g. main) load side by side in one process and evaluate
 * the same corpus in alternating rounds, so both see the same load. Prints the CPU time of each
 * round and the median per side, and checks that both give the same results.
 *
 * Run: node -r @swc-node/register bench/engine-ab.ts --base /work/main [--corpus benign-vendor] [--rounds 5]
 */
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import type { SkillFile } from '../src/core/ingest/ingest.types';
import { evaluate } from '../src/core/engine';
import { loadSharedCorpus, type SharedCorpusName } from './corpora';

type Evaluate = (files: readonly SkillFile[]) => unknown;

function cpuMs(c0: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  const args = process.argv.slice(2);
  const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const base = opt('--base');
  if (!base) throw new Error('--base <checkout> is required');
  const corpus = (opt('--corpus') ?? 'benign-vendor') as SharedCorpusName;
  const rounds = Math.max(1, Number(opt('--rounds') ?? 5));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const baseEvaluate = (require(resolve(base, 'src/core/engine')) as { evaluate: Evaluate }).evaluate;
  const skills = loadSharedCorpus(corpus).map((s) => s.files);
  const mb = skills.reduce((a, s) => a + s.reduce((b, f) => b + (f.content === null ? 0 : Buffer.byteLength(f.content, 'utf8')), 0), 0) / 1e6;
  let differ = 0;
  for (const s of skills) if (JSON.stringify(evaluate(s)) !== JSON.stringify(baseEvaluate(s))) differ++;
  const sides: Array<[string, Evaluate, number[]]> = [
    ['base', baseEvaluate, []],
    ['this', evaluate, []],
  ];
  for (let r = 0; r < rounds; r++) {
    for (const [, fn, times] of r % 2 === 0 ? sides : [...sides].reverse()) {
      const c0 = process.cpuUsage();
      for (const s of skills) fn(s);
      times.push(cpuMs(c0));
    }
  }
  for (const [name, , times] of sides) {
    console.log(`${name}  cpu ms per round ${times.map((t) => t.toFixed(0)).join(' ')}  median ${median(times).toFixed(0)}  ${(mb / (median(times) / 1000)).toFixed(1)} MB/s`);
  }
  console.log(`${corpus} ${mb.toFixed(2)} MB  speed-up ${(median(sides[0][2]) / median(sides[1][2])).toFixed(2)}x  skills with different results ${differ}  load ${loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
}

main();
