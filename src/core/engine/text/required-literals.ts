/**
 * Required-literal analysis of a regular expression (a prefilter in the manner of RE2 / Hyperscan).
 *
 * `requiredLiterals(re)` returns a conjunction of literal sets: every string matched by `re`
 * contains, for each returned set, at least one of the set's strings (compared case-insensitively
 * over ASCII). A text that lacks all strings of one set therefore cannot contain a match, and the
 * regex need not be run over it. The analysis is conservative: any construct it does not model
 * contributes no requirement, and an unknown construct makes it give up (returns no sets = no
 * filtering). Lookarounds are treated as zero-width (they add no requirement).
 *
 * Literals are lowercase printable ASCII without line breaks, so an occurrence always lies on
 * one line and the keyword automaton (ASCII case-insensitive) can find them.
 *
 * With `boundaries`, a literal may begin and/or end with WORD_BOUNDARY: the pattern asserts `\b`
 * right there (`\bai\b` gives "\x01ai\x01"), so an occurrence only counts where the character
 * before (after) it and its first (last) character differ in being a word character — a common
 * short word inside longer words ("ai" in "email") then selects no line. A literal next to an
 * element that only ever matches non-word characters (`\s{1,3}`, `[^\w]`) gets the mark too when
 * its own character there is a word character: the boundary holds in every match.
 */

/** Marks a `\b` the pattern asserts at the start or end of a literal (see `boundaries`). */
export const WORD_BOUNDARY = '\u0001';
/** During the analysis: a non-word character is next to the literal here (becomes WORD_BOUNDARY next to a word character). */
const NON_WORD_NEXT = '\u0002';
const MARKS = /[\u0001\u0002]/g;

/** The literal without its boundary marks (the characters an occurrence consists of). */
export function literalText(literal: string): string {
  return literal.length > 0 && (literal.includes(WORD_BOUNDARY) || literal.includes(NON_WORD_NEXT)) ? literal.replace(MARKS, '') : literal;
}

const isWordChar = (ch: string | undefined) => ch !== undefined && /^\w$/.test(ch);

/** Exact-set size above which a run of literals is cut (the product of alternatives grows fast). */
const EXACT_CAP = 64;
/** Union size above which an alternation gives up its requirement. */
const UNION_CAP = 256;

interface Info {
  /** Finite set of strings the node matches exactly (lowercased), or null. */
  exact: string[] | null;
  /** Conjunction of required sets (each: one of its strings occurs in every match). */
  req: ReqSet[];
  /** Most line feeds one attempt of the node can read (lookarounds included); Infinity if unbounded. */
  nl: number;
  /** Most characters one attempt of the node can read (lookarounds included); Infinity if unbounded. */
  len: number;
  /** Every match of the node is one or more characters, none an ASCII word character (only with boundaries). */
  nonWord?: boolean;
  /** Every match of the node contains a code unit at or above this, not a surrogate (0 or absent: nothing known). */
  high?: number;
}

/** A required set and the most line feeds a match can read before the occurrence of one of its strings. */
interface ReqSet {
  lits: string[];
  before: number;
  /** The most characters a match can read before that occurrence. */
  beforeChars: number;
}

class Unsupported extends Error {}

/** Whether a one-character atom (flags/source) can match a line feed: the same atoms recur in every pattern. */
const LINE_FEED_ATOMS = new Map<string, number>();
/** Whether a one-character atom (flags/source) matches no ASCII word character. */
const NO_WORD_ATOMS = new Map<string, boolean>();
const WORD_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'];

const ZERO: Info = { exact: [''], req: [], nl: 0, len: 0 };
const ANY: Info = { exact: null, req: [], nl: 0, len: 0 };

function minLen(set: readonly string[]): number {
  let m = Infinity;
  for (const s of set) {
    const n = literalText(s).length;
    if (n < m) m = n;
  }
  return m;
}

/**
 * Keeps a literal's boundary marks only at its ends (one each; a mark inside adds nothing
 * checkable); a non-word neighbour becomes a boundary where the literal's own character is a word
 * character, else it is dropped.
 */
function tidyMarks(literal: string): string {
  const text = literalText(literal);
  if (text === literal) return literal;
  let head = 0;
  while (head < literal.length && (literal[head] === WORD_BOUNDARY || literal[head] === NON_WORD_NEXT)) head++;
  let tail = literal.length;
  while (tail > head && (literal[tail - 1] === WORD_BOUNDARY || literal[tail - 1] === NON_WORD_NEXT)) tail--;
  const lead = literal.slice(0, head);
  const trail = literal.slice(tail);
  const before = lead.includes(WORD_BOUNDARY) || (lead.includes(NON_WORD_NEXT) && isWordChar(text[0]));
  const after = trail.includes(WORD_BOUNDARY) || (trail.includes(NON_WORD_NEXT) && isWordChar(text[text.length - 1]));
  return (before ? WORD_BOUNDARY : '') + text + (after ? WORD_BOUNDARY : '');
}

/** Better set first: longer shortest literal, then fewer literals. */
function compareSets(a: readonly string[], b: readonly string[]): number {
  return minLen(b) - minLen(a) || a.length - b.length;
}

function bestSet(info: Info): ReqSet | null {
  const cands = info.req.slice();
  if (info.exact) cands.push({ lits: info.exact, before: 0, beforeChars: 0 });
  let best: ReqSet | null = null;
  for (const s of cands) if (s.lits.length > 0 && minLen(s.lits) > 0 && (!best || compareSets(s.lits, best.lits) < 0)) best = s;
  return best;
}

function isLiteralChar(code: number): boolean {
  return code >= 0x20 && code <= 0x7e;
}

/**
 * The least code unit a non-ASCII literal character can match: itself when it has no case (CJK),
 * else 0x80 (without the `u` flag `i` never folds a non-ASCII character onto ASCII or a surrogate);
 * 0 for ASCII and surrogates (an emoji's surrogates must not count as CJK).
 */
function highOf(code: number): number {
  if (code < 0x80 || (code >= 0xd800 && code <= 0xdfff)) return 0;
  const ch = String.fromCharCode(code);
  return ch.toLowerCase() === ch && ch.toUpperCase() === ch ? code : 0x80;
}

function lit(code: number): Info {
  if (!isLiteralChar(code)) return code >= 0x80 ? { ...ANY, high: highOf(code) } : ANY;
  return { exact: [String.fromCharCode(code).toLowerCase()], req: [], nl: 0, len: 1 };
}

/** n repetitions of something that reads at most `nl` line feeds (0 × Infinity is 0). */
function times(nl: number, n: number): number {
  return nl === 0 || n === 0 ? 0 : nl * n;
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)];
}

class Parser {
  private i = 0;
  /** `^` or `$` anchored to the whole input (no m flag): the match depends on where the text starts and ends. */
  inputAnchor = false;
  /** Line feeds all lookbehinds can read together (how far before its start an attempt looks). */
  lookbehindLineFeeds = 0;
  /** Characters all lookbehinds can read together. */
  lookbehindChars = 0;
  constructor(
    private readonly src: string,
    private readonly flags = '',
    /** `\b` contributes WORD_BOUNDARY to exact strings (else it is an assertion like any other). */
    private readonly boundaries = false,
  ) {}

  parse(): Info {
    const info = this.alternation();
    if (this.i !== this.src.length) throw new Unsupported('trailing input');
    return info;
  }

  private peek(): string {
    return this.src[this.i] ?? '';
  }

  private alternation(): Info {
    const branches: Info[] = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0];
    // reduce, not Math.max(...): an alternation may have more branches than a call takes arguments.
    const nl = branches.reduce((m, b) => Math.max(m, b.nl), -Infinity);
    const len = branches.reduce((m, b) => Math.max(m, b.len), -Infinity);
    const high = branches.reduce((m, b) => Math.min(m, b.high ?? 0), Infinity);
    if (branches.every((b) => b.exact !== null)) {
      const union = dedupe(branches.flatMap((b) => b.exact as string[]));
      if (union.length <= EXACT_CAP) return { exact: union, req: [], nl, len, high };
    }
    const chosen: string[] = [];
    let before = 0;
    let beforeChars = 0;
    for (const b of branches) {
      const s = bestSet(b);
      if (!s) return { ...ANY, nl, len, high };
      for (const literal of s.lits) chosen.push(literal);
      before = Math.max(before, s.before);
      beforeChars = Math.max(beforeChars, s.beforeChars);
    }
    const union = dedupe(chosen);
    return union.length <= UNION_CAP ? { exact: null, req: [{ lits: union, before, beforeChars }], nl, len, high } : { ...ANY, nl, len, high };
  }

  private sequence(): Info {
    const req: ReqSet[] = [];
    let run: string[] = [''];
    let exact = true;
    // Line feeds read before the current element, and before the current run of exact elements.
    let nl = 0;
    let len = 0;
    let runBefore = 0;
    let runBeforeChars = 0;
    let high = 0;
    const flush = () => {
      if (run.length > 0 && minLen(run) > 0) req.push({ lits: run, before: runBefore, beforeChars: runBeforeChars });
      run = [''];
      runBefore = nl;
      runBeforeChars = len;
    };
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const e = this.quantified();
      high = Math.max(high, e.high ?? 0);
      if (e.exact !== null) {
        const product: string[] = [];
        for (const a of run) for (const b of e.exact) product.push(a + b);
        const next = dedupe(product);
        if (next.length <= EXACT_CAP) run = next;
        else {
          exact = false;
          flush();
          run = e.exact;
        }
        nl += e.nl;
        len += e.len;
      } else {
        exact = false;
        // A non-word element next to a run: its literals' edges there are word boundaries.
        if (e.nonWord) run = run.map((x) => x + NON_WORD_NEXT);
        flush();
        if (e.nonWord) run = [NON_WORD_NEXT];
        for (const r of e.req) req.push({ lits: r.lits, before: nl + r.before, beforeChars: len + r.beforeChars });
        nl += e.nl;
        len += e.len;
        runBefore = nl;
        runBeforeChars = len;
      }
    }
    if (exact) return { exact: run, req: [], nl, len, high };
    flush();
    return { exact: null, req, nl, len, high };
  }

  private quantified(): Info {
    const from = this.i;
    const parsed = this.atom();
    // A group knows its line feeds; any other atom reads one character or none.
    const atomSrc = this.src.slice(from, this.i);
    const atom = this.src[from] === '(' ? parsed : this.oneCharacter(parsed, atomSrc);
    const nonWord = this.boundaries && atom.exact === null && this.src[from] !== '(' && atom.len === 1 && this.matchesNoWordChar(atomSrc);
    const q = this.quantifier();
    if (!q) return nonWord ? { ...atom, nonWord } : atom;
    const [min, max] = q;
    const nl = times(atom.nl, max);
    const len = times(atom.len, max);
    if (min === 0) return { ...ANY, nl, len };
    if (nonWord) return { exact: null, req: [], nl, len, nonWord };
    // Every repetition holds the requirement; the first one is read first.
    const high = atom.high;
    const req = atom.req.slice();
    if (atom.exact && minLen(atom.exact) > 0) req.push({ lits: atom.exact, before: 0, beforeChars: 0 });
    if (atom.exact && min === max && min <= 4) {
      let run = [''];
      for (let k = 0; k < min; k++) {
        run = dedupe(run.flatMap((a) => (atom.exact as string[]).map((b) => a + b)));
        if (run.length > EXACT_CAP) return { exact: null, req, nl, len, high };
      }
      return { exact: run, req: [], nl, len, high };
    }
    return { exact: null, req, nl, len, high };
  }

  /** A character, escape, class, `.` or anchor: reads one character (anchors none). */
  private oneCharacter(parsed: Info, src: string): Info {
    const zeroWidth = src === '^' || src === '$' || src === '\\b' || src === '\\B';
    return { ...parsed, nl: this.charLineFeeds(src), len: zeroWidth ? 0 : 1 };
  }

  /** Whether the one-character atom `src` (an escape, class or `.`) matches no ASCII word character. */
  private matchesNoWordChar(src: string): boolean {
    const flags = this.flags.replace(/[gyd]/g, '');
    const key = `${flags}/${src}`;
    let none = NO_WORD_ATOMS.get(key);
    if (none === undefined) {
      const re = new RegExp(`^(?:${src})$`, flags);
      none = !WORD_CHARS.some((ch) => re.test(ch));
      NO_WORD_ATOMS.set(key, none);
    }
    return none;
  }

  /** 1 when the one-character atom `src` (a character, escape, class or `.`) can match a line feed, else 0. */
  private charLineFeeds(src: string): number {
    if (src === '^' || src === '$') {
      if (!this.flags.includes('m')) this.inputAnchor = true;
      return 0;
    }
    if (src === '\\b' || src === '\\B') return 0;
    // A plain character other than a line feed cannot match one (no flag changes that).
    if (src.length === 1 && src !== '.' && src !== '\n') return 0;
    const flags = this.flags.replace(/[gyd]/g, '');
    const key = `${flags}/${src}`;
    let feeds = LINE_FEED_ATOMS.get(key);
    if (feeds === undefined) {
      feeds = new RegExp(`^(?:${src})$`, flags).test('\n') ? 1 : 0;
      LINE_FEED_ATOMS.set(key, feeds);
    }
    return feeds;
  }

  /** Parses a quantifier after an atom: [min, max] (max Infinity), or null. */
  private quantifier(): [number, number] | null {
    const c = this.peek();
    let q: [number, number] | null = null;
    if (c === '?') q = [0, 1];
    else if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '{') {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.src.slice(this.i, this.i + 24));
      if (!m) return null;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
      q = [min, max];
    }
    if (!q) return null;
    this.i++;
    if (this.peek() === '?') this.i++; // lazy
    return q;
  }

  private atom(): Info {
    const c = this.src[this.i++];
    switch (c) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.escape(false);
      case '.':
        return ANY;
      case '^':
      case '$':
        return ZERO;
      case '*':
      case '+':
      case '?':
        throw new Unsupported('nothing to repeat');
      default:
        return lit(c.charCodeAt(0));
    }
  }

  private group(): Info {
    const groupStart = this.i;
    let lookaround = false;
    if (this.src.startsWith('?:', this.i)) this.i += 2;
    else if (this.src.startsWith('?=', this.i) || this.src.startsWith('?!', this.i)) {
      this.i += 2;
      lookaround = true;
    } else if (this.src.startsWith('?<=', this.i) || this.src.startsWith('?<!', this.i)) {
      this.i += 3;
      lookaround = true;
    } else if (this.peek() === '?') throw new Unsupported('group kind');
    const inner = this.alternation();
    if (this.peek() !== ')') throw new Unsupported('unclosed group');
    this.i++;
    // A lookaround consumes nothing but reads its text: its line feeds count.
    if (lookaround && this.src.startsWith('?<', groupStart)) {
      this.lookbehindLineFeeds += inner.nl;
      this.lookbehindChars += inner.len;
    }
    return lookaround ? { ...ZERO, nl: inner.nl, len: inner.len } : inner;
  }

  /** One escape after the backslash. In a class, returns the character code or -1 (a class escape). */
  private escapeCode(): number {
    const c = this.src[this.i++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (c === 'x') {
      const h = /^[0-9a-fA-F]{2}/.exec(this.src.slice(this.i, this.i + 2));
      if (!h) throw new Unsupported('\\x');
      this.i += 2;
      return parseInt(h[0], 16);
    }
    if (c === 'u') {
      const h = /^[0-9a-fA-F]{4}/.exec(this.src.slice(this.i, this.i + 4));
      if (!h) throw new Unsupported('\\u');
      this.i += 4;
      return parseInt(h[0], 16);
    }
    if (c === 'n') return 10;
    if (c === 'r') return 13;
    if (c === 't') return 9;
    if (c === 'f') return 12;
    if (c === 'v') return 11;
    if ('sSwWdD'.includes(c)) return -1;
    if (/[A-Za-z0-9]/.test(c)) throw new Unsupported(`escape \\${c}`);
    return c.charCodeAt(0);
  }

  private escape(_inClass: boolean): Info {
    const c = this.peek();
    if (c === 'b' || c === 'B') {
      this.i++;
      // Zero-width: the mark sits between the characters it separates in every exact string.
      return c === 'b' && this.boundaries ? { exact: [WORD_BOUNDARY], req: [], nl: 0, len: 0 } : ZERO;
    }
    const code = this.escapeCode();
    return code < 0 ? ANY : lit(code);
  }

  private charClass(): Info {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const chars = new Set<string>();
    let finite = true;
    let first = true;
    for (;;) {
      const c = this.src[this.i];
      if (c === undefined) throw new Unsupported('unclosed class');
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      if (c === ']' && first) {
        // `[]` matches nothing, `[^]` anything: neither is worth modelling.
        throw new Unsupported('empty class');
      }
      first = false;
      const lo = this.classAtom();
      if (this.peek() === '-' && this.src[this.i + 1] !== ']' && this.src[this.i + 1] !== undefined) {
        this.i++;
        const hi = this.classAtom();
        if (lo < 0 || hi < 0) {
          finite = false;
          continue;
        }
        if (hi - lo > 16) finite = false;
        else for (let k = lo; k <= hi; k++) addClassChar(chars, k, () => (finite = false));
      } else if (lo < 0) finite = false;
      else addClassChar(chars, lo, () => (finite = false));
    }
    if (negated || !finite || chars.size === 0 || chars.size > 8) return ANY;
    return { exact: [...chars], req: [], nl: 0, len: 1 };
  }

  /** A class member: character code, or -1 for a class escape such as \s. */
  private classAtom(): number {
    const c = this.src[this.i++];
    if (c === '\\') {
      if (this.peek() === 'b') {
        this.i++;
        return 8; // backspace inside a class
      }
      return this.escapeCode();
    }
    return c.charCodeAt(0);
  }
}

function addClassChar(chars: Set<string>, code: number, notFinite: () => void): void {
  if (!isLiteralChar(code)) notFinite();
  else chars.add(String.fromCharCode(code).toLowerCase());
}

/**
 * Required literal sets of `re` (conjunction), best first, each with literals of at least
 * `minLength` characters; at most `maxSets` sets. Empty when nothing useful is known. Regexes
 * with the `u` or `v` flag are not analysed (their case folding maps some non-ASCII characters
 * onto ASCII letters). Sets that every one of the `implied` strings already satisfies (each
 * contains one of the set's literals) are left out: a text known to contain one of them always
 * passes such a set.
 */
export function requiredLiterals(re: RegExp, minLength = 3, maxSets = 3, implied: readonly string[] = [], boundaries = false): string[][] {
  return requiredLiteralSets(re, minLength, maxSets, implied, boundaries).map((s) => s.literals);
}

/** A required literal set and how far before the literal's occurrence a match can start. */
export interface LiteralSet {
  literals: string[];
  /** The most line feeds and characters a match can read before the occurrence (lookarounds included). */
  before: number;
  beforeChars: number;
}

/**
 * requiredLiterals with, per set, how far a match reads before the occurrence of the set's
 * literal: a match holding it at offset x of line k starts on a line of [k − before, k] and at
 * an offset of [x − beforeChars, x].
 */
export function requiredLiteralSets(re: RegExp, minLength = 3, maxSets = 3, implied: readonly string[] = [], boundaries = false): LiteralSet[] {
  const parsed = parsePattern(re, boundaries);
  if (parsed === null) return [];
  const { info } = parsed;
  const sets = info.req.slice();
  if (info.exact) sets.push({ lits: info.exact, before: 0, beforeChars: 0 });
  const lowImplied = implied.map((s) => s.toLowerCase());
  const satisfied = (set: readonly string[]) => lowImplied.length > 0 && lowImplied.every((s) => set.some((lit) => s.includes(literalText(lit))));
  const useful = sets
    .filter((s) => s.lits.length > 0 && minLen(s.lits) >= minLength && !satisfied(s.lits))
    .map((s): LiteralSet => ({ literals: dedupe(s.lits.map(tidyMarks)).sort(), before: s.before, beforeChars: s.beforeChars }));
  const byKey = new Map<string, LiteralSet>();
  for (const s of useful.sort((a, b) => compareSets(a.literals, b.literals))) {
    const key = s.literals.join('\u0000');
    const known = byKey.get(key);
    if (known) {
      known.before = Math.max(known.before, s.before);
      known.beforeChars = Math.max(known.beforeChars, s.beforeChars);
    } else byKey.set(key, s);
  }
  return [...byKey.values()].slice(0, maxSets);
}

/**
 * The most line feeds one match attempt of `re` can read, lookarounds included (a match, and the
 * text its assertions look at, spans at most this many line breaks). Infinity when unbounded or
 * not analysed: `u` / `v` flags, unsupported syntax, or `^` / `$` anchored to the whole input
 * (without the m flag their outcome depends on where the searched text starts and ends).
 */
export function maxLineBreaks(re: RegExp): number {
  return lineReach(re).total;
}

/**
 * A code unit at or above which every match of `re` contains one that is not a surrogate (0:
 * nothing known): a pattern written in Chinese or Japanese cannot match a text without such
 * characters (an emoji's surrogates are none). Classes and lookarounds count as nothing known.
 */
export function requiredHighCodeUnit(re: RegExp): number {
  return parsePattern(re)?.info.high ?? 0;
}

/** How far one attempt of a regex reads, in line feeds and in characters (see lineReach). */
export interface Reach {
  /** Line feeds read in all (maxLineBreaks), and before the start position (lookbehinds). */
  total: number;
  behind: number;
  /** Characters read in all, and before the start position; an assertion also looks at the character next to them. */
  chars: number;
  behindChars: number;
}

/** How far one attempt of `re` reads; every figure Infinity when not analysed. */
export function lineReach(re: RegExp): Reach {
  const parsed = parsePattern(re);
  if (parsed === null || parsed.inputAnchor) return { total: Infinity, behind: Infinity, chars: Infinity, behindChars: Infinity };
  return { total: parsed.info.nl, behind: parsed.lookbehindLineFeeds, chars: parsed.info.len, behindChars: parsed.lookbehindChars };
}

interface ParsedPattern {
  info: Info;
  inputAnchor: boolean;
  lookbehindLineFeeds: number;
  lookbehindChars: number;
}

/** Parse results per regex (a pattern is analysed for its sets and for its reach, often more than once), without and with boundary marks. */
const PARSED = new WeakMap<RegExp, ParsedPattern | null>();
const PARSED_WITH_BOUNDARIES = new WeakMap<RegExp, ParsedPattern | null>();

/**
 * The analysis of `re`, or null when it is not analysed (`u` / `v` flags, unsupported syntax).
 * Without the `u` / `v` flags `\b` is ASCII (`\w` = [A-Za-z0-9_], with or without `i`), as the
 * keyword automaton's boundary check assumes.
 */
function parsePattern(re: RegExp, boundaries = false): ParsedPattern | null {
  const cache = boundaries ? PARSED_WITH_BOUNDARIES : PARSED;
  const known = cache.get(re);
  if (known !== undefined) return known;
  let parsed: ParsedPattern | null = null;
  if (!re.unicode && !re.flags.includes('v')) {
    try {
      const parser = new Parser(re.source, re.flags, boundaries);
      const info = parser.parse();
      parsed = { info, inputAnchor: parser.inputAnchor, lookbehindLineFeeds: parser.lookbehindLineFeeds, lookbehindChars: parser.lookbehindChars };
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
    }
  }
  cache.set(re, parsed);
  return parsed;
}
