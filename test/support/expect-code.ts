import { DomainError, type DomainErrorCode } from '../../src/core/errors';

/** Runs `fn` and asserts it throws a DomainError with exactly `code`; returns the error. */
export function expectCode(fn: () => unknown, code: DomainErrorCode): DomainError {
  let thrown: unknown;
  try {
    fn();
  } catch (e) {
    thrown = e;
  }
  if (!(thrown instanceof DomainError)) {
    throw new Error(`expected DomainError ${code}, got ${thrown === undefined ? 'no error' : String(thrown)}`);
  }
  expect(thrown.code).toBe(code);
  return thrown;
}
