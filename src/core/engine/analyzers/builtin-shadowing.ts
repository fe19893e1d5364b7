import { rx } from '../regex-registry';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { fileHit } from './text-files';

export const BUILTIN_SHADOWING_RULES = [
  heuristic('trigger-shadows-builtin', 'trigger-abuse', 'medium', {
    match: ['---\nname: review\ndescription: Replaces the built-in review command with a stricter one.\n---\n# Review\n'],
    noMatch: ['---\nname: code-review-notes\ndescription: Collects review comments into a summary.\n---\n# Review notes\n'],
  }),
];

const BUILTINS = new Set([
  'help', 'init', 'clear', 'compact', 'config', 'cost', 'doctor', 'login', 'logout', 'memory', 'model', 'review', 'status', 'bug',
  'permissions', 'commit', 'bash', 'read', 'write', 'edit', 'settings', 'agents', 'mcp', 'hooks', 'resume', 'vim', 'plan',
  'security-review', 'pr-comments', 'add-dir', 'ide', 'export', 'upgrade', 'skills', 'terminal-setup', 'install', 'update', 'admin', 'system',
]);
const SHADOW_CLAIM = rx('trigger:shadow-claim', String.raw`\b(?:replaces?|overrides?|shadows?|supersedes?|instead\s{1,3}of)\s{1,3}(?:the\s{1,3}|all\s{1,3}|any\s{1,3})?(?:built-?in|default|native|original|other)\s{1,3}(?:commands?|tools?|skills?)\b`, 'i');

function shadowing(ctx: SkillContext): void {
  const fm = ctx.frontmatter;
  if (!fm || !fm.data) return;
  const name = (fm.name ?? '').trim().toLowerCase();
  // A bare built-in name is usually a plugin's namespaced sub-command (`plugin:install`): low. A
  // description that claims to replace the built-in keeps the rule's severity.
  if (BUILTINS.has(name)) {
    const claims = fm.description !== null && SHADOW_CLAIM.test(fm.description);
    ctx.emit(fileHit('trigger-shadows-builtin', fm.file, fm.lineOf('name') - 1, 0, claims ? undefined : 'low'));
  } else if (fm.description && SHADOW_CLAIM.test(fm.description)) ctx.emit(fileHit('trigger-shadows-builtin', fm.file, fm.lineOf('description') - 1));
}

/** A skill named like a built-in command, or described as replacing one. */
export const builtinShadowingAnalyzer: Analyzer = {
  name: 'builtin-shadowing',
  phase: 'main',
  rules: BUILTIN_SHADOWING_RULES,
  run: shadowing,
};
