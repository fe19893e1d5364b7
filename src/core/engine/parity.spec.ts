import { join } from 'node:path';
import { FIXTURES_DIR, loadCorpusDir } from '../../../test/fixtures/skills/load-fixtures';
import { evaluate } from './evaluate';

/**
 * The same mechanism in English, German and Spanish (test/fixtures/parity/README.md): every skill
 * under block/ is blocked, every one under flag/ is at least reviewed, every one under pass/ passes.
 */
const ROOT = join(FIXTURES_DIR, '..', 'parity');
const group = (name: 'block' | 'flag' | 'pass') => loadCorpusDir(join(ROOT, name)).map((s): [string, typeof s.files] => [s.name, s.files]);

describe('language parity of the detection mechanisms', () => {
  const block = group('block');
  const flag = group('flag');
  const pass = group('pass');

  it.each(block)('blocks %s', (_name, files) => {
    expect(evaluate(files).verdict).toBe('block');
  });

  it.each(flag)('flags %s', (_name, files) => {
    expect(evaluate(files).verdict).not.toBe('pass');
  });

  it.each(pass)('passes %s', (_name, files) => {
    expect(evaluate(files).verdict).toBe('pass');
  });

  it('covers each language on both sides', () => {
    expect(block.length).toBeGreaterThanOrEqual(30);
    expect(pass.length).toBeGreaterThanOrEqual(30);
    for (const skills of [block, pass]) {
      const names = skills.map(([n]) => n).join(' ');
      for (const lang of ['de', 'es', 'en']) expect(names).toContain(`-${lang}-`);
    }
  });
});
