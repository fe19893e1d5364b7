import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadSkillDir } from '../../../test/fixtures/skills/load-fixtures';
import { evaluate } from './evaluate';

/**
 * The same mechanism in English, German and Spanish (test/fixtures/parity/README.md): every skill
 * under block/ is blocked, every one under flag/ is at least reviewed, every one under pass/ passes.
 */
const ROOT = join(__dirname, '../../../test/fixtures/parity');
const skillsIn = (group: string) => readdirSync(join(ROOT, group)).sort();

describe('language parity of the detection mechanisms', () => {
  it.each(skillsIn('block'))('blocks %s', (name) => {
    expect(evaluate(loadSkillDir(join(ROOT, 'block', name))).verdict).toBe('block');
  });

  it.each(skillsIn('flag'))('flags %s', (name) => {
    expect(evaluate(loadSkillDir(join(ROOT, 'flag', name))).verdict).not.toBe('pass');
  });

  it.each(skillsIn('pass'))('passes %s', (name) => {
    expect(evaluate(loadSkillDir(join(ROOT, 'pass', name))).verdict).toBe('pass');
  });

  it('covers each language on both sides', () => {
    for (const group of ['block', 'pass']) {
      const names = skillsIn(group).join(' ');
      for (const lang of ['de', 'es', 'en']) expect(names).toContain(`-${lang}-`);
    }
  });
});
