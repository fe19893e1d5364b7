/**
 * Fingerprint of the static engine's results over the shared corpora and the fixtures: a
 * sha256 of every evaluate() result. A speed change must leave it unchanged; with
 * `--no-prefilter` the same inputs run without the keyword prefilter (the hashes must agree).
 * Also prints the evaluate() time per corpus (median of `--rounds`, default 3; `--rounds 0`: hashes only).
 *
 * Run: node -r @swc-node/register bench/engine-results.ts [--no-prefilter] [--rounds N] [--corpus NAME]
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { evaluate } from '../src/core/engine';
import { ENGINE_SWITCHES } from '../src/core/engine/switches';
import type { SkillFile } from '../src/core/ingest/ingest.types';
import { loadLabeledCorpus } from '../test/fixtures/skills/load-fixtures';
import { loadSharedCorpus, SHARED_CORPORA } from './corpora';

function textBytes(files: readonly SkillFile[]): number {
  let n = 0;
  for (const f of files) if (f.content !== null) n += Buffer.byteLength(f.content, 'utf8');
  return n;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--no-prefilter')) ENGINE_SWITCHES.prefilter = false;
  const roundsArg = args.indexOf('--rounds');
  const rounds = roundsArg >= 0 ? Math.max(0, Math.floor(Number(args[roundsArg + 1]) || 0)) : 3;
  const only = args.indexOf('--corpus') >= 0 ? args[args.indexOf('--corpus') + 1] : undefined;
  const sets: Array<[string, SkillFile[][]]> = [
    ...SHARED_CORPORA.filter((name) => only === undefined || name === only).map((name): [string, SkillFile[][]] => [name, loadSharedCorpus(name).map((s) => s.files)]),
    ...(only === undefined || only === 'fixtures' ? [['fixtures', loadLabeledCorpus().map((s) => s.files)] as [string, SkillFile[][]]] : []),
  ];
  const all = createHash('sha256');
  for (const [name, skills] of sets) {
    const h = createHash('sha256');
    for (const s of skills) h.update(JSON.stringify(evaluate(s)));
    const digest = h.digest('hex').slice(0, 16);
    all.update(digest);
    // CPU time as well as wall time: on a shared, overloaded machine the wall time mostly measures the queue.
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      for (const s of skills) evaluate(s);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      wall.push(performance.now() - t0);
    }
    const mb = skills.reduce((a, s) => a + textBytes(s), 0) / 1e6;
    if (rounds === 0) {
      console.log(`${name.padEnd(17)} ${String(skills.length).padStart(4)} skills ${mb.toFixed(2).padStart(6)} MB  results ${digest}`);
      continue;
    }
    const ms = median(wall);
    const cpuMs = median(cpu);
    console.log(
      `${name.padEnd(17)} ${String(skills.length).padStart(4)} skills ${mb.toFixed(2).padStart(6)} MB  wall ${ms.toFixed(0).padStart(6)} ms ${(mb / (ms / 1000)).toFixed(1).padStart(5)} MB/s  cpu ${cpuMs.toFixed(0).padStart(6)} ms ${(mb / (cpuMs / 1000)).toFixed(1).padStart(5)} MB/s  results ${digest}`,
    );
  }
  console.log(`all results ${all.digest('hex').slice(0, 16)}  prefilter ${ENGINE_SWITCHES.prefilter ? 'on' : 'off'}  load ${loadavg().map((x) => x.toFixed(2)).join(' / ')}`);
}

main();
