import type { FileKind, SkillFile } from './ingest.types';
import { sha256Hex } from '../lineage/fingerprint';
import { decodeContent } from './binary';
import { detectedTypeFor } from './magic';

const INSTRUCTION_EXT = new Set(['md', 'markdown', 'mdx', 'txt']);

const SCRIPT_EXT = new Set([
  'py', 'sh', 'bash', 'zsh', 'js', 'mjs', 'cjs', 'jsx', 'ts', 'mts', 'cts', 'tsx',
  'ps1', 'psm1', 'rb', 'pl', 'pm', 'php', 'go', 'rs', 'java', 'bat', 'cmd', 'lua',
]);

const LANGUAGE_BY_EXT: Record<string, string> = {
  md: 'markdown', markdown: 'markdown', mdx: 'markdown', txt: 'text',
  py: 'python', sh: 'shell', bash: 'shell', zsh: 'shell',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'typescript',
  ps1: 'powershell', psm1: 'powershell', psd1: 'powershell',
  rb: 'ruby', pl: 'perl', pm: 'perl', php: 'php', go: 'go', rs: 'rust', java: 'java',
  bat: 'batch', cmd: 'batch', lua: 'lua',
  json: 'json', yaml: 'yaml', yml: 'yaml', toml: 'toml', html: 'html', htm: 'html',
  css: 'css', xml: 'xml', csv: 'csv', svg: 'svg', sql: 'sql', ini: 'ini', cfg: 'ini',
};

/** Interpreter name (basename of the shebang program, or the argument of `env`) → language. */
const LANGUAGE_BY_INTERPRETER: Array<[RegExp, string]> = [
  [/^python[0-9.]*$/, 'python'],
  [/^(sh|bash|zsh|dash|ksh|ash)$/, 'shell'],
  [/^(node|nodejs|bun)$/, 'javascript'],
  [/^(deno|ts-node|tsx)$/, 'typescript'],
  [/^ruby[0-9.]*$/, 'ruby'],
  [/^perl[0-9.]*$/, 'perl'],
  [/^php[0-9.]*$/, 'php'],
  [/^(pwsh|powershell)$/, 'powershell'],
  [/^lua[0-9.]*$/, 'lua'],
];

/** Lower-case extension of the last path segment without the dot, or '' (`.bashrc` has none). */
export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

function languageFromShebang(content: string): string | null {
  const line = content.slice(0, Math.min(content.length, 256)).split('\n', 1)[0];
  const words = line.slice(2).trim().split(/\s+/);
  let program = words[0] ?? '';
  program = program.slice(program.lastIndexOf('/') + 1);
  if (program === 'env') program = words.slice(1).find((w) => !w.startsWith('-')) ?? '';
  for (const [re, lang] of LANGUAGE_BY_INTERPRETER) if (re.test(program)) return lang;
  return null;
}

export interface Classification {
  kind: FileKind;
  language: string | null;
}

/**
 * Kind and language of a file.
 * - kind: `instruction` for .md/.markdown/.mdx/.txt; `script` for code/shell extensions; otherwise
 *   `script` when the text starts with `#!`, else `resource`. The extension decides first, so a
 *   `.md` that starts with `#!` stays an instruction and a binary `.py` is still a script.
 * - language: from the extension; for an extensionless (or unknown-extension) text file with a
 *   shebang, from its interpreter; always null for binary files and unknown types.
 */
export function classify(path: string, content: string | null): Classification {
  const ext = extensionOf(path);
  const shebang = content !== null && content.startsWith('#!');
  let kind: FileKind;
  if (INSTRUCTION_EXT.has(ext)) kind = 'instruction';
  else if (SCRIPT_EXT.has(ext) || shebang) kind = 'script';
  else kind = 'resource';
  let language: string | null = null;
  if (content !== null) {
    language = LANGUAGE_BY_EXT[ext] ?? null;
    if (language === null && shebang) language = languageFromShebang(content);
  }
  return { kind, language };
}

/**
 * Builds the SkillFile for raw bytes at a normalised path. `textOverride` (text pastes) replaces
 * the decoded content so it is kept exactly as given.
 */
export function buildSkillFile(path: string, bytes: Uint8Array, textOverride?: string): SkillFile {
  const decoded = textOverride === undefined ? decodeContent(bytes) : { binary: false, content: textOverride };
  const { kind, language } = classify(path, decoded.content);
  return {
    path,
    kind,
    language,
    size: bytes.length,
    hash: sha256Hex(bytes),
    content: decoded.content,
    detectedType: detectedTypeFor(bytes, decoded.binary),
  };
}
