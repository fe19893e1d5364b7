import { matchesGlob, MAX_GLOB_LENGTH } from './path-glob';

describe('matchesGlob', () => {
  it.each([
    ['SKILL.md', 'SKILL.md', true],
    ['SKILL.md', 'docs/SKILL.md', false],
    ['*.md', 'SKILL.md', true],
    ['*.md', 'references/a.md', false],
    ['scripts/*.py', 'scripts/run.py', true],
    ['scripts/*.py', 'scripts/sub/run.py', false],
    ['scripts/**', 'scripts/sub/run.py', true],
    ['**/*.py', 'run.py', true],
    ['**/*.py', 'a/b/run.py', true],
    ['**/*.py', 'a/b/run.sh', false],
    ['a/**/b.txt', 'a/b.txt', true],
    ['a/**/b.txt', 'a/x/y/b.txt', true],
    ['a/**/b.txt', 'ab.txt', false],
    ['?.sh', 'x.sh', true],
    ['?.sh', '/.sh', false],
    ['**', 'any/path/at/all', true],
    ['*', '', true],
    ['', '', true],
    ['', 'x', false],
  ])('%s vs %s → %s', (pattern, path, expected) => {
    expect(matchesGlob(pattern, path)).toBe(expected);
  });

  it('treats regex syntax as literal characters', () => {
    expect(matchesGlob('a.(b|c)+[x]$', 'a.(b|c)+[x]$')).toBe(true);
    expect(matchesGlob('a.c', 'abc')).toBe(false);
    expect(matchesGlob('(a+)+$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')).toBe(false);
  });

  it('stays fast on adversarial patterns and long paths (no backtracking)', () => {
    const pattern = '*a'.repeat(MAX_GLOB_LENGTH / 2);
    const path = 'a'.repeat(4000) + 'b';
    const started = process.hrtime.bigint();
    expect(matchesGlob(pattern, path)).toBe(false);
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(200);
  });

  it('refuses patterns beyond the length bound', () => {
    expect(matchesGlob('*'.repeat(MAX_GLOB_LENGTH + 1), 'x')).toBe(false);
  });
});
