/**
 * Lineage benchmark: compare (diffScans) and similarity (scanSimilarity) of two ~200 KB skills
 * with scattered edits (the shared skill generator, test/support/skill-generator.ts), plus the per-scan line statistics the app stores and the candidate
 * search (over an in-memory store). Target (DESIGN "Performance targets", issue 4): compare ≤ 30 ms p95.
 *
 * Standalone: node -r @swc-node/register bench/lineage.bench.ts
 */
import { diffScans, scanSimilarity, type FileSide } from '../src/core/lineage';
import { fileLineStats, searchCompared } from '../src/core/lineage/search';
import { MemoryCandidateStore } from '../src/core/lineage/search/memory-candidate-store';
import { editSkill, makeSkill, toFiles } from '../test/support/skill-generator';

import type { BenchRow } from './bench-row';
import { percentile, round, runStandalone } from './bench-support';

function measure(fn: () => void, iterations: number): { p50: number; p95: number } {
  for (let i = 0; i < 5; i++) fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function runLineageBench(): Promise<BenchRow[]> {
  // ~1 % of the lines changed, inserted or deleted, scattered over the files.
  const base = makeSkill(1, 245);
  const previous = toFiles(base);
  const current = toFiles(editSkill(base, 2, 50));
  const bytes = current.reduce((n, f) => n + f.size, 0);
  const rows: BenchRow[] = [];
  const add = (name: string, r: { p50: number; p95: number }, target?: number) => {
    rows.push({ name, metric: 'p50', value: round(r.p50), unit: 'ms' });
    rows.push({
      name,
      metric: 'p95',
      value: round(r.p95),
      unit: 'ms',
      ...(target !== undefined ? { target: `<= ${target} ms`, ok: r.p95 <= target } : {}),
    });
  };

  rows.push({ name: 'lineage skill size', metric: 'bytes', value: bytes, unit: 'B' });
  add(`lineage diffScans (${Math.round(bytes / 1024)} KB, scattered edits)`, measure(() => diffScans(current, previous), 60), 30);
  add(`lineage scanSimilarity (${Math.round(bytes / 1024)} KB, scattered edits)`, measure(() => scanSimilarity(current, previous), 60), 30);
  add('lineage fileLineStats (line hashes to store)', measure(() => current.map(fileLineStats), 30));

  // Candidate search: 50 earlier versions of the family, each a few edits away.
  const earlier: Array<{ id: number; files: FileSide[] }> = [];
  let skill = base;
  for (let i = 1; i <= 50; i++) {
    skill = editSkill(skill, 100 + i, 5);
    earlier.push({ id: i, files: toFiles(skill) });
  }
  const store = new MemoryCandidateStore();
  for (const e of earlier) store.add(e.id, e.files);
  let loaded = 0;
  const times: number[] = [];
  for (let i = 0; i < 35; i++) {
    const start = process.hrtime.bigint();
    loaded = (await searchCompared(current, store)).stats.contentLoads;
    if (i >= 5) times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  add('lineage searchCompared (50 earlier versions, in-memory store)', { p50: percentile(times, 50), p95: percentile(times, 95) });
  rows.push({ name: 'lineage searchCompared candidates loaded', metric: 'count', value: loaded, unit: 'of 50' });
  return rows;
}

if (require.main === module) runStandalone(runLineageBench);
