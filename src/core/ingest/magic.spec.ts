import { detectMagic, detectedTypeFor } from './magic';

const b = (...parts: Array<number[] | string>): Buffer =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('detectMagic', () => {
  it.each([
    ['elf', b([0x7f], 'ELF', [2, 1, 1, 0])],
    ['pe', b('MZ', [0x90, 0, 3, 0])],
    ['macho', b([0xfe, 0xed, 0xfa, 0xce, 0, 0])],
    ['macho', b([0xfe, 0xed, 0xfa, 0xcf, 0, 0])],
    ['macho', b([0xce, 0xfa, 0xed, 0xfe, 0, 0])],
    ['macho', b([0xcf, 0xfa, 0xed, 0xfe, 0, 0])],
    ['macho', b([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 2])], // fat binary, 2 archs
    ['class', b([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61])], // Java 17 class file
    ['zip', b('PK', [3, 4, 20, 0])],
    ['zip', b('PK', [5, 6, 0, 0])],
    ['gzip', b([0x1f, 0x8b, 8, 0])],
    ['pdf', b('%PDF-1.7\n')],
    ['png', b([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a])],
    ['jpeg', b([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', b('GIF89a')],
    ['gif', b('GIF87a')],
    ['webp', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['woff', b('wOFF', [0, 1, 0, 0])],
    ['woff2', b('wOF2', [0, 1, 0, 0])],
    ['ttf', b([0, 1, 0, 0, 0, 0x10])],
    ['otf', b('OTTO', [0, 0x0a])],
    ['pyc', b([0xcb, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0])], // Python 3.12 (3531)
    ['pyc', b([0x03, 0xf3, 0x0d, 0x0a])], // Python 2.7 (62211)
    ['wasm', b([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])],
    ['sqlite', b('SQLite format 3', [0])],
    ['7z', b([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])],
    ['rar', b('Rar!', [0x1a, 0x07, 0])],
    ['bzip2', b('BZh9', [0x31, 0x41])],
    ['xz', b([0xfd], '7zXZ', [0])],
    ['tar', b(Buffer.alloc(257).toString('latin1'), 'ustar', [0])],
  ])('%s', (type, bytes) => {
    expect(detectMagic(bytes)).toBe(type);
  });

  it('returns null for unknown or short data', () => {
    expect(detectMagic(Buffer.from('# hello'))).toBeNull();
    expect(detectMagic(Buffer.from([0x7f]))).toBeNull();
    expect(detectMagic(new Uint8Array(0))).toBeNull();
    expect(detectMagic(Buffer.from('BZh'))).toBeNull();
    expect(detectMagic(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });
});

describe('detectedTypeFor', () => {
  it('binary files get every signature', () => {
    expect(detectedTypeFor(b('MZ', [0x90, 0]), true)).toBe('pe');
  });
  it('text files only get pdf (short ASCII signatures are ordinary prose)', () => {
    expect(detectedTypeFor(Buffer.from('MZ is a prefix'), false)).toBeNull();
    expect(detectedTypeFor(Buffer.from('OTTO was here'), false)).toBeNull();
    expect(detectedTypeFor(Buffer.from('%PDF-1.4\n%ascii only'), false)).toBe('pdf');
    expect(detectedTypeFor(Buffer.from('#!/bin/sh\n'), false)).toBeNull();
  });
});
