import { createHash } from 'node:crypto';

/** Lowercase hex SHA-256 of raw bytes (the per-file hash of the spec). */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The scan fingerprint: SHA-256 over the (path, file hash) pairs sorted by path.
 *
 * Exact serialisation (documented in docs/decisions.md): the pairs are sorted by path in
 * UTF-16 code-unit order (JavaScript's default sort); each pair is written as
 * `<path>\t<hash>\n` in UTF-8 and the concatenation is hashed. Paths never contain a tab or
 * a newline (ingestion rejects control characters), so the encoding is unambiguous.
 * Only paths and contents take part: ZIP timestamps, entry order and compression do not.
 */
export function fingerprintOf(files: ReadonlyArray<{ path: string; hash: string }>): string {
  const pairs = files.map((f) => `${f.path}\t${f.hash}\n`);
  pairs.sort();
  const hash = createHash('sha256');
  for (const pair of pairs) hash.update(pair, 'utf8');
  return hash.digest('hex');
}
