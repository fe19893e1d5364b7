import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AppError } from '../errors/app-error';
import { sessionUserOf } from './session-user';

/** 401 when the caller is not signed in, 403 when signed in without admin rights. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = sessionUserOf(context.switchToHttp().getRequest());
    if (!user) throw new AppError(401, 'unauthenticated');
    if (!user.isAdmin) throw new AppError(403, 'forbidden');
    return true;
  }
}
