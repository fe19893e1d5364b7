/**
 * File-type detection from leading magic bytes. Pure, looks at most at the first 265 bytes.
 *
 * `CAFEBABE` is shared by Java class files and Mach-O universal ("fat") binaries: the next
 * big-endian uint32 is the number of architectures for Mach-O (small) and minor/major version
 * for Java (major ≥ 45). Like `file(1)`, a value below 20 means `macho`, otherwise `class`.
 */
export type MagicType =
  | 'elf'
  | 'pe'
  | 'macho'
  | 'class'
  | 'zip'
  | 'gzip'
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'woff'
  | 'woff2'
  | 'ttf'
  | 'otf'
  | 'pyc'
  | 'wasm'
  | 'sqlite'
  | '7z'
  | 'rar'
  | 'bzip2'
  | 'xz'
  | 'tar';

function startsWith(b: Uint8Array, sig: readonly number[], offset = 0): boolean {
  if (b.length < offset + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (b[offset + i] !== sig[i]) return false;
  return true;
}

const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

function u32be(b: Uint8Array, o: number): number {
  return ((b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3]) >>> 0;
}

export function detectMagic(b: Uint8Array): MagicType | null {
  if (b.length < 2) return null;
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return 'elf';
  if (startsWith(b, [0xca, 0xfe, 0xba, 0xbe])) {
    if (b.length < 8) return 'class';
    const n = u32be(b, 4);
    return n > 0 && n < 20 ? 'macho' : 'class';
  }
  if (
    startsWith(b, [0xfe, 0xed, 0xfa, 0xce]) ||
    startsWith(b, [0xfe, 0xed, 0xfa, 0xcf]) ||
    startsWith(b, [0xce, 0xfa, 0xed, 0xfe]) ||
    startsWith(b, [0xcf, 0xfa, 0xed, 0xfe]) ||
    startsWith(b, [0xca, 0xfe, 0xba, 0xbf])
  ) {
    return 'macho';
  }
  if (
    startsWith(b, [0x50, 0x4b, 0x03, 0x04]) ||
    startsWith(b, [0x50, 0x4b, 0x05, 0x06]) ||
    startsWith(b, [0x50, 0x4b, 0x07, 0x08])
  ) {
    return 'zip';
  }
  if (startsWith(b, [0x1f, 0x8b])) return 'gzip';
  if (startsWith(b, ascii('%PDF-'))) return 'pdf';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(b, ascii('wOFF'))) return 'woff';
  if (startsWith(b, ascii('wOF2'))) return 'woff2';
  if (startsWith(b, [0x00, 0x01, 0x00, 0x00]) || startsWith(b, ascii('true'))) return 'ttf';
  if (startsWith(b, ascii('OTTO'))) return 'otf';
  if (startsWith(b, [0x00, 0x61, 0x73, 0x6d])) return 'wasm';
  if (startsWith(b, [...ascii('SQLite format 3'), 0x00])) return 'sqlite';
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(b, [...ascii('Rar!'), 0x1a, 0x07])) return 'rar';
  if (startsWith(b, ascii('BZh')) && b.length > 3 && b[3] >= 0x31 && b[3] <= 0x39) return 'bzip2';
  if (startsWith(b, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (startsWith(b, ascii('ustar'), 257)) return 'tar';
  if (startsWith(b, ascii('MZ'))) return 'pe';
  if (b.length >= 4 && b[2] === 0x0d && b[3] === 0x0a) {
    // CPython bytecode: a 2-byte little-endian version magic followed by "\r\n".
    // Python 3: 3000..3999; Python 1.5..2.7: 20121..62211.
    const v = b[0] | (b[1] << 8);
    if ((v >= 3000 && v < 4000) || (v >= 20000 && v < 63000)) return 'pyc';
  }
  return null;
}

/**
 * `detectedType` of a file. Binary files get every signature above. Text files (valid UTF-8
 * without NUL) only get `pdf` — `%PDF-` is unambiguous and a PDF can be pure ASCII — because the
 * short ASCII signatures (`MZ`, `true`, `OTTO`, `BZh1`, `Rar!`) also begin ordinary prose; real
 * binaries of those types contain NUL or invalid UTF-8 and are binary anyway.
 */
export function detectedTypeFor(bytes: Uint8Array, binary: boolean): MagicType | null {
  const type = detectMagic(bytes);
  if (binary) return type;
  return type === 'pdf' ? 'pdf' : null;
}
