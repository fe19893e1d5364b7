/**
 * Regenerates src/core/engine/pattern-analysis.json: each pattern rule's required literal sets and
 * reach (prefilter.ts `analysePattern`), keyed by the regex's flags and source, so that loading the
 * engine (the CLI's start-up above all) need not parse every regex. A pattern missing from the
 * file is analysed at load; prefilter.spec.ts fails while the file is stale.
 *
 * Run: npm run gen:prefilter
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analysePattern, analysisKey } from '../src/core/engine/prefilter';
import { PATTERN_RULES } from '../src/core/engine/rules';

const out: Record<string, unknown> = {};
for (const rule of PATTERN_RULES) for (const re of rule.patterns) out[analysisKey(re)] = analysePattern(re);
const keys = Object.keys(out).sort();
// Infinity becomes null in JSON (read back by prefilter.ts).
const text = `{\n${keys.map((k) => `${JSON.stringify(k)}: ${JSON.stringify(out[k])}`).join(',\n')}\n}\n`;
const target = join(__dirname, '..', 'src', 'core', 'engine', 'pattern-analysis.json');
writeFileSync(target, text);
console.log(`${keys.length} patterns → ${target}`);
