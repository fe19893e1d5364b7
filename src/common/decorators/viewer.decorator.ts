import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { sessionUserOf, type SessionUser } from '../guards/session-user';

/** The signed-in user or null; never rejects. */
export const Viewer = createParamDecorator((_data: unknown, ctx: ExecutionContext): SessionUser | null =>
  sessionUserOf(ctx.switchToHttp().getRequest()),
);
