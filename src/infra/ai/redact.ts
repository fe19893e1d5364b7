/**
 * Removes secrets from any text that leaves a provider call (messages returned to admins,
 * `aiError` stored on scans, log lines): the token itself (also URL- and JSON-encoded), Bearer
 * values, key/secret/token assignments and key-like strings. Over-redaction is preferred to a leak.
 */
export const REDACTED = '[REDACTED]';

const PATTERNS: RegExp[] = [
  // Authorization: Bearer <value> / Basic <value>
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi,
  // header or JSON/query assignments of keys, tokens, secrets, passwords
  /((?:x-)?api[-_]?key|access[-_]?token|auth[-_]?token|token|secret|password|passwd|authorization|client[-_]?secret)(["']?\s*[:=]\s*["']?)([^\s"',;&}]{4,})/gi,
  // vendor-style prefixed keys: sk-…, sk-ant-…, pk_…, rk-…, AKIA…, ghp_…, xox?-…, AIza…
  /\b(?:sk|pk|rk|ak)[-_][A-Za-z0-9_-]{6,}/g,
  /\bAKIA[0-9A-Z]{12,}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{16,}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{8,}/g,
  /\bAIza[0-9A-Za-z_-]{20,}/g,
  // JWT-like values
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*)?/g,
];
/** Long opaque runs (hex/base64 keys); redacted when they mix letters and digits. */
const OPAQUE_RUN = /[A-Za-z0-9_+/=-]{32,}/g;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Redacts `secrets` (e.g. the provider token) and secret-looking patterns from `text`. */
export function redact(text: string, secrets: ReadonlyArray<string | null | undefined> = []): string {
  let out = text;
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(JSON.stringify(secret).slice(1, -1));
    variants.add(Buffer.from(secret, 'utf8').toString('base64'));
  }
  // Longest first, so a variant containing another is removed whole.
  for (const variant of [...variants].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(escapeRegExp(variant), 'g'), REDACTED);
  }
  out = out.replace(OPAQUE_RUN, (run) => (/[0-9]/.test(run) && /[A-Za-z]/.test(run) ? REDACTED : run));
  for (const pattern of PATTERNS) {
    out = out.replace(pattern, (match, ...groups) => {
      if (pattern === PATTERNS[0]) return `${groups[0]} ${REDACTED}`;
      if (pattern === PATTERNS[1]) return `${groups[0]}${groups[1]}${REDACTED}`;
      return REDACTED;
    });
  }
  return out;
}

/** Redacts and bounds a provider message for display or storage (single line, ≤ max chars). */
export function safeMessage(text: string, secrets: ReadonlyArray<string | null | undefined> = [], max = 300): string {
  // Bound the work first, far beyond what is shown, so a token cut by this slice is never displayed.
  const bounded = text.length > 8 * max + 4096 ? text.slice(0, 8 * max + 4096) : text;
  const oneLine = redact(bounded, secrets).replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
