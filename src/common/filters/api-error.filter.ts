import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { I18nService } from 'nestjs-i18n';
import { DomainError, type DomainErrorKind } from '../../core/errors';
import { requestLanguage } from '../../infra/i18n/request-language';
import { AppError } from '../errors/app-error';
import { JsonTooDeepError } from '../http/json-depth';

/**
 * The one mapping from domain error kinds to HTTP statuses (the message comes from the error's
 * code). Limits answer 400 like other bad input (DESIGN: "Exceeding a limit: 400"); the body
 * limit's 413 comes from the body parser below.
 */
const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  limitExceeded: 400,
  unauthenticated: 401,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  notConfigured: 500,
};

/** body-parser (and raw-body) error types (`err.type`) → status and message key. */
const BODY_PARSER_ERRORS: Record<string, { status: number; key: string }> = {
  'entity.parse.failed': { status: 400, key: 'malformedJson' },
  'entity.too.large': { status: 413, key: 'payloadTooLarge' },
  'request.size.invalid': { status: 400, key: 'invalidBody' },
  'charset.unsupported': { status: 415, key: 'unsupportedMediaType' },
  'encoding.unsupported': { status: 415, key: 'unsupportedMediaType' },
};

const HTTP_STATUS_KEYS: Record<number, string> = {
  400: 'badRequest',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'routeNotFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  422: 'unprocessable',
  429: 'tooManyRequests',
};

/**
 * The one error filter: every error leaves as exactly `{"error": "<localized message>"}`.
 * A 500 never carries a stack, an internal message or a secret; it is logged with the request id.
 */
@Catch()
export class ApiErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiError');

  constructor(private readonly i18n: I18nService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const { status, key, params } = this.classify(exception);
    // Only unexpected errors: a deliberate 5xx (AppError/DomainError, e.g. readyz's 503) is an
    // expected state that its source reports (the readiness service logs its changes at warn).
    const deliberate = exception instanceof AppError || exception instanceof DomainError;
    if (status >= 500 && !deliberate) {
      const requestId = (request as any)?.id ?? response.getHeader?.('x-request-id');
      this.logger.error(
        { err: exception instanceof Error ? { name: exception.name, message: exception.message, stack: exception.stack } : String(exception), requestId },
        'Unhandled error',
      );
    }
    const lang = requestLanguage(request?.query, request?.headers?.['accept-language']);
    const message = this.translate(key, lang, params, status);
    if (response.headersSent) return;
    response.status(status).type('application/json').send(JSON.stringify({ error: message }));
  }

  private classify(exception: unknown): { status: number; key: string; params: Record<string, string | number> } {
    if (exception instanceof AppError) return { status: exception.status, key: exception.key, params: exception.params };
    if (exception instanceof DomainError) {
      return { status: DOMAIN_STATUS[exception.kind], key: exception.code, params: exception.params };
    }
    // body-parser's verify hook (app.factory.ts); Nest's adapter wraps it in an HttpException.
    const tooDeep = exception instanceof JsonTooDeepError ? exception : (exception as { cause?: unknown })?.cause;
    if (tooDeep instanceof JsonTooDeepError) return { status: 400, key: 'jsonTooDeep', params: { limit: tooDeep.limit } };
    // body-parser errors (malformed JSON, body too large, bad charset) carry a `type`, directly
    // or as the cause of the HttpException Nest wraps them in.
    const bodyParserError = BODY_PARSER_ERRORS[errorType(exception) ?? errorType((exception as { cause?: unknown })?.cause) ?? ''];
    if (bodyParserError) return { ...bodyParserError, params: {} };
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (HTTP_STATUS_KEYS[status]) return { status, key: HTTP_STATUS_KEYS[status], params: {} };
      if (status < 500) return { status, key: 'badRequest', params: {} };
    }
    return { status: 500, key: 'internal', params: {} };
  }

  private translate(key: string, lang: string, params: Record<string, string | number>, status: number): string {
    const text = this.i18n.translate(`errors.${key}`, { lang, args: params }) as unknown;
    if (typeof text === 'string' && text !== `errors.${key}`) return text;
    // A key without a translation must still give a sentence, never the raw key.
    const fallback = status >= 500 ? 'errors.internal' : key.startsWith('validation.') ? 'errors.invalidBody' : 'errors.badRequest';
    return this.i18n.translate(fallback, { lang }) as string;
  }
}

function errorType(error: unknown): string | undefined {
  const type = (error as { type?: unknown } | null | undefined)?.type;
  return typeof type === 'string' ? type : undefined;
}
