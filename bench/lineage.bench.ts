/**
 * Lineage benchmark: compare (diffScans) and similarity (scanSimilarity) of two ~200 KB skills
 * with scattered edits, plus the per-scan line statistics the app stores and the candidate
 * search (over an in-memory store). Target (DESIGN "Performance targets", issue 4): compare ≤ 30 ms p95.
 *
 * Standalone: node -r @swc-node/register bench/lineage.bench.ts
 */
import { createHash } from 'node:crypto';
import { FileSide, diffScans, scanSimilarity } from '../src/core/lineage';
import { fileLineStats, searchCompared } from '../src/core/lineage/search';
import { MemoryCandidateStore } from '../src/core/lineage/search/memory-candidate-store';

import type { BenchRow } from './bench-row';
import { percentile, rng, round, runStandalone } from './bench-support';

const file = (path: string, content: string): FileSide => ({
  path,
  hash: createHash('sha256').update(content).digest('hex'),
  size: Buffer.byteLength(content),
  content,
});

/** A ~200 KB skill: SKILL.md, 6 scripts and a reference doc, ~40 bytes per line. */
function makeSkill(seed: number): Map<string, string[]> {
  const r = rng(seed);
  const words = ['read', 'the', 'config', 'file', 'and', 'send', 'result', 'to', 'user', 'when', 'asked', 'python', 'token', 'path'];
  const line = () => {
    const n = 3 + Math.floor(r() * 8);
    const w: string[] = [];
    for (let i = 0; i < n; i++) w.push(words[Math.floor(r() * words.length)]);
    return (r() < 0.15 ? '' : '    '.repeat(Math.floor(r() * 3))) + w.join(' ') + (r() < 0.3 ? ` ${Math.floor(r() * 1000)}` : '');
  };
  const skill = new Map<string, string[]>();
  const sizes: Array<[string, number]> = [
    ['SKILL.md', 1500],
    ['reference/guide.md', 1200],
    ['scripts/a.py', 500],
    ['scripts/b.py', 500],
    ['scripts/c.sh', 400],
    ['scripts/d.js', 400],
    ['scripts/e.py', 300],
    ['scripts/f.py', 300],
  ];
  for (const [path, n] of sizes) skill.set(path, Array.from({ length: n }, line));
  return skill;
}

/** Scattered edits: ~1 % of lines changed, inserted or deleted, spread over every file. */
function edit(skill: Map<string, string[]>, seed: number): Map<string, string[]> {
  const r = rng(seed);
  const out = new Map<string, string[]>();
  for (const [path, lines] of skill) {
    const copy = [...lines];
    const edits = Math.max(1, Math.floor(copy.length / 100));
    for (let e = 0; e < edits; e++) {
      const k = Math.floor(r() * copy.length);
      const op = r();
      if (op < 0.4) copy[k] = `edited line ${e} in ${path}`;
      else if (op < 0.7) copy.splice(k, 0, `inserted line ${e}`);
      else copy.splice(k, 1);
    }
    out.set(path, copy);
  }
  return out;
}

const toFiles = (skill: Map<string, string[]>): FileSide[] => [...skill].map(([p, l]) => file(p, l.join('\n') + '\n'));

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
  const base = makeSkill(1);
  const previous = toFiles(base);
  const current = toFiles(edit(base, 2));
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
    skill = edit(skill, 100 + i);
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
