import { TokenCipher, TokenDecryptError, TokenKeyMissingError, deriveTokenKey, tokenPreview } from './token-cipher';

describe('TokenCipher', () => {
  const cipher = new TokenCipher({ tokenEncryptionKey: null, sessionSecret: 'test-session-secret-0123456789' });

  it('round-trips a token and never stores it in clear', () => {
    const token = 'sk-live-0123456789abcdefghij';
    const stored = cipher.encrypt(token);
    expect(stored).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(Buffer.from(token).toString('base64'));
    expect(cipher.decrypt(stored)).toBe(token);
  });

  it('uses a fresh IV per encryption', () => {
    expect(cipher.encrypt('same-token')).not.toBe(cipher.encrypt('same-token'));
  });

  it('rejects tampered ciphertexts and other keys', () => {
    const stored = cipher.encrypt('sk-abcdef-123456');
    const [v, iv, tag, ct] = stored.split(':');
    const flipped = Buffer.from(ct, 'base64');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow(TokenDecryptError);
    expect(() => cipher.decrypt('garbage')).toThrow(TokenDecryptError);
    const other = new TokenCipher({ tokenEncryptionKey: 'another-key-0123456789', sessionSecret: null });
    expect(() => other.decrypt(stored)).toThrow(TokenDecryptError);
  });

  it('prefers TOKEN_ENCRYPTION_KEY over SESSION_SECRET', () => {
    const a = deriveTokenKey({ tokenEncryptionKey: 'token-key-0123456789', sessionSecret: 'session-secret-0123456789' });
    const b = deriveTokenKey({ tokenEncryptionKey: 'token-key-0123456789', sessionSecret: null });
    const c = deriveTokenKey({ tokenEncryptionKey: null, sessionSecret: 'session-secret-0123456789' });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a).toHaveLength(32);
  });

  it('refuses to store or read tokens without key material', () => {
    const none = new TokenCipher({ tokenEncryptionKey: null, sessionSecret: null });
    expect(none.available).toBe(false);
    expect(() => none.encrypt('x')).toThrow(TokenKeyMissingError);
    expect(() => none.decrypt('v1:a:b:c')).toThrow(TokenKeyMissingError);
  });
});

describe('tokenPreview', () => {
  it('shows first 4 … last 4 for long tokens', () => {
    expect(tokenPreview('sk-abcdefghijklmnop1234')).toBe('sk-a…1234');
    expect(tokenPreview('abcdefghijkl')).toBe('abcd…ijkl');
  });

  it('shows at most the last 4 and never more than a third for short tokens', () => {
    expect(tokenPreview('abcdefghijk')).toBe('…ijk');
    expect(tokenPreview('abcdef')).toBe('…ef');
    expect(tokenPreview('ab')).toBe('…');
    expect(tokenPreview('')).toBe('');
    expect(tokenPreview(null)).toBe('');
  });

  it('fits the 32-character column', () => {
    expect(tokenPreview('x'.repeat(500)).length).toBeLessThanOrEqual(32);
  });
});
