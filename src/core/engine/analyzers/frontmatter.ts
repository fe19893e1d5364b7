import { parseDocument } from 'yaml';
import { rx } from '../regex-registry';
import type { FileFacts, Hit } from '../rule-types';
import { heuristic } from '../rules/define';
import { makeSnippet } from '../text/snippet';
import type { Analyzer } from './context';

export interface AllowedTool {
  name: string;
  /** Text inside parentheses, e.g. `git:*` for `Bash(git:*)`; null when unscoped. */
  scope: string | null;
  raw: string;
}

export interface Frontmatter {
  file: FileFacts;
  /** 0-based index of the closing delimiter line. */
  endLine: number;
  data: Record<string, unknown> | null;
  errors: string[];
  /**
   * The YAML parser failed and `data` is the line-by-line reading (`key: rest of line`) that
   * lenient skill loaders apply, so the declared name, description and tools are still analysed.
   */
  recovered: boolean;
  duplicateKeys: boolean;
  name: string | null;
  description: string | null;
  allowedTools: AllowedTool[] | null;
  /** 1-based line of a top-level key in the file, if found. */
  lineOf(key: string): number;
}

const TOOL_TOKEN = rx('frontmatter:tool-token', String.raw`[A-Za-z_*][\w.*-]{0,80}(?:\([^)\n]{0,200}\))?|\*`, 'g');
const NAME_FORMAT = rx('frontmatter:name-format', String.raw`^[a-z0-9][a-z0-9-]{0,63}$`);
const KEY_LINE = rx('frontmatter:key-line', String.raw`^([A-Za-z_][\w-]{0,60})\s{0,3}:`);

export function parseAllowedTools(value: unknown): AllowedTool[] | null {
  if (value === undefined || value === null) return null;
  const parts: string[] = [];
  if (Array.isArray(value)) for (const v of value) parts.push(String(v));
  else parts.push(String(value));
  const tools: AllowedTool[] = [];
  for (const part of parts) {
    TOOL_TOKEN.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = TOOL_TOKEN.exec(part)) !== null) {
      const raw = m[0];
      const p = raw.indexOf('(');
      tools.push({ raw, name: p >= 0 ? raw.slice(0, p) : raw, scope: p >= 0 ? raw.slice(p + 1, -1).trim() : null });
    }
  }
  return tools;
}

const RESERVED_SCALARS = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL']);

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * A BMP character outside ASCII, C1 controls and surrogates (U+00A0–U+D7FF): YAML takes it as a
 * plain character anywhere in a plain scalar (checked for every such character against the parser).
 */
function isPlainBmp(c: number): boolean {
  return c >= 0xa0 && c <= 0xd7ff;
}

/**
 * Fast path for the common frontmatter shape: every line is `key: plain text` with a letter-led
 * key and a value led by a letter (or a character of isPlainBmp) made of printable ASCII and
 * isPlainBmp characters that no YAML rule can turn into anything but that
 * string (no `#`, no `: `, no flow brackets, no trailing `:` or space, not true/false/null), keys
 * unique. Returns what the YAML parser would produce for such a document, or null when any line
 * falls outside that shape (the caller then runs the parser).
 */
export function parseSimpleMapping(lines: readonly string[]): Record<string, unknown> | null {
  if (lines.length === 0) return null;
  const data: Record<string, unknown> = {};
  const keys = new Set<string>();
  for (const line of lines) {
    const colon = line.indexOf(': ');
    if (colon < 1 || colon > 61 || !isAsciiLetter(line.charCodeAt(0))) return null;
    for (let i = 1; i < colon; i++) {
      const c = line.charCodeAt(i);
      if (!(isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 45 || c === 95)) return null;
    }
    const key = line.slice(0, colon);
    const value = line.slice(colon + 2);
    if (value.length === 0 || !(isAsciiLetter(value.charCodeAt(0)) || isPlainBmp(value.charCodeAt(0)))) return null;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      if (c > 126 && isPlainBmp(c)) continue;
      if (c < 32 || c > 126 || c === 35 /* # */ || c === 91 || c === 93 || c === 123 || c === 125) return null;
      if (c === 58 /* : */ && (i + 1 === value.length || value.charCodeAt(i + 1) === 32)) return null;
    }
    if (value.charCodeAt(value.length - 1) === 32) return null;
    if (keys.has(key) || RESERVED_SCALARS.has(key) || RESERVED_SCALARS.has(value)) return null;
    keys.add(key);
    data[key] = value;
  }
  return data;
}

const LENIENT_KEY = rx('frontmatter:lenient-key', String.raw`^([A-Za-z_][\w-]{0,60})[ \t]{0,3}:(?:[ \t](.*))?$`);
const BLOCK_SCALAR = rx('frontmatter:block-scalar', String.raw`^[|>][+-]?$`);

function unquote(v: string): string {
  const t = v.trim();
  return t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0] ? t.slice(1, -1) : t;
}

/**
 * The frontmatter read line by line when it is not valid YAML (an unquoted `: ` inside a
 * description is the usual cause): top-level `key: value` lines, indented lines continuing the
 * previous key (`- item` lines as a list, others folded with spaces). Null when no key is found.
 */
export function parseLenientMapping(lines: readonly string[]): Record<string, unknown> | null {
  const data: Record<string, unknown> = {};
  let key: string | null = null;
  let parts: string[] = [];
  let items: string[] = [];
  const close = () => {
    if (key === null || key in data) return;
    data[key] = items.length > 0 && parts.length === 0 ? items : unquote(parts.join(' '));
  };
  for (const line of lines) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const m = line[0] === ' ' || line[0] === '\t' ? null : LENIENT_KEY.exec(line);
    if (m) {
      close();
      key = m[1];
      const value = (m[2] ?? '').trim();
      parts = value === '' || BLOCK_SCALAR.test(value) ? [] : [value];
      items = [];
    } else if (key !== null) {
      const t = line.trim();
      if (t.startsWith('- ') && parts.length === 0) items.push(unquote(t.slice(2)));
      else parts.push(t);
    }
  }
  close();
  return Object.keys(data).length > 0 ? data : null;
}

export function parseFrontmatter(file: FileFacts, endLine: number): Frontmatter {
  const lines = file.rawLines.slice(1, endLine).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const errors: string[] = [];
  let recovered = false;
  let duplicateKeys = false;
  let data: Record<string, unknown> | null = null;
  const simple = parseSimpleMapping(lines);
  if (simple) data = simple;
  else {
    try {
      const doc = parseDocument(lines.join('\n'), { uniqueKeys: true, prettyErrors: false, strict: false });
      for (const e of doc.errors) {
        if (e.code === 'DUPLICATE_KEY') duplicateKeys = true;
        errors.push(e.code);
      }
      const js: unknown = doc.errors.length === 0 || duplicateKeys ? doc.toJS({ maxAliasCount: 20 }) : null;
      if (js && typeof js === 'object' && !Array.isArray(js)) data = js as Record<string, unknown>;
      else if (doc.errors.length === 0 && js !== null && js !== undefined) errors.push('NOT_A_MAP');
    } catch {
      errors.push('PARSE_ERROR');
    }
    if (data === null && errors.length > 0) {
      data = parseLenientMapping(lines);
      recovered = data !== null;
    }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? null : String(v));
  const keyLines = new Map<string, number>();
  lines.forEach((l, i) => {
    const k = KEY_LINE.exec(l);
    if (k && !keyLines.has(k[1])) keyLines.set(k[1], i + 2);
  });
  return {
    file,
    endLine,
    data,
    errors,
    recovered,
    duplicateKeys,
    name: data ? str(data['name']) : null,
    description: data ? str(data['description']) : null,
    allowedTools: data ? parseAllowedTools(data['allowed-tools'] ?? data['allowed_tools'] ?? data['allowedTools']) : null,
    lineOf: (key) => keyLines.get(key) ?? 1,
  };
}

export const FRONTMATTER_RULES = [
  heuristic('ingest-no-skill-md', 'ingest', 'low', {
    match: [{ files: [{ path: 'README.md', text: '# Notes helper\n\nFormats notes.\n' }] }],
    noMatch: [{ files: [{ path: 'SKILL.md', text: '---\nname: notes-helper\ndescription: Formats notes.\n---\n# Notes\n' }, { path: 'README.md', text: '# Notes helper\n' }] }],
  }),
  heuristic('frontmatter-missing', 'frontmatter', 'low', {
    match: [{ path: 'SKILL.md', text: '# Notes helper\n\nFormat the user\'s notes.\n' }],
    noMatch: [{ path: 'SKILL.md', text: '---\nname: notes-helper\ndescription: Formats notes.\n---\n# Notes helper\n\n---\n\nA horizontal rule is not frontmatter.\n' }],
  }),
  heuristic('frontmatter-invalid-yaml', 'frontmatter', 'medium', {
    match: ['---\nname: notes-helper\ndescription: [Formats notes\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper\ndescription: "Formats notes: fast and tidy."\n---\n# Notes\n'],
  }),
  heuristic('frontmatter-duplicate-key', 'frontmatter', 'medium', {
    match: ['---\nname: notes-helper\ndescription: Formats notes.\nname: other-skill\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper\ndescription: Formats notes.\nmetadata:\n  name: internal-id\n---\n# Notes\n'],
  }),
  heuristic('frontmatter-missing-fields', 'frontmatter', 'low', {
    match: ['---\nname: notes-helper\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper\ndescription: >\n  Formats notes\n  into summaries.\n---\n# Notes\n'],
  }),
  heuristic('frontmatter-name-format', 'frontmatter', 'low', {
    match: ['---\nname: Notes Helper\ndescription: Formats notes.\n---\n# Notes\n'],
    noMatch: ['---\nname: notes-helper-2\ndescription: Formats notes.\n---\n# Notes\n'],
  }),
  heuristic('frontmatter-description-too-long', 'frontmatter', 'low', {
    match: [`---\nname: notes-helper\ndescription: ${'Formats notes into summaries. '.repeat(40)}\n---\n# Notes\n`],
    noMatch: [`---\nname: notes-helper\ndescription: ${'Formats notes into summaries. '.repeat(30)}\n---\n# Notes\n`],
  }),
];

function hit(ruleId: string, f: FileFacts, line: number): Hit {
  const raw = f.rawLines[line - 1] ?? '';
  return { ruleId, delta: 0, file: f.path, line, snippet: makeSnippet(raw, f.normLines[line - 1] ?? raw, 0) };
}

export const frontmatterAnalyzer: Analyzer = {
  name: 'frontmatter',
  phase: 'main',
  rules: FRONTMATTER_RULES,
  run(ctx) {
    const f = ctx.skillMd;
    if (!f) {
      ctx.emit({ ruleId: 'ingest-no-skill-md', delta: 0, file: null, line: null, snippet: null });
      return;
    }
    const fm = ctx.frontmatter;
    if (!fm) {
      ctx.emit(hit('frontmatter-missing', f, 1));
      return;
    }
    if (fm.duplicateKeys) ctx.emit(hit('frontmatter-duplicate-key', f, 1));
    if (fm.errors.some((e) => e !== 'DUPLICATE_KEY')) {
      // When the line-by-line reading still yields a name and a description, the error is a
      // formatting slip (an unquoted colon) that lenient loaders accept: a quality note, not a risk.
      const slip = fm.recovered && !!fm.name && !!fm.description;
      ctx.emit({ ...hit('frontmatter-invalid-yaml', f, 1), delta: slip ? -1 : 0 });
    }
    if (!fm.data) return;
    if (!fm.name || !fm.description || fm.description.trim() === '') ctx.emit(hit('frontmatter-missing-fields', f, 1));
    if (fm.name && !NAME_FORMAT.test(fm.name)) ctx.emit(hit('frontmatter-name-format', f, fm.lineOf('name')));
    if (fm.description && fm.description.length > 1024) ctx.emit(hit('frontmatter-description-too-long', f, fm.lineOf('description')));
  },
};
