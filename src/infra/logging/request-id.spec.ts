import { assignRequestId, resolveRequestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('resolveRequestId', () => {
  it('keeps a safe short token from the caller', () => {
    for (const id of ['abc', 'req-123', 'A1.b2_c3:d4', 'x'.repeat(64), '0f8e2c1a-9b7d-4c3e-8f6a-5d4c3b2a1908']) {
      expect(resolveRequestId(id)).toBe(id);
    }
  });

  it('replaces missing, long or unsafe values by a fresh UUID', () => {
    for (const id of [undefined, '', ' ', 'x'.repeat(65), 'a b', 'a"b', 'line\nbreak', '<script>', '-leading-dash', 'ümlaut', 'a;b']) {
      expect(resolveRequestId(id)).toMatch(UUID);
    }
    expect(resolveRequestId(['first-ok', 'second'])).toBe('first-ok');
    expect(resolveRequestId('a b')).not.toBe(resolveRequestId('a b'));
  });
});

describe('assignRequestId', () => {
  it('sets req.id once and the X-Request-Id response header', () => {
    const headers: Record<string, string> = {};
    const res = { headersSent: false, setHeader: (name: string, value: string) => (headers[name] = value) };
    const req = { headers: { 'x-request-id': 'trace-42' } } as any;
    expect(assignRequestId(req, res as any)).toBe('trace-42');
    expect(req.id).toBe('trace-42');
    expect(headers['X-Request-Id']).toBe('trace-42');
    req.headers['x-request-id'] = 'other';
    expect(assignRequestId(req, res as any)).toBe('trace-42');
  });
});
