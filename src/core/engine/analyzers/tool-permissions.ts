import { rx } from '../regex-registry';
import { heuristic } from '../rules/define';
import type { Analyzer, SkillContext } from './context';
import { literalGate } from './literal-gate';
import { fileHit } from './text-files';

export const TOOL_PERMISSION_RULES = [
  heuristic('tools-wildcard-grant', 'tool-permissions', 'high', {
    match: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: "*"\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Read, Grep, Glob\n---\n# Notes\n'],
  }),
  heuristic('tools-unscoped-shell', 'tool-permissions', 'low', {
    match: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Bash, Read\n---\n# Notes\n\nFormat the notes.\n'],
    noMatch: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Bash, Read\n---\n# Notes\n\n```bash\npython3 scripts/format.py notes.md\n```\n'],
  }),
  heuristic('tools-risky-command-scope', 'tool-permissions', 'low', {
    match: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Bash(curl:*), Read\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Bash(node scripts/list.js:*), Bash(git status:*), Read\n---\n# Notes\n'],
  }),
  heuristic('tools-risky-combination', 'tool-permissions', 'low', {
    match: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: WebFetch, Read, Write\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Bash, Read, Write\n---\n# Notes\n'],
  }),
  heuristic('tools-undeclared-usage', 'tool-permissions', 'medium', {
    match: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Read\n---\n# Notes\n\nUse the Bash tool to run the formatter.\n'],
    noMatch: ['---\nname: notes-helper\ndescription: Formats notes.\nallowed-tools: Read, Bash\n---\n# Notes\n\nUse the Bash tool to run the formatter.\n'],
  }),
];

/** Commands whose scope still runs arbitrary code or reaches the network (`chmod` / `chown` alone change modes and run nothing). */
const RISKY_SCOPE = rx('tools:risky-scope', String.raw`^(?:curl|wget|rm|sudo|sh|bash|zsh|python3?|node|eval|exec|ssh|scp|nc|ncat|netcat|powershell|pwsh|dd|mkfs|crontab|osascript|base64|env|printenv)\b`, 'i');
const TOOL_MENTION = rx(
  'tools:mention',
  // The tool name first (the search starts on capitals, not on every "use" / "with" / "run"); the
  // verb before it ("use the Bash tool") is checked on the text before the match (TOOL_VERB_BEFORE).
  String.raw`\b(Bash|WebFetch|WebSearch|Write|Edit|MultiEdit|Read|Glob|Grep|NotebookEdit|Task|TodoWrite|KillShell|BashOutput)\s{1,3}tool\b|\b(Bash|WebFetch|WebSearch|Write|Edit|MultiEdit|NotebookEdit)\([^)\n]{1,80}\)`,
  'g',
);
const TOOL_VERB_BEFORE = rx('tools:verb-before', String.raw`\b(?:[Uu]se|[Uu]sing|[Cc]all|[Ii]nvoke|[Rr]un|[Ww]ith|[Vv]ia)\s{1,3}(?:the\s{1,3})?$`);
const TOOL_MENTION_GATE = literalGate('tools:mention', TOOL_MENTION);
/** An interpreter scope pinned to one script or package (`node *scripts/list.js *`, `npx *eas-cli@*`) is narrow. */
const SCRIPT_SCOPE = rx('tools:script-scope', String.raw`^(?:node|python3?|npx|bash|sh)[\s:]{1,3}\*?[\w./@-]{0,80}(?:\.(?:js|mjs|cjs|ts|py|sh)\b|@)`, 'i');
const NETWORK_SCOPE = rx('tools:network-scope', String.raw`^(?:curl|wget|http|nc|ssh|scp)\b`, 'i');

const SHELL_FENCE = rx('tools:shell-fence', String.raw`^\s{0,3}(?:\x60{3,}|~{3,})\s{0,2}(?:bash|sh|shell|zsh|console|terminal|shell-session)\b`, 'im');
const SCRIPT_FILE = rx('tools:script-file', String.raw`\.(?:sh|bash|zsh|py|js|mjs|cjs|ts|rb|pl|ps1)$`, 'i');

/** The skill gives the agent shell work: it ships scripts or shows shell blocks in its documents. */
function usesShell(ctx: SkillContext): boolean {
  return ctx.texts.some((t) => (t.kind === 'script' && SCRIPT_FILE.test(t.file.path)) || (t.markdown && SHELL_FENCE.test(t.norm)));
}

function toolsCheck(ctx: SkillContext): void {
  const fm = ctx.frontmatter;
  if (!fm || !fm.allowedTools) return;
  const f = fm.file;
  const line0 = fm.lineOf('allowed-tools') - 1;
  const tools = fm.allowedTools;
  const names = new Set(tools.map((t) => t.name));
  let wildcard = false;
  let unscopedBash = false;
  let riskyScope = false;
  for (const t of tools) {
    if (t.name === '*' || t.scope === '*' || t.scope === '*:*' || t.name.endsWith('*')) wildcard = true;
    else if (t.name === 'Bash' && t.scope === null) unscopedBash = true;
    else if (t.name === 'Bash' && t.scope && RISKY_SCOPE.test(t.scope) && !SCRIPT_SCOPE.test(t.scope)) riskyScope = true;
  }
  if (wildcard) ctx.emit(fileHit('tools-wildcard-grant', f, line0));
  // A skill that ships scripts or shell blocks for the agent to run needs the shell it is granted:
  // the unscoped grant is then information (the scope could be narrower), not a risk of its own.
  // A scoped grant can do no more than the unscoped shell, so it weighs no more: low, and
  // information when the skill's own scripts or shell blocks need the command.
  const shellWork = (unscopedBash || riskyScope) && usesShell(ctx);
  if (unscopedBash) ctx.emit(fileHit('tools-unscoped-shell', f, line0, 0, shellWork ? 'info' : undefined));
  if (riskyScope) ctx.emit(fileHit('tools-risky-command-scope', f, line0, 0, shellWork ? 'info' : undefined));
  // Read + fetch + act is only a distinct risk when the fetch is granted explicitly (WebFetch or a
  // network command scope): an unscoped shell already has its own finding, and `Bash, Read, Write`
  // is the ordinary tool list of a coding skill.
  const net = names.has('WebFetch') || tools.some((t) => t.name === 'Bash' && t.scope !== null && NETWORK_SCOPE.test(t.scope));
  const read = names.has('Read') || names.has('Grep') || names.has('Glob');
  const act = names.has('Write') || names.has('Edit') || unscopedBash;
  if (net && read && act && !wildcard) ctx.emit(fileHit('tools-risky-combination', f, line0));
  if (tools.length === 0 || wildcard) return;
  // Tools the instructions tell the agent to use although they are not declared.
  let reported = 0;
  for (const t of ctx.texts) {
    const md = ctx.markdown.get(t);
    if (!md || t.kind !== 'instruction' || reported >= 5) continue;
    ctx.searchGated(TOOL_MENTION_GATE, t, (m, index) => {
      // The verb, the optional "the" and their spaces take at most 14 characters: a 40-character look back is exact.
      if (m[1] !== undefined && !TOOL_VERB_BEFORE.test(t.norm.slice(Math.max(0, index - 40), index))) return false;
      const tool = m[1] ?? m[2];
      if (names.has(tool)) return false;
      const lineIdx = t.norm.slice(0, index).split('\n').length - 1;
      if (lineIdx <= md.frontmatterEnd) return false;
      ctx.emit(fileHit('tools-undeclared-usage', t, lineIdx));
      return ++reported >= 5;
    });
  }
}

/** `allowed-tools` in the frontmatter: wildcard, unscoped or risky shell grants, risky combinations, tools used but not declared. */
export const toolPermissionsAnalyzer: Analyzer = {
  name: 'tool-permissions',
  phase: 'main',
  rules: TOOL_PERMISSION_RULES,
  gates: [TOOL_MENTION_GATE],
  run: toolsCheck,
};
