import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SessionResolver } from './session.resolver';

/**
 * Runs before every guard and handler: sets `request.sessionUser` (see
 * common/guards/session-user.ts) to the signed-in admin or null. Never rejects a request —
 * refusing is AdminGuard's job.
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  constructor(private readonly sessions: SessionResolver) {}

  use(request: Request, response: Response, next: NextFunction): void {
    this.sessions.resolve(request, response).then(
      (user) => {
        (request as Request & { sessionUser?: unknown }).sessionUser = user;
        next();
      },
      () => {
        (request as Request & { sessionUser?: unknown }).sessionUser = null;
        next();
      },
    );
  }
}
