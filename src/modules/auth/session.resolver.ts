import { Inject, Injectable, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import type { SessionUser } from '../../common/guards/session-user';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { createSessionStrategy, SESSION_STRATEGY, sessionTokenFromRequest } from './session.strategy';

/**
 * Resolves the caller from the `session` cookie through passport-jwt. Each application owns its
 * own passport `Authenticator` (not the process-wide singleton), so two apps in one process —
 * as in the e2e tests — never share a strategy or a secret. Never throws: anything that is not a
 * valid session resolves to null. Without SESSION_SECRET every request is unauthenticated.
 */
@Injectable()
export class SessionResolver {
  private readonly logger = new Logger(SessionResolver.name);
  private readonly passport: passport.Authenticator | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    if (config.sessionSecret) {
      const authenticator = new passport.Authenticator();
      authenticator.use(SESSION_STRATEGY, createSessionStrategy(config.sessionSecret));
      this.passport = authenticator;
    } else {
      this.passport = null;
    }
  }

  get enabled(): boolean {
    return this.passport !== null;
  }

  resolve(request: Request, response: Response): Promise<SessionUser | null> {
    const authenticator = this.passport;
    // No secret or no (plausible) cookie: skip passport entirely — the common anonymous case costs nothing.
    if (!authenticator || sessionTokenFromRequest(request) === null) return Promise.resolve(null);
    return new Promise((resolve) => {
      try {
        const authenticate = authenticator.authenticate(
          SESSION_STRATEGY,
          { session: false },
          (error: unknown, user: SessionUser | false | null) => {
            if (error) this.logger.warn(`session resolution failed: ${error instanceof Error ? error.name : 'error'}`);
            resolve(error || !user ? null : user);
          },
        ) as (req: Request, res: Response, next: NextFunction) => void;
        authenticate(request, response, () => resolve(null));
      } catch {
        resolve(null);
      }
    });
  }
}
