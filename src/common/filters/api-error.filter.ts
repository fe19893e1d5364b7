import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { I18nService } from 'nestjs-i18n';
import { DomainError } from '../../core/errors';
import { requestLanguage } from '../../infra/i18n/request-language';
import { AppError } from '../errors/app-error';

/** Status for each domain error code; anything not listed is a bad input (400). */
const DOMAIN_STATUS: Record<string, number> = {};

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
      return { status: DOMAIN_STATUS[exception.code] ?? 400, key: exception.code, params: exception.params };
    }
    // body-parser errors (malformed JSON, body too large) reach us with a `type` and a status.
    const bodyParserType = (exception as { type?: unknown })?.type;
    if (bodyParserType === 'entity.too.large') return { status: 413, key: 'payloadTooLarge', params: {} };
    if (bodyParserType === 'entity.parse.failed') return { status: 400, key: 'malformedJson', params: {} };
    if (typeof bodyParserType === 'string' && bodyParserType.startsWith('encoding.')) {
      return { status: 415, key: 'unsupportedMediaType', params: {} };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const cause = (exception as { cause?: { type?: string } }).cause;
      if (status === 400 && exception.message.includes('JSON')) return { status, key: 'malformedJson', params: {} };
      if (cause?.type === 'entity.too.large' || status === 413) return { status: 413, key: 'payloadTooLarge', params: {} };
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
