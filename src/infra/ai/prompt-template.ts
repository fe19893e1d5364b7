import type { FileKind } from '../../core/ingest/ingest.types';

/**
 * Prompt templates (`prompts` table) use `{{language}}`, `{{skillName}}` and `{{files}}`.
 * Rendering is one pass: text inserted for a placeholder (e.g. file contents) is never expanded
 * again. Unknown placeholders stay as they are. A template without `{{files}}` gets the file
 * listing appended, so an edited prompt cannot silently drop the skill.
 */
export interface PromptFile {
  path: string;
  kind: FileKind;
  size: number;
  /** null for binary files and files left out for the budget. */
  content: string | null;
  binary: boolean;
  /** Characters of the content that were cut off to keep the prompt bounded. */
  omittedChars: number;
}

export const LANGUAGE_NAMES: Record<string, string> = {
  de: 'German (Deutsch)',
  en: 'English',
  es: 'Spanish (Español)',
};

/** Total characters of file content sent to a provider, and per file. */
export const PROMPT_FILES_BUDGET = 120_000;
export const PROMPT_FILE_MAX = 40_000;

const KIND_ORDER: Record<FileKind, number> = { instruction: 0, script: 1, resource: 2 };

/**
 * Chooses and trims the files for a prompt: instructions first (SKILL.md first), then scripts,
 * then resources. `contentLength` is the full length when `content` was already cut (database reads).
 */
export function selectPromptFiles(
  files: ReadonlyArray<{ path: string; kind: FileKind; size: number; content: string | null; contentLength?: number }>,
  budget = PROMPT_FILES_BUDGET,
  perFile = PROMPT_FILE_MAX,
): PromptFile[] {
  const ordered = [...files].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      Number(b.path === 'SKILL.md') - Number(a.path === 'SKILL.md') ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  let left = budget;
  return ordered.map((file) => {
    if (file.content === null) return { path: file.path, kind: file.kind, size: file.size, content: null, binary: true, omittedChars: 0 };
    const take = Math.max(0, Math.min(left, perFile, file.content.length));
    const fullLength = Math.max(file.contentLength ?? 0, file.content.length);
    left -= take;
    return {
      path: file.path,
      kind: file.kind,
      size: file.size,
      content: take > 0 ? file.content.slice(0, take) : null,
      binary: false,
      omittedChars: fullLength - take,
    };
  });
}

/** The `{{files}}` block. `boundary` is a per-call random token so file text cannot fake a delimiter. */
export function renderFiles(files: readonly PromptFile[], options: { boundary: string; lineNumbers: boolean }): string {
  if (files.length === 0) return '(no files)';
  const b = options.boundary;
  return files
    .map((file) => {
      const head = `<<<FILE ${b} path="${file.path}" kind="${file.kind}" bytes="${file.size}"${file.binary ? ' binary="true"' : ''}>>>`;
      let body: string;
      if (file.binary) body = '(binary file, content not included)';
      else if (file.content === null) body = `(content not included: prompt size limit; ${file.omittedChars} characters)`;
      else {
        body = options.lineNumbers ? numberLines(file.content) : file.content;
        if (file.omittedChars > 0) body += `\n(… ${file.omittedChars} more characters not included: prompt size limit)`;
      }
      return `${head}\n${body}\n<<<END FILE ${b}>>>`;
    })
    .join('\n\n');
}

function numberLines(content: string): string {
  return content
    .split(/\r?\n/)
    .map((line, i) => `${i + 1}| ${line}`)
    .join('\n');
}

export function renderPrompt(template: string, vars: Record<string, string>): string {
  const rendered = template.replace(/\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g, (match, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : match,
  );
  if (vars.files !== undefined && !/\{\{\s*files\s*\}\}/.test(template)) return `${rendered}\n\n${vars.files}`;
  return rendered;
}
