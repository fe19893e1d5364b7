import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestLanguage } from '../../infra/i18n/request-language';

/** The request's language (`lang` → Accept-Language → de). */
export const RequestLanguage = createParamDecorator((_data: unknown, ctx: ExecutionContext) => {
  const request = ctx.switchToHttp().getRequest<Request>();
  return requestLanguage(request.query, request.headers['accept-language']);
});
