import { buildSkillFile } from '../ingest/classify';
import type { SkillFile } from '../ingest/ingest.types';
import type { EngineResult } from './engine.types';
import { evaluate, RULE_CATALOG } from './index';
import { RULE_DEFS } from './catalog';
import type { ExampleFile, RuleDef, RuleExample } from './rule-types';

/**
 * Every rule carries `examples: { match, noMatch }` (rule-types.ts), run here through the real
 * `evaluate()` so context weighting, validators, analyzers and combinations all apply.
 *
 * Rules still without examples. The spec asserts this is exactly the set of rules lacking them, so
 * it can only shrink: a new rule without examples fails, and so does a stale entry.
 */
const KNOWN_WITHOUT_EXAMPLES: ReadonlySet<string> = new Set([
  'binary-active-content',
  'binary-archive',
  'binary-bytecode',
  'binary-native-executable',
  'binary-type-mismatch',
  'binary-undecodable-text',
  'combo-accumulated-high-risk',
  'combo-concealed-dangerous-action',
  'combo-context-exfiltration',
  'combo-credential-exfiltration',
  'combo-injection-with-concealment',
  'combo-personal-data-exfiltration',
  'combo-scanner-evasion-with-payload',
  'combo-untrusted-instructions-with-data-access',
  'cred-undocumented-secret-env',
  'frontmatter-description-too-long',
  'frontmatter-duplicate-key',
  'frontmatter-invalid-yaml',
  'frontmatter-missing',
  'frontmatter-missing-fields',
  'frontmatter-name-format',
  'hidden-html-comment-instruction',
  'hidden-instruction-in-non-instruction-file',
  'hidden-metadata-instruction',
  'hidden-whitespace-padding',
  'ingest-no-skill-md',
  'obfusc-encoded-blob',
  'obfusc-encoded-payload',
  'obfusc-split-keyword',
  'pii-embedded-personal-data',
  'share-personal-data-payload',
  'social-claims-offline-but-networked',
  'supply-typosquat-package',
  'supply-unpinned-dependency',
  'tools-risky-combination',
  'tools-risky-command-scope',
  'tools-undeclared-usage',
  'tools-unscoped-shell',
  'tools-wildcard-grant',
  'tracking-phone-home',
  'trigger-shadows-builtin',
  'unicode-bidi-control',
  'unicode-homoglyph',
  'unicode-tag-smuggling',
  'unicode-variation-selector-run',
  'unicode-zero-width',
]);

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
  it('every rule in the catalog carries examples, except the shrinking KNOWN_WITHOUT_EXAMPLES list', () => {
    const defs = new Map(RULE_DEFS.map((d) => [d.id, d]));
    const without = RULE_CATALOG.map((r) => r.ruleId).filter((id) => !defs.get(id)?.examples);
    expect(without.sort()).toEqual([...KNOWN_WITHOUT_EXAMPLES].sort());
  });

  const withExamples = RULE_DEFS.filter((d) => d.examples);
  if (withExamples.length === 0) return;
  it.each(withExamples.map((d) => [d.id, d] as const))('%s: raised on every match example, not on any noMatch example', (_id, def) => {
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
