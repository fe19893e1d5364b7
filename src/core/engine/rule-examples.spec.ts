import { buildSkillFile } from '../ingest/classify';
import type { SkillFile } from '../ingest/ingest.types';
import type { EngineResult } from './engine.types';
import { evaluate, RULE_CATALOG } from './index';
import { RULE_DEFS } from './catalog';
import type { ExampleFile, RuleDef, RuleExample } from './rule-types';

/**
 * Every rule carries `examples: { match, noMatch }` (rule-types.ts), run here through the real
 * `evaluate()` so context weighting, validators, analyzers and combinations all apply. A rule
 * without examples fails the first test: examples are part of adding a rule.
 */

/** Prepended to a string example that has no frontmatter of its own; written next to a file example. */
const NEUTRAL_FRONTMATTER = '---\nname: example-skill\ndescription: Formats and summarises the user\'s notes.\n---\n';
const NEUTRAL_SKILL_MD = `${NEUTRAL_FRONTMATTER}# Example skill\n\nFormat the user's notes as a short summary.\n`;

function toSkillFile(f: ExampleFile): SkillFile {
  return 'text' in f ? buildSkillFile(f.path, Buffer.from(f.text, 'utf8')) : buildSkillFile(f.path, Buffer.from(f.hex, 'hex'));
}

function filesOf(example: RuleExample): SkillFile[] {
  if (typeof example === 'string') return [toSkillFile({ path: 'SKILL.md', text: example.startsWith('---') ? example : NEUTRAL_FRONTMATTER + example })];
  if ('files' in example) return example.files.map(toSkillFile);
  if (example.path === 'SKILL.md') return [toSkillFile(example)];
  return [toSkillFile({ path: 'SKILL.md', text: NEUTRAL_SKILL_MD }), toSkillFile(example)];
}

/** An info finding is a note, not an alarm, except for rules whose catalog severity is info. */
function raises(result: EngineResult, def: RuleDef): boolean {
  return result.findings.some((f) => f.ruleId === def.id && (f.severity !== 'info' || def.severity === 'info'));
}

function describeExample(example: RuleExample): string {
  const text = typeof example === 'string' ? example : 'files' in example ? example.files.map((f) => f.path).join(', ') : example.path;
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

describe('rule examples', () => {
  it('every rule in the catalog carries examples', () => {
    const defs = new Map(RULE_DEFS.map((d) => [d.id, d]));
    expect(RULE_CATALOG.length).toBe(RULE_DEFS.length);
    expect(RULE_CATALOG.map((r) => r.ruleId).filter((id) => !defs.get(id)?.examples)).toEqual([]);
  });

  it.each(RULE_DEFS.filter((d) => d.examples).map((d) => [d.id, d] as const))('%s: raised on every match example, not on any noMatch example', (_id, def) => {
    const examples = def.examples!;
    expect(examples.match.length).toBeGreaterThan(0);
    expect(examples.noMatch.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const check = (example: RuleExample, expected: boolean) => {
      const result = evaluate(filesOf(example));
      if (raises(result, def) === expected) return;
      const own = result.findings.filter((f) => f.ruleId === def.id).map((f) => `${f.severity}@${f.file}:${f.line}`);
      failures.push(`${expected ? 'missed match' : 'raised on noMatch'}: ${describeExample(example)} [${own.join(', ') || 'no finding'}]`);
    };
    for (const ex of examples.match) check(ex, true);
    for (const ex of examples.noMatch) check(ex, false);
    expect(failures).toEqual([]);
  });
});
