import { BINARY_SNIFF_BYTES, decodeContent } from './binary';

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
  it('is binary with a NUL byte in the first 8 KiB', () => {
    expect(decodeContent(Buffer.from('ab\u0000cd'))).toEqual({ binary: true, content: null });
    const late = Buffer.alloc(BINARY_SNIFF_BYTES - 1, 0x61);
    expect(decodeContent(Buffer.concat([late, Buffer.from([0])])).binary).toBe(true);
  });
  it('a NUL after the first 8 KiB alone does not make a file binary', () => {
    const text = Buffer.concat([Buffer.alloc(BINARY_SNIFF_BYTES, 0x61), Buffer.from([0])]);
    expect(decodeContent(text).binary).toBe(false);
  });
  it('is binary when not valid UTF-8', () => {
    expect(decodeContent(Buffer.from([0x68, 0xff, 0x69])).binary).toBe(true);
    expect(decodeContent(Buffer.from([0xc3])).binary).toBe(true); // truncated sequence
    expect(decodeContent(Buffer.from([0xed, 0xa0, 0x80])).binary).toBe(true); // encoded surrogate
    expect(decodeContent(Buffer.from('latin1 é', 'latin1')).binary).toBe(true);
  });
});
