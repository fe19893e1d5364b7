import { decodeContent } from './binary';

describe('decodeContent', () => {
  it('decodes UTF-8 text', () => {
    expect(decodeContent(Buffer.from('Grüße 🎉', 'utf8'))).toEqual({ binary: false, content: 'Grüße 🎉' });
  });
  it('treats an empty file as text', () => {
    expect(decodeContent(new Uint8Array(0))).toEqual({ binary: false, content: '' });
  });
  it('strips one leading BOM from the content', () => {
    expect(decodeContent(Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]))).toEqual({ binary: false, content: 'hi' });
    expect(decodeContent(Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x68])).content).toBe('\ufeffh');
  });
  it('is binary with a NUL byte anywhere (PostgreSQL text cannot hold U+0000)', () => {
    expect(decodeContent(Buffer.from('ab\u0000cd'))).toEqual({ binary: true, content: null });
    const late = Buffer.concat([Buffer.alloc(1024 * 1024, 0x61), Buffer.from([0])]);
    expect(decodeContent(late)).toEqual({ binary: true, content: null });
  });
  it('is binary when not valid UTF-8', () => {
    expect(decodeContent(Buffer.from([0x68, 0xff, 0x69])).binary).toBe(true);
    expect(decodeContent(Buffer.from([0xc3])).binary).toBe(true); // truncated sequence
    expect(decodeContent(Buffer.from([0xed, 0xa0, 0x80])).binary).toBe(true); // encoded surrogate
    expect(decodeContent(Buffer.from('latin1 é', 'latin1')).binary).toBe(true);
  });
});
