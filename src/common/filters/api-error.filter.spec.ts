import { BadRequestException, PayloadTooLargeException, type ArgumentsHost } from '@nestjs/common';
import type { I18nService } from 'nestjs-i18n';
import { Conflict, DomainError, LimitExceeded, NotConfigured, NotFound, Unauthenticated, Unprocessable } from '../../core/errors';
import { ApiErrorFilter } from './api-error.filter';

/** Renders `exception` through the filter; the fake i18n answers `<key>` so the chosen key shows. */
function render(exception: unknown): { status: number; body: unknown } {
  const i18n = { translate: (key: string) => `[${key}]` } as unknown as I18nService;
  const filter = new ApiErrorFilter(i18n);
  (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
  const sent = { status: 0, body: undefined as unknown };
  const response = {
    headersSent: false,
    getHeader: () => undefined,
    status(code: number) {
      sent.status = code;
      return this;
    },
    type() {
      return this;
    },
    send(text: string) {
      sent.body = JSON.parse(text);
    },
  };
  const host = { switchToHttp: () => ({ getRequest: () => ({ query: {}, headers: {} }), getResponse: () => response }) } as unknown as ArgumentsHost;
  filter.catch(exception, host);
  return sent;
}

describe('ApiErrorFilter', () => {
  it('maps each domain error kind to its status and its code to the message', () => {
    expect(render(new DomainError('ingest.notZip'))).toEqual({ status: 400, body: { error: '[errors.ingest.notZip]' } });
    expect(render(new LimitExceeded('ingest.tooManyEntries', { limit: 3 }))).toEqual({ status: 400, body: { error: '[errors.ingest.tooManyEntries]' } });
    expect(render(new Unauthenticated('invalidCredentials'))).toEqual({ status: 401, body: { error: '[errors.invalidCredentials]' } });
    expect(render(new NotFound('scanNotFound'))).toEqual({ status: 404, body: { error: '[errors.scanNotFound]' } });
    expect(render(new Conflict('scanNotFound')).status).toBe(409);
    expect(render(new Unprocessable('descriptionUnavailable'))).toEqual({ status: 422, body: { error: '[errors.descriptionUnavailable]' } });
    expect(render(new NotConfigured('sessionSecretMissing'))).toEqual({ status: 500, body: { error: '[errors.sessionSecretMissing]' } });
  });

  it('recognises body-parser errors by their type, raw or as the cause of an HttpException', () => {
    const parseFailed = Object.assign(new SyntaxError('Unexpected token b in JSON at position 1'), { type: 'entity.parse.failed', status: 400 });
    expect(render(parseFailed)).toEqual({ status: 400, body: { error: '[errors.malformedJson]' } });
    expect(render(new BadRequestException('whatever', { cause: parseFailed }))).toEqual({ status: 400, body: { error: '[errors.malformedJson]' } });
    const tooLarge = Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 });
    expect(render(tooLarge)).toEqual({ status: 413, body: { error: '[errors.payloadTooLarge]' } });
    expect(render(new PayloadTooLargeException())).toEqual({ status: 413, body: { error: '[errors.payloadTooLarge]' } });
    expect(render(Object.assign(new Error('unsupported charset "X"'), { type: 'charset.unsupported' })).status).toBe(415);
  });

  it('does not guess from message text: a 400 mentioning JSON is a plain bad request', () => {
    expect(render(new BadRequestException('Invalid JSON somewhere'))).toEqual({ status: 400, body: { error: '[errors.badRequest]' } });
  });

  it('answers anything else with a 500 that leaks nothing', () => {
    expect(render(new Error('secret sk-live-123 exploded'))).toEqual({ status: 500, body: { error: '[errors.internal]' } });
  });
});
