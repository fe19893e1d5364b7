/** The session cookie and token parameters (spec: Authentication; DESIGN.md: Decisions). */
export const SESSION_COOKIE = 'session';
/** Session lifetime: 30 days, both the token's `exp - iat` and the cookie's Max-Age. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** The only accepted signature algorithm. */
export const SESSION_ALGORITHM = 'HS256' as const;
/** Tokens longer than this are refused before any parsing (ours are ~200 bytes). */
export const MAX_SESSION_TOKEN_LENGTH = 4096;
