/**
 * Removes secrets from any text that leaves a provider call (messages returned to admins,
 * `aiError` stored on scans, log lines, model replies): any fragment of ≥ 8 characters of the
 * token (plain, URL-, JSON- or base64-encoded), Bearer values, key/secret/token assignments and
 * key-like strings. Over-redaction is preferred to a leak.
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

/**
 * A secret is redacted wherever any run of this many of its characters appears — whole, split,
 * cut by a truncation, or encoded. Shorter runs are not secret-bearing enough to matter and
 * would hit ordinary text.
 */
export const FRAGMENT_LENGTH = 8;

/**
 * Every FRAGMENT_LENGTH-character window of each secret, in the forms a provider might echo it:
 * as is, URL-encoded, JSON-escaped, and base64/base64url at the three byte alignments a token can
 * have inside a longer encoded string (only the characters determined by the token's own bytes).
 * Tokens are short (≤ 4 KiB), so this set stays small.
 */
export function secretFragments(secrets: ReadonlyArray<string | null | undefined>): Set<string> {
  const fragments = new Set<string>();
  const addWindows = (form: string) => {
    for (let i = 0; i + FRAGMENT_LENGTH <= form.length; i++) fragments.add(form.slice(i, i + FRAGMENT_LENGTH));
  };
  for (const secret of secrets) {
    if (!secret || secret.length < FRAGMENT_LENGTH) continue;
    addWindows(secret);
    addWindows(encodeURIComponent(secret));
    addWindows(JSON.stringify(secret).slice(1, -1));
    const bytes = Buffer.from(secret, 'utf8');
    for (let align = 0; align < 3; align++) {
      // Bits of the token: [8·align, 8·(align + n)); base64 char i covers bits [6i, 6i + 6).
      const encoded = Buffer.concat([Buffer.alloc(align), bytes, Buffer.alloc(2)]).toString('base64');
      const first = Math.ceil((8 * align) / 6);
      const end = Math.floor((8 * (align + bytes.length)) / 6);
      const pure = encoded.slice(first, end);
      addWindows(pure);
      addWindows(pure.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return fragments;
}

/**
 * Replaces every run of characters covered by a secret fragment with one `[REDACTED]`. Linear in
 * the text: one set lookup per position, overlapping matches merged through a mark array.
 */
export function redactSecrets(text: string, secrets: ReadonlyArray<string | null | undefined>): string {
  const fragments = secretFragments(secrets);
  let out = text;
  // Secrets too short to have fragments are still removed whole.
  for (const secret of secrets) {
    if (secret && secret.length >= 4 && secret.length < FRAGMENT_LENGTH) out = out.split(secret).join(REDACTED);
  }
  if (fragments.size === 0 || out.length < FRAGMENT_LENGTH) return out;
  const covered = new Uint8Array(out.length);
  let any = false;
  for (let i = 0; i + FRAGMENT_LENGTH <= out.length; i++) {
    if (fragments.has(out.slice(i, i + FRAGMENT_LENGTH))) {
      covered.fill(1, i, i + FRAGMENT_LENGTH);
      any = true;
    }
  }
  if (!any) return out;
  let result = '';
  for (let i = 0; i < out.length; ) {
    if (!covered[i]) {
      let j = i;
      while (j < out.length && !covered[j]) j++;
      result += out.slice(i, j);
      i = j;
    } else {
      while (i < out.length && covered[i]) i++;
      result += REDACTED;
    }
  }
  return result;
}

/**
 * Redacts `secrets` (e.g. the provider token: every fragment of ≥ 8 characters, plain or
 * encoded) and secret-looking patterns from `text`. The one redaction of the service.
 */
export function redact(text: string, secrets: ReadonlyArray<string | null | undefined> = []): string {
  let out = redactSecrets(text, secrets);
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

/**
 * Redacts and bounds a provider message for display, storage or logging (single line, ≤ max
 * chars). Redaction runs before the cut to `max`: the work bound taken first may cut a token,
 * but its remaining fragment is still ≥ 8 characters of the token and redacted as such.
 */
export function safeMessage(text: string, secrets: ReadonlyArray<string | null | undefined> = [], max = 300): string {
  const bounded = text.length > 8 * max + 4096 ? text.slice(0, 8 * max + 4096) : text;
  const oneLine = redact(bounded.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' '), secrets).trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
