import { createHash } from 'node:crypto';

/** The key under which SARIF `partialFingerprints` carries a finding's fingerprint. */
export const FINGERPRINT_KEY = 'skillAudit/v1';

/** What a finding's fingerprint is computed from (static and AI findings alike). */
export interface FingerprintSource {
  ruleId: string;
  file: string | null;
  /** The matched text as reported (the masked snippet); null when the finding has none. */
  snippet: string | null;
  /** AI findings without a snippet fall back to their title. */
  title?: string | null;
  /** Used only to order repeats of the same text within a file. */
  line?: number | null;
}

/**
 * The matched text as the fingerprint sees it: NFKC, runs of whitespace as one space, trimmed.
 * Indentation, line endings and re-wrapping therefore do not change a fingerprint; any other
 * change of the text does.
 */
export function normaliseMatchedText(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

function matchedText(f: FingerprintSource): string {
  return normaliseMatchedText(f.snippet ?? f.title ?? '');
}

/**
 * One fingerprint per finding, in input order: lowercase hex SHA-256 of the JSON array
 * `[ruleId, file, normalised matched text, occurrence]`. The occurrence index (0, 1, …) numbers
 * findings with equal (rule, file, text) in line order, so repeats stay distinct while a finding
 * keeps its fingerprint when lines are inserted or removed above it. JSON keeps the encoding
 * unambiguous whatever the parts contain. The line number itself takes no part.
 */
export function findingFingerprints(findings: readonly FingerprintSource[]): string[] {
  const keys = findings.map((f) => JSON.stringify([f.ruleId, f.file ?? '', matchedText(f)]));
  // Occurrence order: by line within equal keys (stable for equal lines: input order).
  const order = findings.map((_, i) => i).sort((a, b) => (findings[a].line ?? 0) - (findings[b].line ?? 0) || a - b);
  const seen = new Map<string, number>();
  const occurrence = new Array<number>(findings.length);
  for (const i of order) {
    const n = seen.get(keys[i]) ?? 0;
    occurrence[i] = n;
    seen.set(keys[i], n + 1);
  }
  return keys.map((key, i) => createHash('sha256').update(`${key.slice(0, -1)},${occurrence[i]}]`, 'utf8').digest('hex'));
}
