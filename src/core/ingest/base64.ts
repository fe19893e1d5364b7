import { Buffer } from 'node:buffer';
import { DomainError, LimitExceeded, type DomainErrorCode } from '../errors';

/**
 * Strict base64 (RFC 4648 §4, standard alphabet) validation and decoding.
 *
 * Accepted: `A-Z a-z 0-9 + /`, ASCII whitespace anywhere (space, tab, CR, LF, FF, VT — ignored),
 * and at most two `=` padding characters at the very end (only whitespace may follow them).
 * The number of significant characters (data + padding) must be a multiple of 4, i.e. padding is
 * mandatory. Anything else (URL-safe `-`/`_`, stray `=`, missing padding, other characters) is
 * rejected with `ingest.invalidBase64`. Non-canonical trailing bits are tolerated (they do not
 * change the decoded bytes). One linear pass over the string, no intermediate copies: Node's own
 * decoder skips the whitespace we allowed.
 */

// 0 = invalid, 1 = alphabet, 2 = whitespace, 3 = '='
const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z0-9+/]/.test(ch)) CLASS[c] = 1;
  else if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) CLASS[c] = 2;
  else if (ch === '=') CLASS[c] = 3;
}

/** Validates `input` and returns the number of bytes it decodes to. Throws `ingest.invalidBase64`. */
export function base64DecodedLength(input: string): number {
  let data = 0;
  let pad = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    const cls = c < 128 ? CLASS[c] : 0;
    if (cls === 1) {
      if (pad > 0) throw new DomainError('ingest.invalidBase64');
      data++;
    } else if (cls === 3) {
      pad++;
      if (pad > 2) throw new DomainError('ingest.invalidBase64');
    } else if (cls !== 2) {
      throw new DomainError('ingest.invalidBase64');
    }
  }
  if ((data + pad) % 4 !== 0) throw new DomainError('ingest.invalidBase64');
  // 4k+1 data chars can never be valid; with padding, the last quantum must hold 2 or 3 data chars.
  if (pad > 0 && data % 4 !== 4 - pad) throw new DomainError('ingest.invalidBase64');
  const rem = data % 4; // 0, 2 or 3 here
  return (data - rem) / 4 * 3 + (rem === 0 ? 0 : rem - 1);
}

/**
 * Validates and decodes strictly. `maxBytes`, when given, is checked on the computed decoded
 * length before anything is allocated (throws `tooLargeCode` with `{limit}`).
 */
export function decodeBase64Strict(
  input: string,
  maxBytes?: number,
  tooLargeCode: DomainErrorCode = 'ingest.fileTooLarge',
): Buffer {
  const length = base64DecodedLength(input);
  if (maxBytes !== undefined && length > maxBytes) {
    throw new LimitExceeded(tooLargeCode, { limit: maxBytes });
  }
  const bytes = Buffer.from(input, 'base64');
  if (bytes.length !== length) throw new DomainError('ingest.invalidBase64');
  return bytes;
}
