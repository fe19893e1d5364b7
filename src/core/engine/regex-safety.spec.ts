import { checkSync } from 'recheck';
import { ALL_REGEXES, evaluate, RULE_CATALOG } from './index';
import { PATTERN_RULES } from './rules';
import type { SkillFile } from '../ingest/ingest.types';

describe('regex safety', () => {
  it('collects every engine regex (rules, normalisation, analyzers)', () => {
    expect(ALL_REGEXES.length).toBeGreaterThan(300);
    const names = new Set(ALL_REGEXES.map((r) => r.name));
    for (const rule of PATTERN_RULES) expect(names.has(`rule:${rule.id}#0`)).toBe(true);
  });

  // recheck's automaton checker decides ReDoS from the NFA's ambiguity: bounded repetitions such
  // as [^\n]{0,60} cost a constant factor and are linear. (The fuzz checker reports such bounded
  // gaps as "polynomial" because it only observes growth below the bound; the 1 MB test below
  // measures the real bound.)
  it('every regex is reported safe by recheck', () => {
    const unsafe: string[] = [];
    for (const { name, re } of ALL_REGEXES) {
      const d = checkSync(re.source, re.flags.replace('g', ''), { checker: 'automaton', timeout: 20000 });
      if (d.status !== 'safe') unsafe.push(`${name}: ${d.status}`);
    }
    expect(unsafe).toEqual([]);
  }, 600_000);

  function file(path: string, content: string, kind: SkillFile['kind']): SkillFile {
    return { path, kind, language: null, size: content.length, hash: '0'.repeat(64), content, detectedType: null };
  }

  // For each pattern rule: 1 MB built from its own keywords and near-miss text, as one line and
  // as many lines, in a script and in SKILL.md. Each evaluation must finish within a fixed bound.
  // The bound separates linear from super-linear work: the costliest linear case, a 300-character
  // lazy gap tried from every `curl` of a one-line megabyte (rce-pipe-to-shell), takes 1.5 s in a
  // plain process here and up to 3.2 s inside a full Jest run; a quadratic one takes minutes.
  it('a 1 MB adversarial input per rule finishes within the bound', () => {
    const BOUND_MS = 5000;
    const slow: string[] = [];
    for (const rule of PATTERN_RULES) {
      const kw = rule.keywords.slice(0, 4).join(' ') || 'x';
      const unit = `${kw} ${kw.toUpperCase()} "' \`/.:=@(  `;
      const oneLine = unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000);
      const manyLines = (unit + '\n').repeat(Math.ceil(1_000_000 / (unit.length + 1))).slice(0, 1_000_000);
      for (const content of [oneLine, manyLines]) {
        for (const [path, kind] of [['scripts/run.py', 'script'], ['SKILL.md', 'instruction']] as const) {
          // The best of up to three runs: a busy machine can stall one run, never the algorithm.
          let ms = Infinity;
          for (let run = 0; run < 3 && ms > BOUND_MS; run++) {
            const t0 = performance.now();
            evaluate([file(path, content, kind)]);
            ms = Math.min(ms, performance.now() - t0);
          }
          if (ms > BOUND_MS) slow.push(`${rule.id} ${path} ${content === oneLine ? 'one-line' : 'lines'} ${Math.round(ms)}ms`);
        }
      }
    }
    expect(slow).toEqual([]);
  }, 900_000);

  it('catalog ids used by the tests exist', () => {
    expect(RULE_CATALOG.length).toBeGreaterThan(0);
  });
});
