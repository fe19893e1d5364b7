import { Buffer } from 'node:buffer';
import { LimitExceeded } from '../errors';
import { fingerprintOf } from '../lineage/fingerprint';
import { DEFAULT_INGEST_LIMITS, ingestSkill, type IngestInput } from './index';
import { buildZip, type BuilderEntry } from '../../../test/support/zip-builder';
import { expectCode } from '../../../test/support/expect-code';

const SKILL_TEXT = '# My Skill\n\nDo things.\n';
const SKILL_HASH = '7b8b92344ad0945eb133f324e609bda0677035298337c6fd4627796dea7a889a';
/** sha256("SKILL.md\t" + SKILL_HASH + "\n"), computed with sha256sum. */
const SKILL_FINGERPRINT = '28b7af993387ae7c0d78b557038ce999c62a96b53a5a0edeb879f3b22e980c7c';

const b64 = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s).toString('base64');
const zipInput = (entries: BuilderEntry[]): IngestInput => ({ source: 'zip', contentBase64: buildZip(entries).toString('base64') });

describe('ingestSkill — text', () => {
  it('produces one SKILL.md with the exact text and literal hash/fingerprint', () => {
    const r = ingestSkill({ source: 'text', text: SKILL_TEXT });
    expect(r.files).toEqual([
      {
        path: 'SKILL.md',
        kind: 'instruction',
        language: 'markdown',
        size: 23,
        hash: SKILL_HASH,
        content: SKILL_TEXT,
        detectedType: null,
      },
    ]);
    expect(r.fingerprint).toBe(SKILL_FINGERPRINT);
  });

  it('hashes the UTF-8 bytes and keeps the text exactly (BOM, surrounding whitespace)', () => {
    const r = ingestSkill({ source: 'text', text: 'Grüße 🎉' });
    expect(r.files[0].hash).toBe('256a26d0aef0ecbad268b180bed1d21f431f8cf56850138ebc659f30cb90988b');
    expect(r.files[0].size).toBe(12);
    const padded = '\ufeff  hello  \n';
    expect(ingestSkill({ source: 'text', text: padded }).files[0].content).toBe(padded);
  });

  it('identical pastes have the same fingerprint regardless of display name or filename', () => {
    const a = ingestSkill({ source: 'text', text: SKILL_TEXT, filename: 'foo.md' });
    const b = ingestSkill({ source: 'text', text: SKILL_TEXT });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.files[0].path).toBe('SKILL.md');
    expect(ingestSkill({ source: 'text', text: SKILL_TEXT + ' ' }).fingerprint).not.toBe(a.fingerprint);
  });

  it('a paste, a SKILL.md upload and a zip with SKILL.md share the fingerprint', () => {
    const file = ingestSkill({ source: 'file', contentBase64: b64(SKILL_TEXT) });
    const zip = ingestSkill(zipInput([{ name: 'skill/SKILL.md', data: SKILL_TEXT }]));
    expect(file.fingerprint).toBe(SKILL_FINGERPRINT);
    expect(zip.fingerprint).toBe(SKILL_FINGERPRINT);
  });

  it('rejects missing, empty and oversized text', () => {
    expectCode(() => ingestSkill({ source: 'text' }), 'ingest.missingText');
    expectCode(() => ingestSkill({ source: 'text', text: null }), 'ingest.missingText');
    expectCode(() => ingestSkill({ source: 'text', text: 42 as unknown as string }), 'ingest.missingText');
    expectCode(() => ingestSkill({ source: 'text', text: '' }), 'ingest.emptyText');
    expectCode(() => ingestSkill({ source: 'text', text: ' \n\t ' }), 'ingest.emptyText');
    const limits = { ...DEFAULT_INGEST_LIMITS, maxEntryBytes: 4 };
    expect(ingestSkill({ source: 'text', text: 'abcd' }, limits).files).toHaveLength(1);
    expectCode(() => ingestSkill({ source: 'text', text: 'abcdé' }, limits), 'ingest.textTooLarge');
    // Limits are their own kind of domain error (mapped once, in the HTTP filter).
    expect(() => ingestSkill({ source: 'text', text: 'abcdé' }, limits)).toThrow(LimitExceeded);
    expect(() => ingestSkill({ source: 'text', text: '' }, limits)).not.toThrow(LimitExceeded);
  });
});

describe('ingestSkill — file', () => {
  it('uses the sanitised basename of filename, defaulting to SKILL.md', () => {
    const content = b64('print("hi")\n');
    const r = ingestSkill({ source: 'file', contentBase64: content, filename: 'C:\\Users\\me\\tool.py' });
    expect(r.files).toEqual([
      {
        path: 'tool.py',
        kind: 'script',
        language: 'python',
        size: 12,
        hash: '0ca9091eb4e31fb1ab24c8c5de92a08e4e5f402919f82ea3ca784f38534f03f3',
        content: 'print("hi")\n',
        detectedType: null,
      },
    ]);
    expect(ingestSkill({ source: 'file', contentBase64: content, filename: '  ' }).files[0].path).toBe('SKILL.md');
    expect(ingestSkill({ source: 'file', contentBase64: content, filename: null }).files[0].path).toBe('SKILL.md');
    expect(ingestSkill({ source: 'file', contentBase64: content, filename: '../../x.md' }).files[0].path).toBe('x.md');
  });

  it('keeps binary uploads as hash + size only', () => {
    const r = ingestSkill({ source: 'file', contentBase64: b64(Buffer.from([0, 1, 2, 0xff])), filename: 'blob.bin' });
    expect(r.files[0]).toEqual({
      path: 'blob.bin',
      kind: 'resource',
      language: null,
      size: 4,
      hash: '3d1f57c984978ef98a18378c8166c1cb8ede02c03eeb6aee7e2f121dfeee3e56',
      content: null,
      detectedType: null,
    });
  });

  it('a zip uploaded as a file stays one binary file', () => {
    const zip = buildZip([{ name: 'a.md', data: 'x' }]);
    const r = ingestSkill({ source: 'file', contentBase64: zip.toString('base64'), filename: 'inner.zip' });
    expect(r.files).toHaveLength(1);
    expect(r.files[0]).toMatchObject({ path: 'inner.zip', content: null, detectedType: 'zip', size: zip.length });
  });

  it('accepts base64 with line breaks', () => {
    const text = 'x'.repeat(200);
    const wrapped = b64(text).replace(/(.{76})/g, '$1\n');
    expect(ingestSkill({ source: 'file', contentBase64: wrapped }).files[0].content).toBe(text);
  });

  it('rejects missing content, invalid base64, empty and oversized files, bad filenames', () => {
    expectCode(() => ingestSkill({ source: 'file' }), 'ingest.missingContent');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: null }), 'ingest.missingContent');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: '' }), 'ingest.missingContent');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: ' \n' }), 'ingest.missingContent');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: 'QQ' }), 'ingest.invalidBase64');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: 'QU-_' }), 'ingest.invalidBase64');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: 'data:text/plain;base64,QUJD' }), 'ingest.invalidBase64');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: '====' }), 'ingest.invalidBase64');
    const limits = { ...DEFAULT_INGEST_LIMITS, maxEntryBytes: 3 };
    expect(ingestSkill({ source: 'file', contentBase64: 'QUJD' }, limits).files[0].size).toBe(3);
    expectCode(() => ingestSkill({ source: 'file', contentBase64: 'QUJDRA==' }, limits), 'ingest.fileTooLarge');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: 'QQ==', filename: 'a\u0000b' }), 'ingest.invalidPath');
    expectCode(() => ingestSkill({ source: 'file', contentBase64: 'QQ==', filename: 'x/..' }), 'ingest.pathTraversal');
  });

  it('rejects an unknown source', () => {
    expectCode(() => ingestSkill({ source: 'url' as never }), 'ingest.invalidSource');
    expectCode(() => ingestSkill(undefined as never), 'ingest.invalidSource');
  });
});

describe('ingestSkill — zip', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 0, 0, 13, 0xff])]);

  const entries: BuilderEntry[] = [
    { name: 'SKILL.md', data: SKILL_TEXT },
    { name: 'scripts/run.py', data: 'print("hi")\n' },
    { name: 'assets/logo.png', data: png },
    { name: 'references/b.md', data: 'hello\n' },
    { name: 'references/a.md', data: '' },
  ];

  it('classifies files, sorts them by path and hashes exact bytes', () => {
    const r = ingestSkill(zipInput(entries));
    expect(r.files.map((f) => f.path)).toEqual([
      'SKILL.md',
      'assets/logo.png',
      'references/a.md',
      'references/b.md',
      'scripts/run.py',
    ]);
    const byPath = Object.fromEntries(r.files.map((f) => [f.path, f]));
    expect(byPath['SKILL.md']).toMatchObject({ kind: 'instruction', language: 'markdown', hash: SKILL_HASH, size: 23 });
    expect(byPath['references/b.md'].hash).toBe('5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03');
    expect(byPath['references/a.md']).toMatchObject({
      size: 0,
      content: '',
      hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    });
    expect(byPath['scripts/run.py']).toMatchObject({
      kind: 'script',
      language: 'python',
      hash: '0ca9091eb4e31fb1ab24c8c5de92a08e4e5f402919f82ea3ca784f38534f03f3',
    });
    expect(byPath['assets/logo.png']).toMatchObject({
      kind: 'resource',
      language: null,
      content: null,
      size: png.length,
      detectedType: 'png',
    });
    expect(r.fingerprint).toBe(fingerprintOf(r.files));
  });

  it('binary files in a zip: content null, literal hash and size', () => {
    const r = ingestSkill(zipInput([{ name: 'SKILL.md', data: 'x' }, { name: 'bin/blob', data: Buffer.from([0, 1, 2, 0xff]) }]));
    expect(r.files[1]).toEqual({
      path: 'bin/blob',
      kind: 'resource',
      language: null,
      size: 4,
      hash: '3d1f57c984978ef98a18378c8166c1cb8ede02c03eeb6aee7e2f121dfeee3e56',
      content: null,
      detectedType: null,
    });
  });

  it('fingerprint ignores entry order, timestamps and compression method/level', () => {
    const base = ingestSkill(zipInput(entries)).fingerprint;
    const reordered = [...entries].reverse().map((e, i) => ({ ...e, dosTime: (i * 2111) & 0xffff, dosDate: 0x5a21 + i }));
    const stored = entries.map((e) => ({ ...e, method: 0 }));
    const level1 = entries.map((e) => ({ ...e, level: 1 }));
    const level9 = [...entries].reverse().map((e) => ({ ...e, level: 9 }));
    const mixed = entries.map((e, i) => ({ ...e, method: i % 2 === 0 ? 0 : 8 }));
    const withDirs: BuilderEntry[] = [{ name: 'scripts/', method: 0 }, { name: 'references/', method: 0 }, ...entries];
    for (const variant of [reordered, stored, level1, level9, mixed, withDirs]) {
      expect(ingestSkill(zipInput(variant)).fingerprint).toBe(base);
    }
    const changed = entries.map((e) => (e.name === 'references/b.md' ? { ...e, data: 'hello!\n' } : e));
    expect(ingestSkill(zipInput(changed)).fingerprint).not.toBe(base);
  });

  it('zipping the folder or its contents gives the same fingerprint (common root stripped)', () => {
    const flat = ingestSkill(zipInput(entries));
    const rooted = ingestSkill(
      zipInput([{ name: 'my-skill/', method: 0 }, ...entries.map((e) => ({ ...e, name: `my-skill/${e.name as string}` }))]),
    );
    expect(rooted.files.map((f) => f.path)).toEqual(flat.files.map((f) => f.path));
    expect(rooted.fingerprint).toBe(flat.fingerprint);
  });

  it('OS junk does not change the fingerprint', () => {
    const junk: BuilderEntry[] = [
      { name: '__MACOSX/._SKILL.md', data: Buffer.from([0, 5, 22, 7]) },
      { name: '.DS_Store', data: Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]) },
    ];
    expect(ingestSkill(zipInput([...entries, ...junk])).fingerprint).toBe(ingestSkill(zipInput(entries)).fingerprint);
  });

  it('invalid zip inputs', () => {
    expectCode(() => ingestSkill({ source: 'zip' }), 'ingest.missingContent');
    expectCode(() => ingestSkill({ source: 'zip', contentBase64: 'not base64!' }), 'ingest.invalidBase64');
    expectCode(() => ingestSkill({ source: 'zip', contentBase64: b64(SKILL_TEXT) }), 'ingest.notZip');
    expectCode(() => ingestSkill(zipInput([])), 'ingest.emptyZip');
    expectCode(() => ingestSkill(zipInput([{ name: 'a/../../x', data: 'x' }])), 'ingest.pathTraversal');
  });

  it('nested archives are kept as binary files', () => {
    const inner = buildZip([{ name: 'evil.sh', data: 'rm -rf /' }]);
    const r = ingestSkill(zipInput([{ name: 'SKILL.md', data: 'x' }, { name: 'vendor/lib.zip', data: inner }]));
    expect(r.files.map((f) => f.path)).toEqual(['SKILL.md', 'vendor/lib.zip']);
    expect(r.files[1]).toMatchObject({ content: null, detectedType: 'zip', size: inner.length });
  });
});
