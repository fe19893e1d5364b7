import { applyDecorators, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { DEFAULT_IPV6_SUBNET_PREFIX, normalizeIp, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerOptions } from '@nestjs/throttler';
import type { Request } from 'express';
import type { AppConfig } from '../../infra/config/app-config';
import { normalizeEmail } from './email';

/** The two login throttlers: per client IP and per submitted email (DESIGN.md). */
export const LOGIN_THROTTLERS = ['login-ip', 'login-email'] as const;
const LOGIN_THROTTLED = 'auth:login-throttled';

function isLoginRoute(context: ExecutionContext): boolean {
  return Reflect.getMetadata(LOGIN_THROTTLED, context.getHandler()) === true;
}

/** The IP tracker: `req.ip` (honours TRUST_PROXY); IPv6 clients are grouped by their /64. */
function ipTracker(request: Record<string, any>): string {
  const ip = (request as Request).ip ?? (request as Request).socket?.remoteAddress;
  return `ip:${normalizeIp(ip ?? 'unknown', DEFAULT_IPV6_SUBNET_PREFIX)}`;
}

/** The email tracker: the submitted email, normalised as at sign-in; bodies without one share a bucket. */
function emailTracker(request: Record<string, any>): string {
  const email: unknown = (request as Request).body?.email;
  return typeof email === 'string' ? `email:${normalizeEmail(email).slice(0, 320)}` : 'email:-';
}

/**
 * Throttler definitions for ThrottlerModule.forRootAsync (api.module.ts). Limits come from
 * LOGIN_RATE_LIMIT attempts per LOGIN_RATE_WINDOW_MS. Each throttler skips every route that is
 * not marked @LoginThrottled(), so even a global ThrottlerGuard added later could not make
 * them limit other routes.
 */
export function loginThrottlers(throttle: AppConfig['throttle']): ThrottlerOptions[] {
  const common = { limit: throttle.loginLimit, ttl: throttle.loginTtlMs, blockDuration: throttle.loginTtlMs, skipIf: (ctx: ExecutionContext) => !isLoginRoute(ctx) };
  return [
    { ...common, name: LOGIN_THROTTLERS[0], getTracker: ipTracker },
    { ...common, name: LOGIN_THROTTLERS[1], getTracker: emailTracker },
  ];
}

/**
 * ThrottlerGuard that only applies the login throttlers. 429 → localized `tooManyRequests` via
 * the error filter, with `Retry-After` in seconds (the throttler itself only sets the
 * per-throttler `Retry-After-login-ip` / `Retry-After-login-email`).
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    this.throttlers = this.throttlers.filter((t) => (LOGIN_THROTTLERS as readonly string[]).includes(t.name!));
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const { res } = this.getRequestResponse(context);
    res.header('Retry-After', String(Math.max(1, detail.timeToBlockExpire)));
    return super.throwThrottlingException(context, detail);
  }
}

/** Marks a handler as a login route and throttles it per IP and per email. */
export function LoginThrottled(): MethodDecorator {
  return applyDecorators(SetMetadata(LOGIN_THROTTLED, true), UseGuards(LoginThrottlerGuard));
}
