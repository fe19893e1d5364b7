import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiResponse } from '@nestjs/swagger';
import { AdminGuard } from '../guards/admin.guard';
import { ApiErrorSchema } from './schemas';
import { SESSION_COOKIE_SCHEME } from './swagger.setup';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Signed in without admin rights',
  404: 'Unknown resource',
  413: 'Request body too large',
  415: 'Content-Type is not application/json',
  422: 'Cannot be processed',
  429: 'Too many requests',
  500: 'Unexpected failure',
  503: 'Not ready',
};

/** Documents `{error}` responses with the given statuses (plus 500, which any route may answer). */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...[...new Set([...statuses, 500])].map((status) =>
      ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', type: ApiErrorSchema }),
    ),
  );
}

/** Admin-only route: the guard, the cookie scheme and its 401/403 answers in one place. */
export function AdminOnly(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(AdminGuard), ApiCookieAuth(SESSION_COOKIE_SCHEME), ApiErrors(401, 403));
}
