import { rx } from '../regex-registry';
import { ENGINE_SWITCHES } from '../switches';

/**
 * Text normalisation applied before matching (line structure is preserved: no `\n` is ever
 * added or removed, so line numbers of the normalised text equal those of the raw text).
 *
 * - invisible characters (zero-width, bidi controls, variation selectors, soft hyphen) removed;
 * - Unicode tag characters (U+E0020–E007E, "ASCII smuggling") decoded to the ASCII they encode;
 * - NFKD + removal of combining marks (fullwidth / mathematical letters and accents fold to ASCII);
 * - Cyrillic / Greek homoglyphs folded to Latin, typographic quotes / dashes / spaces to ASCII;
 * - numeric HTML entities decoded (control characters become a space);
 * - runs of spaces / tabs collapsed to one space;
 * - split strings collapsed: `"ig" + "nore"` → `"ignore"`, `i g n o r e` / `i.g.n.o.r.e` → `ignore`;
 * - inline emphasis and simple HTML tags inside words removed (`ig**nore**`, `ig<b>nore</b>`).
 */

const NON_ASCII_G = rx('normalize:non-ascii-global', '[^\\x00-\\x7e]', 'g');
const INVISIBLE = rx(
  'normalize:invisible',
  '[\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0]|\\uDB40[\\uDD00-\\uDDEF]',
  'g',
);
const TAG_CHAR = rx('normalize:tag-char', '\\uDB40([\\uDC00-\\uDC7F])', 'g');
const COMBINING = rx('normalize:combining', '[\\u0300-\\u036F\\u1AB0-\\u1AFF\\u1DC0-\\u1DFF\\u20D0-\\u20FF\\uFE20-\\uFE2F]', 'g');
const FOLDABLE = rx('normalize:foldable', '[\\u0370-\\u052F\\u00DF\\u0131\\u2010-\\u2015\\u2018-\\u201F\\u2032\\u2033\\u2212\\u00A0\\u2000-\\u200A\\u202F\\u205F\\u3000\\u00AB\\u00BB\\u2039\\u203A]', 'g');
const ENTITY = rx('normalize:html-entity', '&#(?:[xX]([0-9a-fA-F]{1,6})|([0-9]{1,7}));', 'g');
const SPLIT_CONCAT = rx('normalize:split-concat', '(["\'`])[ \\t]{0,3}\\+[ \\t]{0,3}\\1', 'g');
const SPACE_RUN = rx('normalize:space-run', '[ \\t]{2,}', 'g');
const SPACED_LETTERS = rx('normalize:spaced-letters', '\\b(?:[A-Za-z][ .\\-_*|]){3,}[A-Za-z]\\b', 'g');
const SPACED_SEP = rx('normalize:spaced-sep', '[ .\\-_*|]', 'g');
const INWORD_EMPHASIS = rx('normalize:inword-emphasis', '([A-Za-z])(?:\\*{1,3}|~~)(?=[A-Za-z])', 'g');
const INWORD_TAG = rx('normalize:inword-tag', '([A-Za-z])</?(?:b|i|u|s|em|strong|span|code|sub|sup|mark|small|del|ins)>(?=[A-Za-z])', 'g');

const FOLD_MAP: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ӏ: 'l', һ: 'h', ԛ: 'q', ԝ: 'w', ь: 'b', г: 'r', п: 'n', ո: 'n',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y',
  І: 'I', Ј: 'J', Ѕ: 'S', Ԁ: 'D', Ү: 'Y', Һ: 'H', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'I',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  γ: 'y', μ: 'u', ς: 's', σ: 'o',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T',
  Υ: 'Y', Χ: 'X',
  // Latin extras and typography
  ß: 'ss', ı: 'i',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"',
  '\u00AB': '"', '\u00BB': '"', '\u2039': "'", '\u203A': "'",
};

function foldChar(ch: string): string {
  const m = FOLD_MAP[ch];
  if (m !== undefined) return m;
  const code = ch.charCodeAt(0);
  // Remaining listed code points are spaces.
  if (code === 0xa0 || (code >= 0x2000 && code <= 0x200a) || code === 0x202f || code === 0x205f || code === 0x3000) return ' ';
  return ch;
}

function decodeEntity(_m: string, hex: string | undefined, dec: string | undefined): string {
  const cp = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? '0', 10);
  if (!Number.isFinite(cp) || cp < 32 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return ' ';
  return String.fromCodePoint(cp);
}

/**
 * Per non-ASCII code point, what normalizeUnicodeLine does to it when it stands between ASCII
 * characters and other such code points (filled on first sight): SIMPLE_KEEP = left as is,
 * SIMPLE_FOLD = only folded by FOLDABLE, COMPLEX = anything else (decomposes under NFKD, is not
 * a starter — canonical reordering —, is invisible, combining, a tag character or unpaired).
 * A line whose code points are all ASCII or SIMPLE_* is unchanged by the NFKD step (NFKD only
 * decomposes and reorders non-starters), so the full pipeline reduces to the FOLDABLE replace.
 */
const UNKNOWN = 0;
const SIMPLE_KEEP = 1;
const SIMPLE_FOLD = 2;
const COMPLEX = 3;
const BMP_KIND = new Uint8Array(65536);
const ASTRAL_KIND = new Map<number, number>();

function isSingle(re: RegExp, ch: string): boolean {
  re.lastIndex = 0;
  const hit = re.test(ch);
  re.lastIndex = 0;
  return hit;
}

function classify(ch: string): number {
  if (ch.normalize('NFKD') !== ch) return COMPLEX;
  // Non-starters (canonical combining class > 0) are reordered by NFKD next to other marks.
  const a = 'a' + ch + '\u0334';
  const b = 'a\u0345' + ch;
  if (a.normalize('NFKD') !== a || b.normalize('NFKD') !== b) return COMPLEX;
  if (isSingle(INVISIBLE, ch) || isSingle(TAG_CHAR, ch) || isSingle(COMBINING, ch)) return COMPLEX;
  return isSingle(FOLDABLE, ch) ? SIMPLE_FOLD : SIMPLE_KEEP;
}

/** SIMPLE_KEEP, SIMPLE_FOLD (some character is only folded) or COMPLEX for a line. */
function lineKind(line: string): number {
  let kind = SIMPLE_KEEP;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c < 0x7f) continue;
    let k: number;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < line.length ? line.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) return COMPLEX;
      const cp = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
      k = ASTRAL_KIND.get(cp) ?? UNKNOWN;
      if (k === UNKNOWN) {
        k = classify(String.fromCharCode(c, d));
        ASTRAL_KIND.set(cp, k);
      }
      i++;
    } else {
      k = BMP_KIND[c];
      if (k === UNKNOWN) k = BMP_KIND[c] = classify(String.fromCharCode(c));
    }
    if (k === COMPLEX) return COMPLEX;
    if (k === SIMPLE_FOLD) kind = SIMPLE_FOLD;
  }
  return kind;
}

/** Normalises one line that contains non-ASCII characters. */
export function normalizeUnicodeLine(line: string): string {
  const kind = ENGINE_SWITCHES.normalizeFastPath ? lineKind(line) : COMPLEX;
  if (kind === SIMPLE_KEEP) return line;
  if (kind === SIMPLE_FOLD) return line.replace(FOLDABLE, foldChar);
  let s = line.replace(TAG_CHAR, (_m, low: string) => {
    const c = low.charCodeAt(0) - 0xdc00;
    return c >= 0x20 && c <= 0x7e ? String.fromCharCode(c) : '';
  });
  s = s.replace(INVISIBLE, '');
  s = s.normalize('NFKD').replace(COMBINING, '');
  s = s.replace(FOLDABLE, foldChar);
  return s;
}

/**
 * Whether SPLIT_CONCAT matches somewhere: some `+` has the same quote before and after it, at
 * most three spaces or tabs away. Code has `+` nearly everywhere but rarely between two quotes:
 * looking at each `+` is much cheaper than running the regex over the whole text.
 */
function hasSplitConcat(text: string): boolean {
  for (let plus = text.indexOf('+'); plus >= 0; plus = text.indexOf('+', plus + 1)) {
    let before = plus - 1;
    while (before >= plus - 3 && before >= 0 && isSpaceOrTab(text.charCodeAt(before))) before--;
    const quote = before >= 0 ? text.charCodeAt(before) : -1;
    if (quote !== 34 /* " */ && quote !== 39 /* ' */ && quote !== 96 /* ` */) continue;
    let after = plus + 1;
    while (after <= plus + 3 && after < text.length && isSpaceOrTab(text.charCodeAt(after))) after++;
    if (after < text.length && text.charCodeAt(after) === quote) return true;
  }
  return false;
}

function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * Whether INWORD_EMPHASIS matches somewhere: a letter, one to three `*` (a whole run of them: a
 * longer run leaves a `*` before the next letter) or `~~`, then a letter. Markdown has `*` on most
 * list and bold lines but rarely between two letters: looking at each run of `*` and each `~~` is
 * much cheaper than trying the regex at every letter.
 */
function hasInwordEmphasis(text: string): boolean {
  for (let star = text.indexOf('*'); star >= 0; ) {
    let end = star + 1;
    while (end < text.length && text.charCodeAt(end) === 42 /* * */) end++;
    if (end - star <= 3 && star > 0 && isAsciiLetter(text.charCodeAt(star - 1)) && isAsciiLetter(text.charCodeAt(end))) return true;
    star = text.indexOf('*', end);
  }
  for (let tilde = text.indexOf('~~'); tilde >= 0; tilde = text.indexOf('~~', tilde + 1)) {
    if (tilde > 0 && isAsciiLetter(text.charCodeAt(tilde - 1)) && isAsciiLetter(text.charCodeAt(tilde + 2))) return true;
  }
  return false;
}

/** INWORD_TAG without its leading letter, tried (sticky) at each `<` that follows a letter. */
const INWORD_TAG_AT = rx('normalize:inword-tag-at', '</?(?:b|i|u|s|em|strong|span|code|sub|sup|mark|small|del|ins)>(?=[A-Za-z])', 'y');

/** Whether INWORD_TAG matches somewhere (markdown has `<` in HTML blocks and code, rarely right after a letter). */
function hasInwordTag(text: string): boolean {
  for (let lt = text.indexOf('<'); lt >= 0; lt = text.indexOf('<', lt + 1)) {
    if (lt === 0 || !isAsciiLetter(text.charCodeAt(lt - 1))) continue;
    INWORD_TAG_AT.lastIndex = lt;
    if (INWORD_TAG_AT.test(text)) return true;
  }
  return false;
}

/** Letters and separators of SPACED_LETTERS (see hasSpacedRun): 1 = [A-Za-z], 2 = [ .\-_*|], 0 = anything else. */
const SPACED_CLASS = new Uint8Array(65536);
for (let c = 65; c <= 90; c++) SPACED_CLASS[c] = SPACED_CLASS[c + 32] = 1;
for (const sep of ' .-_*|') SPACED_CLASS[sep.charCodeAt(0)] = 2;

/**
 * Whether `text` holds letter, separator, letter, separator, letter, separator, letter in a row
 * (`/[A-Za-z][ .\-_*|][A-Za-z][ .\-_*|][A-Za-z][ .\-_*|][A-Za-z]/.test(text)`): every SPACED_LETTERS
 * match holds such a run, and SPACED_LETTERS matches in a handful of files only. Such a run has no
 * two letters, no two separators and no other character next to each other (a "cut"): the test
 * looks at the last two characters of each 7-character window and jumps past a cut, so most of
 * prose (two letters side by side in nearly every word) is skipped: 47 ms over the benchmark corpus
 * texts where the regex, which tries every letter as a start, takes 79 ms.
 */
function hasSpacedRun(text: string): boolean {
  const n = text.length;
  let s = 0;
  while (s + 7 <= n) {
    const e = s + 6;
    const last = SPACED_CLASS[text.charCodeAt(e)];
    if (last === 0) {
      s = e + 1;
      continue;
    }
    const before = SPACED_CLASS[text.charCodeAt(e - 1)];
    if (before === last || before === 0) {
      // Cut between e - 1 and e: a window containing both cannot match.
      s = e;
      continue;
    }
    // The alternating run through e - 1 and e, back to s at most (no window before s matches).
    let first = e - 1;
    let cls = before;
    while (first > s) {
      const c = SPACED_CLASS[text.charCodeAt(first - 1)];
      if (c === 0 || c === cls) break;
      first--;
      cls = c;
    }
    let end = e;
    cls = last;
    while (end + 1 < n) {
      const c = SPACED_CLASS[text.charCodeAt(end + 1)];
      if (c === 0 || c === cls) break;
      end++;
      cls = c;
    }
    // A match starts at a letter of the run and spans 7 characters of it.
    const start = SPACED_CLASS[text.charCodeAt(first)] === 1 ? first : first + 1;
    if (end - start >= 6) return true;
    s = end + 1;
  }
  return false;
}

/**
 * Start offsets of the lines of `text` that hold a code unit above U+007E, ascending: the lines
 * normalizeText rewrites (the others are ASCII), and the only ones the Unicode checks can flag.
 */
export function nonAsciiLineStarts(text: string): number[] {
  const starts: number[] = [];
  NON_ASCII_G.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NON_ASCII_G.exec(text)) !== null) {
    starts.push(text.lastIndexOf('\n', m.index) + 1);
    const end = text.indexOf('\n', m.index);
    if (end < 0) break;
    NON_ASCII_G.lastIndex = end;
  }
  return starts;
}

export function normalizeText(raw: string, opts: { markdown: boolean }): string {
  return normalizeTextSteps(raw, opts).text;
}

/**
 * normalizeText, and `asciiLinesSpacedOnly`: no step but the rewriting of the non-ASCII lines and
 * the collapse of space / tab runs applied, so every line of `raw` without a code unit above
 * U+007E became `line.replace(/[ \t]{2,}/g, ' ')`. `nonAsciiLines`: nonAsciiLineStarts(raw), when
 * the caller has it already.
 */
export function normalizeTextSteps(raw: string, opts: { markdown: boolean; nonAsciiLines?: readonly number[] }): { text: string; asciiLinesSpacedOnly: boolean } {
  let text = raw;
  let otherStep = false;
  const nonAsciiLines = opts.nonAsciiLines ?? nonAsciiLineStarts(raw);
  if (nonAsciiLines.length > 0) {
    // Only lines that contain a non-ASCII character are rewritten; the others are copied as is.
    let out = '';
    let copied = 0;
    for (const from of nonAsciiLines) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const line = text.slice(from, to);
      const normalized = normalizeUnicodeLine(line);
      // An unchanged line (emoji, CJK, most accented text) is copied with the text around it.
      if (normalized !== line) {
        out += text.slice(copied, from) + normalized;
        copied = to;
      }
    }
    text = out + text.slice(copied);
  }
  if (text.includes('&#')) {
    otherStep = true;
    text = text.replace(ENTITY, decodeEntity);
  }
  if (!ENGINE_SWITCHES.normalizeFastPath || hasSplitConcat(text)) {
    otherStep = true;
    text = text.replace(SPLIT_CONCAT, '');
  }
  text = text.replace(SPACE_RUN, ' ');
  if (!ENGINE_SWITCHES.normalizeFastPath || hasSpacedRun(text)) {
    otherStep = true;
    text = text.replace(SPACED_LETTERS, (m) => m.replace(SPACED_SEP, ''));
  }
  if (opts.markdown) {
    if (!ENGINE_SWITCHES.normalizeFastPath || hasInwordEmphasis(text)) {
      otherStep = true;
      text = text.replace(INWORD_EMPHASIS, '$1');
    }
    if (!ENGINE_SWITCHES.normalizeFastPath || hasInwordTag(text)) {
      otherStep = true;
      text = text.replace(INWORD_TAG, '$1');
    }
  }
  return { text, asciiLinesSpacedOnly: !otherStep };
}
