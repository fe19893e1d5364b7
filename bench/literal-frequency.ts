/**
 * Regenerates src/core/engine/text/literal-frequency.json: for every literal the prefilter may use
 * (each pattern rule's required literal sets, with their word-boundary marks), the share of lines of real skills that hold it, in
 * lines per 1000 (ASCII case folded, as the keyword automaton finds them). The prefilter picks the
 * rarest set of a pattern as its trigger; the figures only steer speed, never which matches are
 * found, so a stale table (new rules) is still correct — literals it lacks get an estimate by length.
 *
 * Run: node -r @swc-node/register bench/literal-frequency.ts   (needs the shared corpora)
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATTERN_RULES } from '../src/core/engine/rules';
import { analysePattern } from '../src/core/engine/prefilter';
import { KeywordAutomaton } from '../src/core/engine/text/keyword-automaton';
import { literalText } from '../src/core/engine/text/required-literals';
import { normalizeText } from '../src/core/engine/text/normalize';
import { loadSharedCorpus } from './corpora';

/**
 * Literals rarer than this (per 1000 lines) are left out: the estimate for an unknown literal of 4
 * or more characters is this. Shorter ones are always kept (their guess by length is far higher,
 * and a word-bounded short literal such as `\bnc\b` is often rare).
 */
const MIN_PER_MILLE = 0.5;

function main(): void {
  const literals = new Set<string>();
  // A word-bounded literal's plain text too: the keyword pass visits each of its occurrences.
  for (const rule of PATTERN_RULES) for (const re of rule.patterns) for (const set of analysePattern(re).sets) for (const lit of set.literals) literals.add(lit).add(literalText(lit));
  const list = [...literals].sort();
  const automaton = new KeywordAutomaton(list);
  const count = new Float64Array(list.length);
  let lines = 0;
  for (const name of ['benign-vendor', 'malicious-public'] as const) {
    for (const skill of loadSharedCorpus(name)) {
      for (const f of skill.files) {
        if (f.content === null) continue;
        const norm = normalizeText(f.content, { markdown: f.path.toLowerCase().endsWith('.md') });
        for (let i = norm.indexOf('\n'); i >= 0; i = norm.indexOf('\n', i + 1)) lines++;
        lines++;
        automaton.scan(norm, (k) => count[k]++);
      }
    }
  }
  const table: Record<string, number> = {};
  list.forEach((lit, k) => {
    const perMille = (1000 * count[k]) / lines;
    if (perMille >= MIN_PER_MILLE || literalText(lit).length <= 3) table[lit] = Math.round(perMille * 10) / 10;
  });
  const target = join(__dirname, '..', 'src', 'core', 'engine', 'text', 'literal-frequency.json');
  writeFileSync(target, `{\n${Object.entries(table).map(([lit, v]) => `${JSON.stringify(lit)}: ${v}`).join(',\n')}\n}\n`);
  console.log(`${Object.keys(table).length} of ${list.length} literals at >= ${MIN_PER_MILLE} per 1000 lines (${lines} lines) → ${target}`);
}

main();
