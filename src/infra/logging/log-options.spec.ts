import { Writable } from 'node:stream';
import pino from 'pino';
import { pinoHttpOptions } from './log-options';

/** A pino logger with the service's options, writing into `lines`. */
function capture(level: 'info' | 'trace' = 'trace') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const options = pinoHttpOptions({ logLevel: level }, stream as any);
  const { redact, level: lvl, formatters, timestamp } = options as any;
  const logger = pino({ redact, level: lvl, formatters, timestamp }, stream);
  return { logger, lines };
}

describe('pinoHttpOptions', () => {
  it('redacts secret fields at any of the first four levels and secret headers', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: 'pw-top-SECRET1',
        body: { apiToken: 'tok-SECRET2', nested: { token: 'tok-SECRET3', deeper: { password: 'pw-SECRET4' } } },
        req: { headers: { cookie: 'session=SECRET5', authorization: 'Bearer SECRET6', 'user-agent': 'jest' } },
        res: { headers: { 'set-cookie': 'session=SECRET7' } },
        provider: { headers: { 'x-api-key': 'SECRET8' } },
      },
      'hello',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/SECRET/);
    const entry = JSON.parse(lines[0]);
    expect(entry.password).toBe('[redacted]');
    expect(entry.body.nested.deeper.password).toBe('[redacted]');
    expect(entry.req.headers['user-agent']).toBe('jest');
    expect(entry.level).toBe('info');
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
  });

  it('logs a safe subset of the request: no body, no cookie, no authorization', () => {
    const options = pinoHttpOptions({ logLevel: 'info' }) as any;
    const req = options.serializers.req({
      id: 'r1',
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { cookie: 'session=x', authorization: 'Bearer y', 'user-agent': 'ua', 'content-length': '42' },
      body: { password: 'hunter2' },
      raw: {},
    });
    expect(req).toEqual({
      id: 'r1',
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'user-agent': 'ua', 'content-length': '42' },
    });
    expect(options.serializers.res({ statusCode: 200, headers: { 'set-cookie': 'session=z', 'content-type': 'application/json' } })).toEqual({
      statusCode: 200,
      headers: { 'content-type': 'application/json' },
    });
  });

  it('chooses the level from the status and keeps probes out of the request log', () => {
    const options = pinoHttpOptions({ logLevel: 'info' }) as any;
    expect(options.level).toBe('info');
    expect(options.customLogLevel({}, { statusCode: 200 })).toBe('info');
    expect(options.customLogLevel({}, { statusCode: 404 })).toBe('warn');
    expect(options.customLogLevel({}, { statusCode: 503 })).toBe('error');
    expect(options.customLogLevel({}, { statusCode: 200 }, new Error('x'))).toBe('error');
    expect(options.autoLogging.ignore({ url: '/api/healthz' })).toBe(true);
    expect(options.autoLogging.ignore({ originalUrl: '/api/readyz?x=1', url: '/readyz' })).toBe(true);
    expect(options.autoLogging.ignore({ url: '/api/scans' })).toBe(false);
  });
});
