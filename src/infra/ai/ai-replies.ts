import type { Axis, Severity } from '../../core/engine/engine.types';

/**
 * Parsing of model answers. Models are asked for one JSON object; some wrap it in a Markdown
 * fence or add a sentence around it, so the first balanced `{…}` is used when the whole answer
 * is not JSON. Anything else is a malformed reply.
 */
export interface AiFindingDraft {
  ruleId: string;
  axis: Axis;
  severity: Severity;
  title: string;
  description: string;
  remediation: string | null;
  file: string | null;
  line: number | null;
  snippet: string | null;
}

export const MAX_AI_FINDINGS = 50;
const AXES = new Set(['security', 'privacy']);
const SEVERITIES = new Set(['critical', 'high', 'medium', 'low', 'info']);

export function extractJsonObject(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  const attempts = [trimmed];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced) attempts.push(fenced[1].trim());
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) attempts.push(trimmed.slice(start, end + 1));
  for (const attempt of attempts) {
    try {
      const value = JSON.parse(attempt) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** `{"description": "…"}` → the description (trimmed, ≤ 2000 chars), or null when malformed/empty. */
export function parseDescriptionReply(text: string): string | null {
  const json = extractJsonObject(text);
  const value = json?.description;
  if (typeof value !== 'string') return null;
  const description = value.replace(/\s+/g, ' ').trim();
  if (!description) return null;
  return description.length > 2000 ? `${description.slice(0, 1999)}…` : description;
}

/**
 * `{"findings": [...]}` → normalised drafts, or null when the reply has no findings array.
 * Items without a valid axis, severity or title are dropped; texts are bounded; `file` must
 * name a file of the scan and `line` must be a positive integer (else null).
 */
export function parseAnalysisReply(text: string, filePaths: ReadonlySet<string>): AiFindingDraft[] | null {
  const json = extractJsonObject(text);
  if (!json || !Array.isArray(json.findings)) return null;
  const drafts: AiFindingDraft[] = [];
  for (const item of json.findings) {
    if (drafts.length >= MAX_AI_FINDINGS) break;
    if (!item || typeof item !== 'object') continue;
    const raw = item as Record<string, unknown>;
    const axis = lower(raw.axis);
    const severity = lower(raw.severity);
    const title = bounded(raw.title, 200);
    if (!axis || !AXES.has(axis) || !severity || !SEVERITIES.has(severity) || !title) continue;
    const file = typeof raw.file === 'string' && filePaths.has(raw.file.trim()) ? raw.file.trim() : null;
    const line = typeof raw.line === 'number' && Number.isInteger(raw.line) && raw.line > 0 && raw.line < 10_000_000 && file ? raw.line : null;
    drafts.push({
      ruleId: `ai.${slugify(title)}`,
      axis: axis as Axis,
      severity: severity as Severity,
      title,
      description: bounded(raw.description, 2000) ?? title,
      remediation: bounded(raw.remediation, 1000),
      file,
      line,
      snippet: bounded(raw.snippet, 500, false),
    });
  }
  return drafts;
}

/** `ai.<slug>`: lowercase ASCII words of the title joined by `-` (≤ 60 chars), `finding` when none. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'finding';
}

function lower(value: unknown): string | null {
  return typeof value === 'string' ? value.trim().toLowerCase() : null;
}

function bounded(value: unknown, max: number, collapse = true): string | null {
  if (typeof value !== 'string') return null;
  const text = collapse ? value.replace(/\s+/g, ' ').trim() : value.replace(/\r\n/g, '\n').trim();
  if (!text) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
