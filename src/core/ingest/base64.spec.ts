import { base64DecodedLength, decodeBase64Strict } from './base64';
import { expectCode } from '../../../test/support/expect-code';

describe('strict base64', () => {
  it.each([
    ['', 0],
    ['QQ==', 1],
    ['QUI=', 2],
    ['QUJD', 3],
    ['QUJDREVG', 6],
    ['QUJD\nREVG\r\n', 6],
    [' Q U J D \t', 3],
    ['QQ==\n', 1],
    ['QQ= =', 1],
  ])('accepts %j (%i bytes)', (input, length) => {
    expect(base64DecodedLength(input)).toBe(length);
    expect(decodeBase64Strict(input).length).toBe(length);
  });

  it('decodes to the same bytes as Buffer for valid input with whitespace', () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37) & 0xff));
    const b64 = bytes.toString('base64').replace(/(.{76})/g, '$1\r\n');
    expect(decodeBase64Strict(b64).equals(bytes)).toBe(true);
  });

  it.each([
    'QQ', // missing padding
    'QUI', // missing padding
    'Q', // impossible length
    'QQ=', // incomplete padding
    'Q===', // too much padding
    'QQ==QQ==', // padding in the middle
    '=QQQ',
    'QUJD-_', // URL-safe alphabet
    'QUJD!',
    'QU.D',
    'QUJDé===',
    'QUJD\u0000',
    'QUJ\u00a0D', // non-ASCII whitespace
  ])('rejects %j', (input) => {
    expectCode(() => decodeBase64Strict(input), 'ingest.invalidBase64');
  });

  it('checks the size limit before decoding', () => {
    expect(decodeBase64Strict('QUJD', 3).toString()).toBe('ABC');
    const err = expectCode(() => decodeBase64Strict('QUJD', 2), 'ingest.fileTooLarge');
    expect(err.params).toEqual({ limit: 2 });
  });

  it('is linear on large input', () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 7).toString('base64');
    const started = Date.now();
    expect(decodeBase64Strict(big).length).toBe(8 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
