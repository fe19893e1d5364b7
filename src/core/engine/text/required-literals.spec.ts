import fc from 'fast-check';
import { literalText, requiredHighCodeUnit, requiredLiterals, WORD_BOUNDARY } from './required-literals';
import { PATTERN_RULES } from '../rules';
import { loadLabeledCorpus } from '../../../../test/fixtures/skills/load-fixtures';

const isWord = (text: string, i: number) => i >= 0 && i < text.length && /\w/.test(text[i]);

/** Whether the match [start, end) of `text` holds an occurrence of `lit` whose boundary marks hold in `text`. */
function holds(text: string, start: number, end: number, lit: string): boolean {
  const core = literalText(lit);
  const lower = text.toLowerCase();
  for (let i = lower.indexOf(core, start); i >= 0 && i + core.length <= end; i = lower.indexOf(core, i + 1)) {
    const j = i + core.length;
    if (lit.startsWith(WORD_BOUNDARY) && isWord(text, i - 1) === isWord(text, i)) continue;
    if (lit.endsWith(WORD_BOUNDARY) && isWord(text, j - 1) === isWord(text, j)) continue;
    return true;
  }
  return false;
}

/** Every match contains one literal of each set; with boundaries, at a place where its marks hold. */
function sound(re: RegExp, text: string): void {
  const sets = requiredLiterals(re);
  const bounded = requiredLiterals(re, 1, 6, [], true);
  const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g');
  let m: RegExpExecArray | null;
  while ((m = g.exec(text)) !== null) {
    if (m[0].length === 0) g.lastIndex++;
    const lower = m[0].toLowerCase();
    for (const set of sets) {
      if (!set.some((lit) => lower.includes(lit))) throw new Error(`${re.source} matched ${JSON.stringify(m[0])} without any of ${JSON.stringify(set)}`);
    }
    for (const set of bounded) {
      const at = m.index;
      if (!set.some((lit) => holds(text, at, at + m![0].length, lit))) throw new Error(`${re.source} matched ${JSON.stringify(m[0])} without any of ${JSON.stringify(set)} (with boundaries)`);
    }
  }
}

describe('requiredLiterals', () => {
  it('finds literal runs, alternations and their conjunction', () => {
    expect(requiredLiterals(/\bcurl\s{1,3}-o/gi)).toEqual([['curl']]);
    expect(requiredLiterals(/\b(?:send|upload)\s{1,3}(?:api\s{1,3}keys?|secrets?)\b/gi)).toEqual([
      ['send', 'upload'],
      ['api', 'secret'],
    ]);
    expect(requiredLiterals(/keys?\.json/g)).toEqual([['.json'], ['key']]);
    expect(requiredLiterals(/(?:ab|cd)(?:ef|gh)/g)).toEqual([['abef', 'abgh', 'cdef', 'cdgh']]);
  });

  it('gives up (no filter) on optional parts, unknown escapes and the u flag', () => {
    expect(requiredLiterals(/(?:foo)?bar?/g)).toEqual([]);
    expect(requiredLiterals(/foo|\s+/g)).toEqual([]);
    expect(requiredLiterals(/(foo)\1bar/g)).toEqual([]);
    expect(requiredLiterals(/(?<name>foo)bar/g)).toEqual([]);
    expect(requiredLiterals(/foobar/gu)).toEqual([]);
    expect(requiredLiterals(/[^a]bc/g)).toEqual([]);
  });

  it('with boundaries, marks a literal edge where the pattern asserts \\b or a non-word character is next to a word character', () => {
    const b = WORD_BOUNDARY;
    expect(requiredLiterals(/\bai\b/g, 1, 3, [], true)).toEqual([[`${b}ai${b}`]]);
    expect(requiredLiterals(/\b(?:nc|ncat)\b/g, 1, 3, [], true)).toEqual([[`${b}nc${b}`, `${b}ncat${b}`]]);
    // `\s{1,3}` before "all": a boundary; the "(" after "get" is no word character: no mark there.
    expect(requiredLiterals(/use\s{1,3}all\s/gi, 1, 3, [], true)).toEqual([[`use${b}`], [`${b}all${b}`]]);
    expect(requiredLiterals(/\s{1,3}get\(/g, 1, 3, [], true)).toEqual([[`${b}get(`]]);
    expect(requiredLiterals(/[^\w]{1,3}get/g, 1, 3, [], true)).toEqual([[`${b}get`]]);
    // Optional neighbours and `\B` give no mark; without `boundaries` nothing is marked.
    expect(requiredLiterals(/\s?ai\B/g, 1, 3, [], true)).toEqual([['ai']]);
    expect(requiredLiterals(/\bai\b/g, 1)).toEqual([['ai']]);
  });

  it('treats lookarounds as zero-width and short classes as alternatives', () => {
    expect(requiredLiterals(/(?<![\w-])rm(?=\s)\s-rf/g)).toEqual([['-rf']]);
    expect(requiredLiterals(/(?<![\w-])rmdir(?=\s)/g)).toEqual([['rmdir']]);
    expect(requiredLiterals(/[Ee]val\(/g)).toEqual([['eval(']]);
  });

  // Soundness: every match of every rule pattern contains one literal of each required set.
  it('is sound on every rule pattern over the labeled corpus', () => {
    const texts = loadLabeledCorpus()
      .flatMap((s) => s.files)
      .map((f) => f.content)
      .filter((c): c is string => typeof c === 'string');
    for (const rule of PATTERN_RULES) for (const re of rule.patterns) for (const t of texts) sound(re, t);
  });

  it('is sound on every rule pattern over generated near-miss text', () => {
    for (const rule of PATTERN_RULES) {
      const words = [...rule.keywords, ...requiredLiterals(rule.patterns[0]).flat(), ' ', '  ', '\n', '"', "'", '`', '/', '.', '-', '(', ')', ':', '=', '$', '@', 'a', 'the'];
      const text = fc.array(fc.constantFrom(...words), { maxLength: 60 }).map((a) => a.join(' '));
      fc.assert(
        fc.property(text, (t) => {
          for (const re of rule.patterns) sound(re, t);
        }),
        { numRuns: 40, seed: 3 },
      );
    }
  });
});

describe('requiredHighCodeUnit', () => {
  it('is the least code unit every match holds one at or above; 0 where a match may lack it', () => {
    expect(requiredHighCodeUnit(/(?:忽略|无视)x/)).toBe(0x7565); // 略 or 视
    expect(requiredHighCodeUnit(/x(忽|ユ)+/)).toBe(0x30e6);
    expect(requiredHighCodeUnit(/a|忽/)).toBe(0);
    expect(requiredHighCodeUnit(/忽?a/)).toBe(0);
    expect(requiredHighCodeUnit(/(?=忽)a/)).toBe(0);
    expect(requiredHighCodeUnit(/[忽略]/)).toBe(0);
    expect(requiredHighCodeUnit(/Ä/i)).toBe(0x80); // also matches ä
    expect(requiredHighCodeUnit(/忽/u)).toBe(0);
    expect(requiredHighCodeUnit(/\ud83d\ude00/)).toBe(0); // an emoji's surrogates
  });

  it('holds on generated texts for the patterns that have one', () => {
    const pool = ['忽略', '之前', '指令', '无视', '前の', '指示', '無視', '不要', '告诉', '用户', '悄悄', '发送', 'ユーザーに', '知らせ', 'ない', 'の', ' ', 'x', 'é', '😀', '\n'];
    const patterns = PATTERN_RULES.flatMap((r) => r.patterns).filter((re) => requiredHighCodeUnit(re) > 0);
    expect(patterns.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pool), { maxLength: 20 }), (parts) => {
        const t = parts.join('');
        for (const re of patterns) {
          const g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
          const high = requiredHighCodeUnit(re);
          for (const m of t.matchAll(g)) expect([...m[0]].some((ch) => ch.charCodeAt(0) >= high && (ch.charCodeAt(0) < 0xd800 || ch.charCodeAt(0) > 0xdfff))).toBe(true);
        }
      }),
      { numRuns: 2000, seed: 15 },
    );
  });
});
