import type { SkillFile } from '../../ingest/ingest.types';
import type { FileFacts, LineLang } from '../rule-types';
import { nonAsciiLineStarts, normalizeTextSteps } from './normalize';

const EXT_LANG: Record<string, LineLang> = {
  py: 'python', pyw: 'python', ipynb: 'json',
  sh: 'shell', bash: 'shell', zsh: 'shell', ksh: 'shell', fish: 'shell', command: 'shell',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', ts: 'javascript', tsx: 'javascript', jsx: 'javascript', mts: 'javascript', cts: 'javascript',
  ps1: 'powershell', psm1: 'powershell', psd1: 'powershell',
  rb: 'ruby',
  json: 'json', jsonc: 'json',
  yaml: 'yaml', yml: 'yaml', toml: 'yaml', ini: 'yaml', cfg: 'yaml',
  html: 'html', htm: 'html', svg: 'html', xml: 'html', vue: 'html',
  md: 'prose', markdown: 'prose', mdx: 'prose', txt: 'prose', rst: 'prose',
};

const NAME_LANG: Record<string, LineLang> = {
  dockerfile: 'shell', makefile: 'shell', '.bashrc': 'shell', '.zshrc': 'shell', '.profile': 'shell',
};

const LANG_ALIASES: Record<string, LineLang> = {
  python: 'python', py: 'python', python3: 'python', ipython: 'python', pycon: 'python',
  shell: 'shell', sh: 'shell', bash: 'shell', zsh: 'shell', console: 'shell', shellsession: 'shell', terminal: 'shell', fish: 'shell', dockerfile: 'shell', makefile: 'shell',
  javascript: 'javascript', js: 'javascript', typescript: 'javascript', ts: 'javascript', node: 'javascript', jsx: 'javascript', tsx: 'javascript', mjs: 'javascript',
  powershell: 'powershell', ps: 'powershell', ps1: 'powershell', pwsh: 'powershell', bat: 'powershell', cmd: 'powershell',
  ruby: 'ruby', rb: 'ruby',
  json: 'json', jsonc: 'json',
  yaml: 'yaml', yml: 'yaml', toml: 'yaml', ini: 'yaml',
  html: 'html', xml: 'html', svg: 'html',
  markdown: 'prose', md: 'prose', text: 'prose', txt: 'prose', plaintext: 'prose',
};

export function langFromName(name: string | null | undefined): LineLang | null {
  if (!name) return null;
  return LANG_ALIASES[name.toLowerCase()] ?? null;
}

export function extOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

export function fileLang(file: SkillFile): LineLang {
  const byName = langFromName(file.language);
  if (byName) return byName;
  const base = baseOf(file.path);
  if (NAME_LANG[base]) return NAME_LANG[base];
  return EXT_LANG[extOf(file.path)] ?? (file.kind === 'instruction' ? 'prose' : 'other');
}

export function isMarkdownFile(file: SkillFile): boolean {
  const ext = extOf(file.path);
  return ext === 'md' || ext === 'markdown' || ext === 'mdx' || (file.kind === 'instruction' && ext !== 'txt' && !EXT_LANG[ext]);
}

/**
 * nonAsciiLines of each facts built here, from the line starts normalisation asked for anyway: the
 * Unicode checks read those lines without searching the text again. A copy of the facts (a decoded
 * pseudo-file) is not in the map and is searched on the first ask.
 */
const NON_ASCII_LINES = new WeakMap<FileFacts, readonly number[]>();

/** Indexes (0-based, into rawLines) of the lines of `f.raw` holding a code unit above U+007E, ascending. */
export function nonAsciiLines(f: FileFacts): readonly number[] {
  let lines = NON_ASCII_LINES.get(f);
  if (lines === undefined) {
    lines = lineIndexesOf(f.rawLines, nonAsciiLineStarts(f.raw));
    NON_ASCII_LINES.set(f, lines);
  }
  return lines;
}

/** The index in `lines` (a text split at \n) of the line starting at each of `starts` (ascending offsets). */
function lineIndexesOf(lines: readonly string[], starts: readonly number[]): number[] {
  const found: number[] = [];
  let line = 0;
  let lineStart = 0;
  for (const start of starts) {
    while (lineStart < start) {
      lineStart += lines[line].length + 1;
      line++;
    }
    found.push(line);
  }
  return found;
}

/** Facts whose ASCII lines normalisation only collapsed runs of spaces / tabs in (see asciiLinesOnlySpaced). */
const ASCII_LINES_SPACED_ONLY = new WeakSet<FileFacts>();

/**
 * Whether every line of `f.raw` without a code unit above U+007E is known to equal its line of
 * `f.norm` up to runs of spaces / tabs collapsed to one space (false: something else changed
 * such a line, or it is not known). The lines of nonAsciiLines may differ in any way.
 */
export function asciiLinesOnlySpaced(f: FileFacts): boolean {
  return ASCII_LINES_SPACED_ONLY.has(f);
}

export function buildFacts(file: SkillFile, content: string, decoded = false): FileFacts {
  const markdown = !decoded && isMarkdownFile(file);
  const starts = nonAsciiLineStarts(content);
  const { text: norm, asciiLinesSpacedOnly } = normalizeTextSteps(content, { markdown, nonAsciiLines: starts });
  const rawLines = content.split('\n');
  const normLines = norm === content ? rawLines : norm.split('\n');
  const facts: FileFacts = {
    file,
    path: file.path,
    ext: extOf(file.path),
    base: baseOf(file.path),
    kind: file.kind,
    lang: decoded ? 'other' : fileLang(file),
    markdown,
    decoded,
    raw: content,
    norm,
    rawLines,
    normLines,
  };
  NON_ASCII_LINES.set(facts, lineIndexesOf(rawLines, starts));
  if (asciiLinesSpacedOnly) ASCII_LINES_SPACED_ONLY.add(facts);
  return facts;
}
