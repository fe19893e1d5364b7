import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { CookieOptions } from 'express';
import { NotConfigured } from '../../core/errors';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { SESSION_ALGORITHM, SESSION_TTL_SECONDS } from './session.constants';

export interface SessionClaims {
  sub: string;
  email: string;
}

/** Issues session tokens and describes the session cookie. */
@Injectable()
export class SessionTokenService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
  ) {}

  /** True when SESSION_SECRET is configured (otherwise nobody can sign in). */
  get enabled(): boolean {
    return this.config.sessionSecret !== null;
  }

  /** Throws the localized 500 `sessionSecretMissing` when sign-in is not configured. */
  assertEnabled(): void {
    if (!this.enabled) throw new NotConfigured('sessionSecretMissing');
  }

  /** HS256 token with `sub` (admin id as a string), `email`, `iat` and `exp` = iat + 30 days. */
  sign(admin: { id: number; email: string }): string {
    this.assertEnabled();
    const claims: SessionClaims = { sub: String(admin.id), email: admin.email };
    return this.jwt.sign(claims, {
      secret: this.config.sessionSecret!,
      algorithm: SESSION_ALGORITHM,
      expiresIn: SESSION_TTL_SECONDS,
    });
  }

  /** httpOnly, SameSite=Lax, Path=/, Max-Age 30 days, Secure when COOKIE_SECURE=true. */
  cookieOptions(): CookieOptions {
    return { ...this.baseCookieOptions(), maxAge: SESSION_TTL_SECONDS * 1000 };
  }

  /** Same attributes with Max-Age=0 (and an Expires in the past), so browsers drop the cookie. */
  clearedCookieOptions(): CookieOptions {
    return { ...this.baseCookieOptions(), maxAge: 0, expires: new Date(0) };
  }

  private baseCookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.config.cookieSecure };
  }
}
