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
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
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
