/** Deepest nesting of arrays/objects a JSON request body may have (our DTOs use 1–2 levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * True when the raw JSON text nests arrays/objects deeper than `max`. One pass over the bytes,
 * no allocation: brackets inside strings (with their escapes) do not count. Run before the body
 * is parsed, so a 4 KB body of 2 000 `[` never reaches class-transformer's recursion (a 500).
 * Works on UTF-8 bytes: multi-byte sequences never contain the ASCII bytes it looks at.
 * Malformed JSON is left to the parser (400 malformedJson).
 */
export function jsonDepthExceeds(body: Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === 0x22) {
      const end = stringEnd(body, i);
      if (end < 0) return false; // unterminated: the parser rejects it
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * Index of the quote closing the string that opens at `open`, or -1. Jumps from quote to quote
 * with indexOf (a 40 MB base64 string is one native search); a quote preceded by an odd run of
 * backslashes is escaped. Each backslash run is counted once, so this stays linear.
 */
function stringEnd(body: Uint8Array, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = body.indexOf(0x22, from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let k = quote - 1; k > open && body[k] === 0x5c; k--) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** The error body-parser passes on when {@link jsonDepthExceeds} (rendered as 400 jsonTooDeep). */
export class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor(readonly limit: number) {
    super(`request body nested deeper than ${limit} levels`);
    this.name = 'JsonTooDeepError';
  }
}
