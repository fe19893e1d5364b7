/** Who the caller is, as resolved from the session cookie (see modules/auth). */
export interface SessionUser {
  id: number;
  email: string;
  isAdmin: boolean;
}

export function sessionUserOf(request: unknown): SessionUser | null {
  const user = (request as { sessionUser?: SessionUser | null }).sessionUser;
  return user ?? null;
}
