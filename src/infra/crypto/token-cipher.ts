import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM encryption of provider API tokens at rest.
 *
 * Key: HKDF-SHA256 over `TOKEN_ENCRYPTION_KEY` when it is set, else over `SESSION_SECRET`
 * (both are validated to be ≥ 16 characters). When neither is set there is no key: storing a
 * token fails with `TokenKeyMissingError` (the API answers 500 `tokenKeyMissing`) and reading
 * one reports the token as unreadable. A random or file-based fallback key is deliberately not
 * used: it would silently differ between the API and the workers (and across restarts).
 *
 * Stored format: `v1:<iv>:<tag>:<ciphertext>` (base64 parts, 12-byte random IV, 16-byte tag).
 * The AAD binds the ciphertext to its purpose, so it cannot be replayed as another secret.
 */
export const TOKEN_FORMAT_VERSION = 'v1';
const AAD = Buffer.from('skill-audit:ai-provider-token:v1');
const HKDF_SALT = Buffer.from('skill-audit-service/token-encryption');
const HKDF_INFO = Buffer.from('aes-256-gcm v1');

export class TokenKeyMissingError extends Error {
  constructor() {
    super('No token encryption key: set TOKEN_ENCRYPTION_KEY (or SESSION_SECRET)');
    this.name = 'TokenKeyMissingError';
  }
}

export class TokenDecryptError extends Error {
  constructor() {
    super('The stored token cannot be decrypted (malformed, or the encryption key changed)');
    this.name = 'TokenDecryptError';
  }
}

export interface TokenKeySource {
  tokenEncryptionKey: string | null;
  sessionSecret: string | null;
}

/** The 32-byte AES key from the configuration, or null when no key material is configured. */
export function deriveTokenKey(source: TokenKeySource): Buffer | null {
  const material = source.tokenEncryptionKey ?? source.sessionSecret;
  if (!material) return null;
  return Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), HKDF_SALT, HKDF_INFO, 32));
}

export class TokenCipher {
  private readonly key: Buffer | null;

  constructor(source: TokenKeySource) {
    this.key = deriveTokenKey(source);
  }

  get available(): boolean {
    return this.key !== null;
  }

  encrypt(plain: string): string {
    if (!this.key) throw new TokenKeyMissingError();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(AAD);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [TOKEN_FORMAT_VERSION, iv.toString('base64'), tag.toString('base64'), ciphertext.toString('base64')].join(':');
  }

  decrypt(stored: string): string {
    if (!this.key) throw new TokenKeyMissingError();
    const parts = stored.split(':');
    if (parts.length !== 4 || parts[0] !== TOKEN_FORMAT_VERSION) throw new TokenDecryptError();
    try {
      const [, iv, tag, ciphertext] = parts.map((p, i) => (i === 0 ? Buffer.alloc(0) : Buffer.from(p, 'base64')));
      if (iv.length !== 12 || tag.length !== 16) throw new TokenDecryptError();
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: 16 });
      decipher.setAAD(AAD);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new TokenDecryptError();
    }
  }
}

/**
 * Masked preview of a token: the first 4 characters, "…", the last 4 — only for tokens of at
 * least 12 characters, so at most 8 of ≥ 12 characters are shown. Shorter tokens show "…" and
 * at most the last 4 characters, never more than a third of the token ("" → no token).
 */
export function tokenPreview(token: string | null | undefined): string {
  if (!token) return '';
  const chars = Array.from(token);
  if (chars.length >= 12) return `${chars.slice(0, 4).join('')}…${chars.slice(-4).join('')}`;
  const tail = Math.min(4, Math.floor(chars.length / 3));
  return `…${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}
