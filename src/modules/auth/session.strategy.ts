import type { Request } from 'express';
import { ExtractJwt, Strategy as JwtStrategy, type VerifiedCallback } from 'passport-jwt';
import type { SessionUser } from '../../common/guards/session-user';
import { MAX_SESSION_TOKEN_LENGTH, SESSION_ALGORITHM, SESSION_COOKIE } from './session.constants';

/** Name under which the strategy is registered on the resolver's own passport instance. */
export const SESSION_STRATEGY = 'session-jwt';

const MAX_INT4 = 2_147_483_647;
/** Three base64url segments; the signature may be empty only in an `alg: none` token, which verification rejects. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The raw token from the `session` cookie, or null. Only the cookie is read (no Authorization
 * header, no query parameter). cookie-parser turns `j:`-prefixed values into objects, so the
 * type is checked; over-long or obviously malformed values are dropped before any decoding.
 */
export function sessionTokenFromRequest(request: Request): string | null {
  const value: unknown = (request as { cookies?: Record<string, unknown> }).cookies?.[SESSION_COOKIE];
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_SESSION_TOKEN_LENGTH) return null;
  return JWT_SHAPE.test(value) ? value : null;
}

/**
 * Maps verified claims to the session user, or null when `sub` or `email` is missing or
 * malformed. `sub` is the admin id as a decimal string (a JSON integer is tolerated);
 * `email` a non-empty string. Per the spec every valid token is an admin's.
 */
export function sessionUserFromClaims(payload: unknown): SessionUser | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { sub, email } = payload as { sub?: unknown; email?: unknown };
  let id: number;
  if (typeof sub === 'string' && /^[1-9]\d{0,9}$/.test(sub)) id = Number(sub);
  else if (typeof sub === 'number' && Number.isSafeInteger(sub)) id = sub;
  else return null;
  if (id < 1 || id > MAX_INT4) return null;
  if (typeof email !== 'string' || email.trim() === '' || email.length > 320) return null;
  return { id, email, isAdmin: true };
}

/**
 * passport-jwt strategy for the session cookie: HS256 only (so `alg: none`, HS384/HS512 and
 * RS256/ES256 tokens fail), expiry enforced, then the claim check above.
 */
export function createSessionStrategy(secret: string): JwtStrategy {
  return new JwtStrategy(
    {
      jwtFromRequest: ExtractJwt.fromExtractors([sessionTokenFromRequest]),
      secretOrKey: secret,
      algorithms: [SESSION_ALGORITHM],
      ignoreExpiration: false,
    },
    (payload: unknown, done: VerifiedCallback) => {
      const user = sessionUserFromClaims(payload);
      done(null, user ?? false);
    },
  );
}
