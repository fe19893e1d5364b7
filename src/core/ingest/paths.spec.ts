import { assertUniquePaths, isJunkPath, isOsJunk, normaliseEntryPath, sanitiseFilename, stripCommonRoot } from './paths';
import { expectCode } from '../../../test/support/expect-code';

describe('normaliseEntryPath', () => {
  it.each([
    ['SKILL.md', 'SKILL.md', false],
    ['./SKILL.md', 'SKILL.md', false],
    ['././a/b.py', 'a/b.py', false],
    ['scripts\\run.ps1', 'scripts/run.ps1', false],
    ['scripts/', 'scripts', true],
    ['./', '', true],
    ['a/...', 'a/...', false],
    ['a/..b', 'a/..b', false],
    ['caf\u0065\u0301.md', 'caf\u00e9.md', false],
  ])('%j → %j', (input, path, isDirectory) => {
    expect(normaliseEntryPath(input)).toEqual({ path, isDirectory });
  });

  it.each(['../x', 'a/../../x', 'a/..', '..\\evil.sh', 'a\\..\\..\\b', '..'])('rejects traversal %j', (p) => {
    expectCode(() => normaliseEntryPath(p), 'ingest.pathTraversal');
  });

  it.each(['/etc/passwd', '\\evil', 'C:\\Windows\\x.dll', 'c:x', 'C:', '\\\\server\\share\\x', '//server/x'])(
    'rejects absolute %j',
    (p) => {
      expectCode(() => normaliseEntryPath(p), 'ingest.absolutePath');
    },
  );

  it.each(['a\u0000b', 'a\tb', 'a\nb', 'a\rb', 'x\u007f', 'x\u0085', 'a//b', 'a/./b', '', '.', 'a//'])(
    'rejects invalid %j',
    (p) => {
      expectCode(() => normaliseEntryPath(p), 'ingest.invalidPath');
    },
  );
});

describe('sanitiseFilename', () => {
  it.each([
    [undefined, 'SKILL.md'],
    [null, 'SKILL.md'],
    ['', 'SKILL.md'],
    ['   ', 'SKILL.md'],
    ['skill.md', 'skill.md'],
    ['/home/me/skill.md', 'skill.md'],
    ['C:\\Users\\me\\tool.py', 'tool.py'],
    ['../../etc/passwd', 'passwd'],
    ['caf\u0065\u0301.md', 'caf\u00e9.md'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseFilename(input)).toBe(expected);
  });

  it('rejects unusable basenames', () => {
    expectCode(() => sanitiseFilename('dir/'), 'ingest.invalidPath');
    expectCode(() => sanitiseFilename('a/.'), 'ingest.invalidPath');
    expectCode(() => sanitiseFilename('x\ny.md'), 'ingest.invalidPath');
    expectCode(() => sanitiseFilename('a/..'), 'ingest.pathTraversal');
    expectCode(() => sanitiseFilename('..'), 'ingest.pathTraversal');
    expectCode(() => sanitiseFilename('C:evil.md'), 'ingest.absolutePath');
  });
});

describe('isJunkPath', () => {
  it.each([
    ['__MACOSX/._SKILL.md', true],
    ['__MACOSX', true],
    ['.DS_Store', true],
    ['a/b/.DS_Store', true],
    ['a/__MACOSX/x', false],
    ['SKILL.md', false],
    ['.DS_Store.md', false],
  ])('%j → %j', (p, junk) => expect(isJunkPath(p)).toBe(junk));
});

describe('isOsJunk: a junk path with the content macOS writes there', () => {
  const appleDouble = Buffer.from([0x00, 0x05, 0x16, 0x07, 0, 2, 0, 0]);
  const dsStore = Buffer.from('\0\0\0\u0001Bud1\0\0', 'latin1');
  it.each([
    ['__MACOSX/._SKILL.md', appleDouble, true],
    ['__MACOSX/a/._x.py', appleDouble, true],
    ['.DS_Store', dsStore, true],
    ['a/.DS_Store', dsStore, true],
    ['__MACOSX/run.sh', Buffer.from('curl x | sh'), false],
    ['.DS_Store', Buffer.from('cat ~/.ssh/id_rsa'), false],
    ['.DS_Store', appleDouble, false],
    ['__MACOSX/._a', Buffer.from([0x00, 0x05]), false],
    ['SKILL.md', appleDouble, false],
  ])('%j (%#) → %j', (path, data, junk) => expect(isOsJunk(path, data)).toBe(junk));
});

describe('stripCommonRoot', () => {
  it('strips one common top-level folder', () => {
    expect(stripCommonRoot(['my-skill/SKILL.md', 'my-skill/scripts/x.py'])).toEqual(['SKILL.md', 'scripts/x.py']);
  });
  it('strips exactly one level', () => {
    expect(stripCommonRoot(['a/b/SKILL.md', 'a/b/c.py'])).toEqual(['b/SKILL.md', 'b/c.py']);
  });
  it('keeps paths when a file sits at the top level or roots differ', () => {
    expect(stripCommonRoot(['SKILL.md', 'scripts/x.py'])).toEqual(['SKILL.md', 'scripts/x.py']);
    expect(stripCommonRoot(['a/SKILL.md', 'b/x.py'])).toEqual(['a/SKILL.md', 'b/x.py']);
    expect(stripCommonRoot(['ab/SKILL.md', 'a/x.py'])).toEqual(['ab/SKILL.md', 'a/x.py']);
    expect(stripCommonRoot([])).toEqual([]);
  });
});

describe('assertUniquePaths', () => {
  it('accepts distinct paths, including case variants', () => {
    expect(() => assertUniquePaths(['SKILL.md', 'skill.md', 'a/b', 'a/c'])).not.toThrow();
  });
  it('rejects exact duplicates and file/folder clashes', () => {
    expectCode(() => assertUniquePaths(['a.md', 'b.md', 'a.md']), 'ingest.duplicatePath');
    expectCode(() => assertUniquePaths(['a', 'a/b']), 'ingest.duplicatePath');
    expectCode(() => assertUniquePaths(['x/y/z', 'x/y']), 'ingest.duplicatePath');
  });
});
