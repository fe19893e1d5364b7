import type { Request } from 'express';
import { sessionTokenFromRequest, sessionUserFromClaims } from './session.strategy';

const req = (cookies: unknown) => ({ cookies }) as unknown as Request;

describe('sessionTokenFromRequest', () => {
  it('reads only the `session` cookie', () => {
    expect(sessionTokenFromRequest(req({ session: 'aaa.bbb.ccc' }))).toBe('aaa.bbb.ccc');
    expect(sessionTokenFromRequest(req({ other: 'aaa.bbb.ccc' }))).toBeNull();
    expect(sessionTokenFromRequest(req(undefined))).toBeNull();
    expect(sessionTokenFromRequest({ headers: { authorization: 'Bearer aaa.bbb.ccc' } } as unknown as Request)).toBeNull();
  });

  it('drops non-strings (cookie-parser j: values), empty, over-long and malformed values', () => {
    for (const value of [{ sub: '1' }, ['a.b.c'], '', 'x'.repeat(4097), 'abc', 'a.b', 'a.b.c.d', 'a b.c.d', 'a.b=.c', '.b.c']) {
      expect(sessionTokenFromRequest(req({ session: value }))).toBeNull();
    }
    expect(sessionTokenFromRequest(req({ session: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' }))).toBe('eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.');
  });
});

describe('sessionUserFromClaims', () => {
  it('maps sub and email to an admin session user', () => {
    expect(sessionUserFromClaims({ sub: '7', email: 'a@example.com', iat: 1, exp: 2 })).toEqual({ id: 7, email: 'a@example.com', isAdmin: true });
    expect(sessionUserFromClaims({ sub: 7, email: 'a@example.com' })).toEqual({ id: 7, email: 'a@example.com', isAdmin: true });
  });

  it('rejects missing or malformed sub and email', () => {
    const bad: unknown[] = [
      null,
      'string',
      [1],
      {},
      { email: 'a@example.com' },
      { sub: '1' },
      { sub: '', email: 'a@example.com' },
      { sub: '0', email: 'a@example.com' },
      { sub: '01', email: 'a@example.com' },
      { sub: '-1', email: 'a@example.com' },
      { sub: '1.5', email: 'a@example.com' },
      { sub: 'admin', email: 'a@example.com' },
      { sub: '99999999999', email: 'a@example.com' },
      { sub: 1.5, email: 'a@example.com' },
      { sub: 0, email: 'a@example.com' },
      { sub: true, email: 'a@example.com' },
      { sub: '1', email: '' },
      { sub: '1', email: '   ' },
      { sub: '1', email: 42 },
      { sub: '1', email: 'x'.repeat(321) },
    ];
    for (const claims of bad) expect(sessionUserFromClaims(claims)).toBeNull();
  });
});
