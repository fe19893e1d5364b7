/** AuthMe of the spec. */
export interface AuthMeView {
  authenticated: boolean;
  isAdmin: boolean;
  email: string | null;
}

export const ANONYMOUS: AuthMeView = Object.freeze({ authenticated: false, isAdmin: false, email: null }) as AuthMeView;
