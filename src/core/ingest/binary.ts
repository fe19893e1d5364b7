/** Files with a NUL byte in this many leading bytes are binary. */
export const BINARY_SNIFF_BYTES = 8 * 1024;

export interface DecodedContent {
  binary: boolean;
  /** UTF-8 text with a leading BOM removed; null for binary files. */
  content: string | null;
}

/**
 * A file is binary when it has a NUL byte in its first 8 KiB or is not valid UTF-8 (strict
 * decoder). Text is decoded with a leading U+FEFF BOM stripped from the content only (the hash is
 * always taken over the raw bytes by the caller). An empty file is text (`''`).
 */
export function decodeContent(bytes: Uint8Array): DecodedContent {
  const sniff = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  if (bytes.subarray(0, sniff).indexOf(0) !== -1) return { binary: true, content: null };
  try {
    // ignoreBOM: false (the default) removes one leading BOM, which is what we want.
    const content = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { binary: false, content };
  } catch {
    return { binary: true, content: null };
  }
}
