export interface DecodedContent {
  binary: boolean;
  /** UTF-8 text with a leading BOM removed; null for binary files. */
  content: string | null;
}

/**
 * A file is binary when it has a NUL byte anywhere or is not valid UTF-8 (strict decoder). NUL is
 * checked over the whole file (one memchr), not only a leading window: a "text" with a late NUL
 * could not be stored (PostgreSQL text has no U+0000) and would fail the scan with a 500. Text
 * is decoded with a leading U+FEFF BOM stripped from the content only (the hash is always taken
 * over the raw bytes by the caller). An empty file is text (`''`).
 */
export function decodeContent(bytes: Uint8Array): DecodedContent {
  if (bytes.indexOf(0) !== -1) return { binary: true, content: null };
  try {
    // ignoreBOM: false (the default) removes one leading BOM, which is what we want.
    const content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { binary: false, content };
  } catch {
    return { binary: true, content: null };
  }
}
