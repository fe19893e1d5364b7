import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto) and a random 16-byte salt per password.
 *
 * Stored format (self-describing, so parameters can be raised later without a migration):
 *   `scrypt$<N>$<r>$<p>$<salt base64>$<hash base64>`
 *
 * Defaults: N = 2^15, r = 8, p = 1 (32 MiB, ~150 ms on the 2-core target machine), 32-byte key.
 * The async `scrypt` runs on libuv's thread pool, so hashing never blocks the event loop.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds a stored hash must respect before we spend CPU/memory on it (a tampered row cannot DoS us). */
const LIMITS = { minN: 2 ** 10, maxN: 2 ** 20, maxR: 32, maxP: 16, maxMemBytes: 256 * 1024 * 1024, minSalt: 8, maxSalt: 64, minKey: 16, maxKey: 64 } as const;
/** Passwords longer than this are refused outright (bounded work per request). */
export const MAX_PASSWORD_BYTES = 4096;

function scryptAsync(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  if (typeof password !== 'string' || password.length === 0) throw new TypeError('password must be a non-empty string');
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw new RangeError('password is too long');
  if (!paramsWithinLimits(params)) throw new RangeError('scrypt parameters out of range');
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_BYTES, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

const B64 = /^[A-Za-z0-9+/]+={0,2}$/;

function paramsWithinLimits({ N, r, p }: ScryptParams): boolean {
  return (
    Number.isSafeInteger(N) && N >= LIMITS.minN && N <= LIMITS.maxN && (N & (N - 1)) === 0 &&
    Number.isSafeInteger(r) && r >= 1 && r <= LIMITS.maxR &&
    Number.isSafeInteger(p) && p >= 1 && p <= LIMITS.maxP &&
    128 * N * r <= LIMITS.maxMemBytes
  );
}

/** Parses a stored hash; null when it is not in our format or outside the accepted bounds. */
export function parsePasswordHash(stored: string): ParsedHash | null {
  if (typeof stored !== 'string' || stored.length > 512) return null;
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts;
  if (![n, r, p].every((v) => /^[1-9]\d{0,7}$/.test(v))) return null;
  if (!B64.test(salt) || !B64.test(key)) return null;
  const parsed: ParsedHash = { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
  if (!paramsWithinLimits(parsed)) return null;
  if (parsed.salt.length < LIMITS.minSalt || parsed.salt.length > LIMITS.maxSalt) return null;
  if (parsed.key.length < LIMITS.minKey || parsed.key.length > LIMITS.maxKey) return null;
  return parsed;
}

/**
 * Checks a password against a stored hash in constant time (timingSafeEqual over the derived
 * keys). Never throws: a malformed hash, an over-long or non-string password gives false.
 */
export async function verifyPassword(password: unknown, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const usable = typeof password === 'string' && password.length > 0 && Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;
  try {
    // Even for an unusable password, derive a key so the time taken does not tell the cases apart.
    const derived = await scryptAsync(usable ? (password as string) : '\u0000', parsed.salt, parsed.key.length, parsed);
    return timingSafeEqual(derived, parsed.key) && usable;
  } catch {
    return false;
  }
}

/** True when a stored hash uses weaker parameters than the current defaults (rehash on next sign-in). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return true;
  return parsed.N < params.N || parsed.r < params.r || parsed.p < params.p || parsed.key.length < KEY_BYTES || parsed.salt.length < SALT_BYTES;
}
