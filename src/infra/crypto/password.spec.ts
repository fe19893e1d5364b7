import { DEFAULT_SCRYPT_PARAMS, hashPassword, MAX_PASSWORD_BYTES, needsRehash, parsePasswordHash, verifyPassword } from './password';

// Cheap parameters keep the spec fast; one test covers the defaults.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing (scrypt)', () => {
  it('hashes with the default parameters in the self-describing format', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapl', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('uses a fresh salt per password, so equal passwords give different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same-password', FAST), hashPassword('same-password', FAST)]);
    expect(a).not.toBe(b);
    expect(parsePasswordHash(a)!.salt.equals(parsePasswordHash(b)!.salt)).toBe(false);
    expect(await verifyPassword('same-password', a)).toBe(true);
    expect(await verifyPassword('same-password', b)).toBe(true);
  });

  it('never stores the password itself', async () => {
    const hash = await hashPassword('plain-text-secret', FAST);
    expect(hash).not.toContain('plain-text-secret');
    expect(hash).not.toContain(Buffer.from('plain-text-secret').toString('base64'));
  });

  it('rejects wrong, empty, non-string and over-long passwords without throwing', async () => {
    const hash = await hashPassword('secret-password', FAST);
    for (const candidate of ['', 'SECRET-PASSWORD', 'secret-password ', undefined, null, 42, {}, 'x'.repeat(MAX_PASSWORD_BYTES + 1)]) {
      await expect(verifyPassword(candidate, hash)).resolves.toBe(false);
    }
  });

  it('compares Unicode passwords after NFC normalisation', async () => {
    const composed = 'pässwörd-\u00e9';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const hash = await hashPassword(composed, FAST);
    expect(await verifyPassword(decomposed, hash)).toBe(true);
  });

  it('treats malformed or out-of-bounds stored hashes as a mismatch', async () => {
    const good = await hashPassword('pw-123456', FAST);
    const [, , r, p, salt, key] = good.split('$');
    const bad = [
      '',
      'plain',
      'bcrypt$10$abc',
      good.replace('scrypt$', 'scrypt2$'),
      `scrypt$1000$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 22}$${r}$${p}$${salt}$${key}`, // N beyond the bound (memory DoS)
      `scrypt$1024$64$${p}$${salt}$${key}`, // r beyond the bound
      `scrypt$${2 ** 20}$32$${p}$${salt}$${key}`, // 4 GiB of memory
      `scrypt$1024$${r}$${p}$!!!$${key}`,
      `scrypt$1024$${r}$${p}$${salt}$${Buffer.alloc(8).toString('base64')}`, // key too short
      `${good}$extra`,
    ];
    for (const stored of bad) {
      expect(parsePasswordHash(stored)).toBeNull();
      await expect(verifyPassword('pw-123456', stored)).resolves.toBe(false);
    }
  });

  it('verifies with the parameters stored in the hash and flags weaker ones for rehash', async () => {
    const weak = await hashPassword('pw-123456', FAST);
    expect(await verifyPassword('pw-123456', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(weak, FAST)).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
    expect(DEFAULT_SCRYPT_PARAMS).toEqual({ N: 32768, r: 8, p: 1 });
  });

  it('refuses to hash empty or over-long passwords and bad parameters', async () => {
    await expect(hashPassword('')).rejects.toThrow(TypeError);
    await expect(hashPassword('x'.repeat(MAX_PASSWORD_BYTES + 1), FAST)).rejects.toThrow(RangeError);
    await expect(hashPassword('pw-123456', { N: 1000, r: 8, p: 1 })).rejects.toThrow(RangeError);
  });
});
