import { buildSkillFile, classify, extensionOf } from './classify';

describe('extensionOf', () => {
  it.each([
    ['SKILL.md', 'md'],
    ['a/b/Run.PY', 'py'],
    ['.bashrc', ''],
    ['Makefile', ''],
    ['a.dir/file', ''],
    ['archive.tar.gz', 'gz'],
  ])('%j → %j', (p, ext) => expect(extensionOf(p)).toBe(ext));
});

describe('classify', () => {
  it.each([
    ['SKILL.md', '# x', 'instruction', 'markdown'],
    ['docs/guide.markdown', 'x', 'instruction', 'markdown'],
    ['docs/page.mdx', 'x', 'instruction', 'markdown'],
    ['references/notes.txt', 'x', 'instruction', 'text'],
    ['scripts/run.py', 'print()', 'script', 'python'],
    ['scripts/run.sh', 'ls', 'script', 'shell'],
    ['a.bash', '', 'script', 'shell'],
    ['a.zsh', '', 'script', 'shell'],
    ['a.js', '', 'script', 'javascript'],
    ['a.mjs', '', 'script', 'javascript'],
    ['a.cjs', '', 'script', 'javascript'],
    ['a.ts', '', 'script', 'typescript'],
    ['a.ps1', '', 'script', 'powershell'],
    ['a.psm1', '', 'script', 'powershell'],
    ['a.rb', '', 'script', 'ruby'],
    ['a.pl', '', 'script', 'perl'],
    ['a.php', '', 'script', 'php'],
    ['a.go', '', 'script', 'go'],
    ['a.rs', '', 'script', 'rust'],
    ['a.java', '', 'script', 'java'],
    ['a.bat', '', 'script', 'batch'],
    ['a.CMD', '', 'script', 'batch'],
    ['a.lua', '', 'script', 'lua'],
    ['config.json', '{}', 'resource', 'json'],
    ['config.yaml', '', 'resource', 'yaml'],
    ['config.yml', '', 'resource', 'yaml'],
    ['pyproject.toml', '', 'resource', 'toml'],
    ['index.html', '', 'resource', 'html'],
    ['style.css', '', 'resource', 'css'],
    ['data.xml', '', 'resource', 'xml'],
    ['data.csv', '', 'resource', 'csv'],
    ['logo.svg', '<svg/>', 'resource', 'svg'],
    ['LICENSE', 'MIT', 'resource', null],
    ['bin/tool', '#!/usr/bin/env python3\nprint()', 'script', 'python'],
    ['bin/tool', '#!/bin/bash\n', 'script', 'shell'],
    ['bin/tool', '#!/usr/bin/env -S node --flag\n', 'script', 'javascript'],
    ['bin/tool', '#!/opt/weird\n', 'script', null],
    ['SKILL.md', '#!/bin/sh\n', 'instruction', 'markdown'],
    ['data.json', '#!/bin/sh\n', 'script', 'json'],
  ])('%s %j → %s/%s', (path, content, kind, language) => {
    expect(classify(path, content)).toEqual({ kind, language });
  });

  it('binary files have no language but keep the kind of their extension', () => {
    expect(classify('scripts/run.py', null)).toEqual({ kind: 'script', language: null });
    expect(classify('assets/logo.png', null)).toEqual({ kind: 'resource', language: null });
    expect(classify('SKILL.md', null)).toEqual({ kind: 'instruction', language: null });
  });
});

describe('buildSkillFile', () => {
  it('hashes raw bytes and strips the BOM from the content only', () => {
    const f = buildSkillFile('notes.txt', Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0x69]));
    expect(f).toEqual({
      path: 'notes.txt',
      kind: 'instruction',
      language: 'text',
      size: 5,
      hash: '7611e336d2b333aa772acee003373474c86cd9ce975c10d66a4b0156e8641dca',
      content: 'hi',
      detectedType: null,
    });
  });
  it('keeps hash and size of binary files, content null', () => {
    const f = buildSkillFile('bin/blob', Buffer.from([0x00, 0x01, 0x02, 0xff]));
    expect(f).toEqual({
      path: 'bin/blob',
      kind: 'resource',
      language: null,
      size: 4,
      hash: '3d1f57c984978ef98a18378c8166c1cb8ede02c03eeb6aee7e2f121dfeee3e56',
      content: null,
      detectedType: null,
    });
  });
  it('detects magic on binary files', () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(8)]);
    expect(buildSkillFile('scripts/helper.py', elf)).toMatchObject({ kind: 'script', language: null, detectedType: 'elf' });
  });
});
