/**
 * Where the pattern rules spend their time: CPU time per rule over a corpus (each rule run alone
 * over every file's keyword-pass result), plus the keyword pass and fact building. For choosing
 * what to speed up; results are not checked here (bench/engine-results.ts does that).
 *
 * Run: node -r @swc-node/register bench/engine-rule-timing.ts [--corpus benign-vendor] [--top 30]
 */
import { compilePatternRules, runScannedPatternRules, scanPatternKeywords } from '../src/core/engine/pattern-runner';
import { PATTERN_RULES } from '../src/core/engine/rules';
import { analyzeMarkdown } from '../src/core/engine/text/markdown';
import { buildFacts } from '../src/core/engine/text/file-facts';
import { loadSharedCorpus, type SharedCorpusName } from './corpora';

function cpu(c0: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function main(): void {
  const args = process.argv.slice(2);
  const corpus = (args.includes('--corpus') ? args[args.indexOf('--corpus') + 1] : 'benign-vendor') as SharedCorpusName;
  const top = args.includes('--top') ? Number(args[args.indexOf('--top') + 1]) : 30;
  const files = loadSharedCorpus(corpus).flatMap((s) => s.files).filter((f) => typeof f.content === 'string');
  const compiled = compilePatternRules(PATTERN_RULES);
  /** Median CPU time of three runs of `fn` (the first warms up the JIT as the engine is warm in service). */
  const timed = <T>(fn: () => T): [T, number] => {
    let out = fn();
    const ms: number[] = [];
    for (let r = 0; r < 3; r++) {
      const c = process.cpuUsage();
      out = fn();
      ms.push(cpu(c));
    }
    return [out, ms.sort((x, y) => x - y)[1]];
  };
  const [facts, factsMs] = timed(() => files.map((f) => buildFacts(f, f.content as string)));
  const [md, mdMs] = timed(() => facts.map((f) => (f.markdown ? analyzeMarkdown(f.normLines) : null)));
  const [hits, scanMs] = timed(() => facts.map((f) => scanPatternKeywords(compiled, f)));
  let c0 = process.cpuUsage();
  const times: Array<[string, number, number]> = [];
  // The loop over the other (disabled) rules costs every run the same: measured once, subtracted.
  const none = { emit: () => undefined, onError: () => undefined, isEnabled: () => false };
  c0 = process.cpuUsage();
  for (let i = 0; i < facts.length; i++) runScannedPatternRules(compiled, facts[i], md[i], none, hits[i]);
  const overhead = cpu(c0);
  const all = { emit: () => undefined, onError: () => undefined, isEnabled: () => true };
  const allMs: number[] = [];
  for (let r = 0; r < 3; r++) {
    c0 = process.cpuUsage();
    for (let i = 0; i < facts.length; i++) runScannedPatternRules(compiled, facts[i], md[i], all, hits[i]);
    allMs.push(cpu(c0));
  }
  for (const rule of PATTERN_RULES) {
    let n = 0;
    const hooks = { emit: () => n++, onError: () => undefined, isEnabled: (id: string) => id === rule.id };
    c0 = process.cpuUsage();
    for (let i = 0; i < facts.length; i++) runScannedPatternRules(compiled, facts[i], md[i], hooks, hits[i]);
    times.push([rule.id, cpu(c0) - overhead, n]);
  }
  const total = times.reduce((a, t) => a + t[1], 0);
  console.log(`facts ${factsMs.toFixed(0)} ms  markdown ${mdMs.toFixed(0)} ms  keyword pass ${scanMs.toFixed(0)} ms  all rules together ${allMs.map((x) => x.toFixed(0)).join(' / ')} ms  sum of rules alone ${total.toFixed(0)} ms (${files.length} files)`);
  for (const [id, ms, n] of times.sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${String(n).padStart(5)} hits  ${id}`);
}

main();
