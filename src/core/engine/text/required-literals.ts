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
 */

/** Exact-set size above which a run of literals is cut (the product of alternatives grows fast). */
const EXACT_CAP = 64;
/** Union size above which an alternation gives up its requirement. */
const UNION_CAP = 256;

interface Info {
  /** Finite set of strings the node matches exactly (lowercased), or null. */
  exact: string[] | null;
  /** Conjunction of required sets (each: one of its strings occurs in every match). */
  req: string[][];
}

class Unsupported extends Error {}

const ZERO: Info = { exact: [''], req: [] };
const ANY: Info = { exact: null, req: [] };

function minLen(set: readonly string[]): number {
  let m = Infinity;
  for (const s of set) if (s.length < m) m = s.length;
  return m;
}

/** Better set first: longer shortest literal, then fewer literals. */
function compareSets(a: readonly string[], b: readonly string[]): number {
  return minLen(b) - minLen(a) || a.length - b.length;
}

function bestSet(info: Info): string[] | null {
  const cands = info.req.slice();
  if (info.exact) cands.push(info.exact);
  let best: string[] | null = null;
  for (const s of cands) if (s.length > 0 && minLen(s) > 0 && (!best || compareSets(s, best) < 0)) best = s;
  return best;
}

function isLiteralChar(code: number): boolean {
  return code >= 0x20 && code <= 0x7e;
}

function lit(code: number): Info {
  if (!isLiteralChar(code)) return ANY;
  return { exact: [String.fromCharCode(code).toLowerCase()], req: [] };
}

function dedupe(xs: string[]): string[] {
  return [...new Set(xs)];
}

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

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
    if (branches.every((b) => b.exact !== null)) {
      const union = dedupe(branches.flatMap((b) => b.exact as string[]));
      if (union.length <= EXACT_CAP) return { exact: union, req: [] };
    }
    const chosen: string[] = [];
    for (const b of branches) {
      const s = bestSet(b);
      if (!s) return ANY;
      for (const literal of s) chosen.push(literal);
    }
    const union = dedupe(chosen);
    return union.length <= UNION_CAP ? { exact: null, req: [union] } : ANY;
  }

  private sequence(): Info {
    const req: string[][] = [];
    let run: string[] = [''];
    let exact = true;
    const flush = () => {
      if (run.length > 0 && minLen(run) > 0) req.push(run);
      run = [''];
    };
    while (this.i < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const e = this.quantified();
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
      } else {
        exact = false;
        flush();
        for (const literal of e.req) req.push(literal);
      }
    }
    if (exact) return { exact: run, req: [] };
    flush();
    return { exact: null, req };
  }

  private quantified(): Info {
    const atom = this.atom();
    const q = this.quantifier();
    if (!q) return atom;
    const [min, max] = q;
    if (min === 0) return ANY;
    const req = atom.req.slice();
    if (atom.exact && minLen(atom.exact) > 0) req.push(atom.exact);
    if (atom.exact && min === max && min <= 4) {
      let run = [''];
      for (let k = 0; k < min; k++) {
        run = dedupe(run.flatMap((a) => (atom.exact as string[]).map((b) => a + b)));
        if (run.length > EXACT_CAP) return { exact: null, req };
      }
      return { exact: run, req: [] };
    }
    return { exact: null, req };
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
    return lookaround ? ZERO : inner;
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
      return ZERO;
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
    return { exact: [...chars], req: [] };
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
export function requiredLiterals(re: RegExp, minLength = 3, maxSets = 3, implied: readonly string[] = []): string[][] {
  if (re.unicode || re.flags.includes('v')) return [];
  let info: Info;
  try {
    info = new Parser(re.source).parse();
  } catch (e) {
    if (e instanceof Unsupported) return [];
    throw e;
  }
  const sets = info.req.slice();
  if (info.exact) sets.push(info.exact);
  const lowImplied = implied.map((s) => s.toLowerCase());
  const satisfied = (set: readonly string[]) => lowImplied.length > 0 && lowImplied.every((s) => set.some((lit) => s.includes(lit)));
  const useful = sets.filter((s) => s.length > 0 && minLen(s) >= minLength && !satisfied(s)).map((s) => dedupe(s).sort());
  const seen = new Set<string>();
  const out: string[][] = [];
  for (const s of useful.sort(compareSets)) {
    const key = s.join('\u0000');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length >= maxSets) break;
  }
  return out;
}
