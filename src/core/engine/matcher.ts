import type { Severity } from './engine.types';
import { rx } from './regex-registry';
import type { Adjust, FileFacts, Hit, LineLang, MatchContext, PatternRule, RuleNature } from './rule-types';
import { KeywordAutomaton, type KeywordTargets, type TargetLines } from './text/keyword-automaton';
export type { TargetLines } from './text/keyword-automaton';
import { langFromName } from './text/file-facts';
import { requiredLiterals } from './text/required-literals';
import {
  COUNTER_MARKER,
  MD_COMMENT_FULL,
  MD_COMMENT_PARTIAL,
  MD_COUNTER_FENCE,
  MD_COUNTER_SECTION,
  MD_FENCED,
  MD_FRONTMATTER,
  MD_QUOTE,
  QUOTE_COUNTER_MARKER,
  type MarkdownInfo,
} from './text/markdown';
import { makeSnippet } from './text/snippet';

/** At most this many findings of one rule per file. */
export const PER_RULE_FILE_CAP = 20;
/** At most this many matches of one rule are examined per line (bounds work on very long lines). */
const MAX_REJECTED_PER_LINE = 64;

const NATURE_ADJUST: Record<RuleNature, Record<MatchContext, Adjust>> = {
  directive: {
    prose: 0, quoted: -2, 'inline-code': -2, fenced: -2, counter: 'info', 'comment-html': 1, frontmatter: 1,
    script: -1, 'script-comment': 0, resource: 0, decoded: 1,
  },
  code: {
    prose: 0, quoted: -1, 'inline-code': 0, fenced: 0, counter: -3, 'comment-html': 1, frontmatter: 0,
    script: 0, 'script-comment': -2, resource: -1, decoded: 1,
  },
  reference: {
    prose: 0, quoted: -1, 'inline-code': 0, fenced: 0, counter: -3, 'comment-html': 1, frontmatter: 0,
    script: 0, 'script-comment': -1, resource: -1, decoded: 1,
  },
  secret: {
    prose: 0, quoted: 0, 'inline-code': 0, fenced: 0, counter: 0, 'comment-html': 0, frontmatter: 0,
    script: 0, 'script-comment': 0, resource: 0, decoded: 0,
  },
  data: {
    prose: 0, quoted: 0, 'inline-code': 0, fenced: 0, counter: -2, 'comment-html': 0, frontmatter: 0,
    script: 0, 'script-comment': 0, resource: 0, decoded: 0,
  },
};

const NEGATION_BEFORE = rx(
  'matcher:negation-before',
  "\\b(?:never|not|don't|dont|do not|must not|mustn't|should not|shouldn't|cannot|can't|refuse to|avoid|nie|niemals|nicht|keine?|nunca|jamas|no)\\b[^.;:!?\\n]{0,40}$",
  'i',
);
const SCRIPT_COMMENT = rx('matcher:script-comment', '^\\s{0,40}(?:#(?!!)|//|/\\*|\\*(?!\\*)|--\\s|<!--|<#|;|rem\\s|::\\s)', 'i');

export function adjustFor(rule: PatternRule, ctx: MatchContext): Adjust {
  const own = rule.ctx?.[ctx];
  return own !== undefined ? own : NATURE_ADJUST[rule.nature][ctx];
}

/** Whether `start` lies inside `inline code` or a "…" / '…' quotation (apostrophes ignored). */
export function quoteKind(line: string, start: number): 'code' | 'quote' | null {
  let dq = false;
  let bt = false;
  let sq = false;
  for (let i = 0; i < start && i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 96 /* ` */) bt = !bt;
    else if (bt) continue;
    else if (c === 34 /* " */) dq = !dq;
    else if (c === 39 /* ' */) {
      const prev = i > 0 ? line.charCodeAt(i - 1) : 32;
      const next = i + 1 < line.length ? line.charCodeAt(i + 1) : 32;
      const isLetter = (x: number) => (x >= 65 && x <= 90) || (x >= 97 && x <= 122);
      if (!(isLetter(prev) && isLetter(next))) sq = !sq;
    }
  }
  return bt ? 'code' : dq || sq ? 'quote' : null;
}

export function lineLangOf(f: FileFacts, md: MarkdownInfo | null, line: number): LineLang | 'any' {
  if (f.decoded) return 'any';
  if (md) {
    if (md.flags[line] & MD_FENCED) {
      const l = md.fenceLang.get(line);
      if (!l) return 'any';
      return langFromName(l) ?? 'any';
    }
    return 'prose';
  }
  return f.lang;
}

/** Per-file caches for line-level context facts (a long line is scanned once, not once per match). */
export interface ContextCache {
  counter: Map<number, boolean>;
  quoteCounter: Map<number, boolean>;
  /** Incremental quote scanner: line, position reached and open-quote state. */
  q: { line: number; pos: number; dq: boolean; bt: boolean; sq: boolean };
}

export function newContextCache(): ContextCache {
  return { counter: new Map(), quoteCounter: new Map(), q: { line: -1, pos: 0, dq: false, bt: false, sq: false } };
}

function cached(map: Map<number, boolean>, line: number, compute: () => boolean): boolean {
  let v = map.get(line);
  if (v === undefined) {
    v = compute();
    map.set(line, v);
  }
  return v;
}

function isAsciiLetter(x: number): boolean {
  return (x >= 65 && x <= 90) || (x >= 97 && x <= 122);
}

/** quoteKind with an incremental cursor: matches of one rule arrive left to right on a line. */
function quoteKindCached(cache: ContextCache, lineIdx: number, line: string, start: number): 'code' | 'quote' | null {
  const q = cache.q;
  if (q.line !== lineIdx || start < q.pos) {
    q.line = lineIdx;
    q.pos = 0;
    q.dq = q.bt = q.sq = false;
  }
  for (let i = q.pos; i < start && i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 96) q.bt = !q.bt;
    else if (q.bt) continue;
    else if (c === 34) q.dq = !q.dq;
    else if (c === 39) {
      const prev = i > 0 ? line.charCodeAt(i - 1) : 32;
      const next = i + 1 < line.length ? line.charCodeAt(i + 1) : 32;
      if (!(isAsciiLetter(prev) && isAsciiLetter(next))) q.sq = !q.sq;
    }
  }
  q.pos = Math.max(q.pos, Math.min(start, line.length));
  return q.bt ? 'code' : q.dq || q.sq ? 'quote' : null;
}

export function contextOf(
  f: FileFacts,
  md: MarkdownInfo | null,
  line: number,
  start: number,
  normLine: string,
  cache: ContextCache = newContextCache(),
): MatchContext {
  if (f.decoded) return 'decoded';
  if (md) {
    const fl = md.flags[line];
    if (fl & MD_FRONTMATTER) return 'frontmatter';
    if (fl & MD_COMMENT_FULL) return 'comment-html';
    if (fl & MD_COMMENT_PARTIAL) {
      const spans = md.commentSpans.get(line) ?? [];
      if (spans.some(([a, b]) => start >= a && start < b)) return 'comment-html';
    }
    if (fl & MD_FENCED) return fl & MD_COUNTER_FENCE ? 'counter' : 'fenced';
    const counterHere = (fl & MD_COUNTER_SECTION) !== 0 || cached(cache.counter, line, () => COUNTER_MARKER.test(normLine));
    if (fl & MD_QUOTE) return counterHere ? 'counter' : 'quoted';
    const q = quoteKindCached(cache, line, normLine, start);
    if (q) return counterHere || cached(cache.quoteCounter, line, () => QUOTE_COUNTER_MARKER.test(normLine)) ? 'counter' : q === 'code' ? 'inline-code' : 'quoted';
    return 'prose';
  }
  if (f.kind === 'script' || (f.kind === 'instruction' && f.lang !== 'prose')) {
    return cached(cache.counter, line, () => SCRIPT_COMMENT.test(normLine)) ? 'script-comment' : 'script';
  }
  if (f.kind === 'instruction') return 'prose';
  return 'resource';
}

function lineOfOffset(starts: Int32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface CompiledPatternRules {
  rules: readonly PatternRule[];
  automaton: KeywordAutomaton;
  /**
   * Automaton targets: rule ri is listed target ri (its keywords give its candidate lines);
   * required literal set si (see text/required-literals) is flagged target si (a bit per line).
   */
  targets: KeywordTargets;
  /** rule index → pattern index → literal sets that must all occur in a region (empty: always run) */
  patternGates: Int32Array[][];
  /** Flag indexes of the extra literal sets given to compilePatternRules (for analyzers; see lineHasSet). */
  extraSets: number[];
}

/**
 * Compiles the rules' keyword automaton. `extraSets` are further literal sets whose lines the same
 * automaton pass flags for analyzers (each set: lowercase ASCII literals, see lineHasSet).
 */
export function compilePatternRules(rules: readonly PatternRule[], extraSets: ReadonlyArray<readonly string[]> = []): CompiledPatternRules {
  const kwIndex = new Map<string, number>();
  const rulesOf: number[][] = [];
  const setsOf: number[][] = [];
  const keywords: string[] = [];
  const keywordOf = (kw: string): number => {
    const k = kw.toLowerCase();
    let idx = kwIndex.get(k);
    if (idx === undefined) {
      idx = keywords.length;
      kwIndex.set(k, idx);
      keywords.push(k);
      rulesOf.push([]);
      setsOf.push([]);
    }
    return idx;
  };
  rules.forEach((r, ri) => {
    for (const kw of r.keywords) {
      const idx = keywordOf(kw);
      if (!rulesOf[idx].includes(ri)) rulesOf[idx].push(ri);
    }
  });
  // Required literals per pattern: a region lacking every literal of one set cannot match.
  const setIndex = new Map<string, number>();
  const patternGates = rules.map((r) =>
    r.patterns.map((re) =>
      Int32Array.from(
        requiredLiterals(re, 3, 3, r.keywords).map((set) => {
          const key = set.join('\u0000');
          let si = setIndex.get(key);
          if (si === undefined) {
            si = setIndex.size;
            setIndex.set(key, si);
            for (const lit of set) {
              const idx = keywordOf(lit);
              if (!setsOf[idx].includes(si)) setsOf[idx].push(si);
            }
          }
          return si;
        }),
      ),
    ),
  );
  const extra = extraSets.map((set) => {
    const si = setIndex.size;
    setIndex.set(`extra\u0000${si}`, si);
    for (const lit of set) {
      const idx = keywordOf(lit);
      if (!setsOf[idx].includes(si)) setsOf[idx].push(si);
    }
    return si;
  });
  const automaton = new KeywordAutomaton(keywords);
  return { rules, automaton, targets: automaton.targets(rulesOf, rules.length, setsOf, setIndex.size), patternGates, extraSets: extra };
}

export interface PatternRunHooks {
  emit(hit: Hit): void;
  onError(rule: PatternRule, err: unknown): void;
  /** Rules disabled by settings are not run at all. */
  isEnabled(ruleId: string): boolean;
}

/** Whether a literal of set si (a flag index, e.g. from `extraSets`) occurs on `line` of a scanned file. */
export function lineHasSet(hits: TargetLines, si: number, line: number): boolean {
  return line < hits.lineCount && (hits.flags[line * hits.flagWords + (si >> 5)] & (1 << (si & 31))) !== 0;
}

/** Whether literal set si occurs on a line in [a, b]. */
function setOnLines(hits: TargetLines, si: number, a: number, b: number): boolean {
  const words = hits.flagWords;
  const flags = hits.flags;
  const bit = 1 << (si & 31);
  for (let k = a * words + (si >> 5), end = b * words + (si >> 5); k <= end; k += words) if (flags[k] & bit) return true;
  return false;
}

/**
 * Runs all pattern rules over one file: the keyword automaton finds candidate lines; each rule's
 * regexes run once over the merged windows (candidate line ± 1) — linear in the text size. A
 * pattern is skipped on a window that lacks one of its required literal sets (it cannot match there).
 */
export function runPatternRules(compiled: CompiledPatternRules, f: FileFacts, md: MarkdownInfo | null, hooks: PatternRunHooks): TargetLines {
  return runScannedPatternRules(compiled, f, md, hooks, scanPatternKeywords(compiled, f));
}

/** The keyword pass of runPatternRules alone (see runScannedPatternRules). */
export function scanPatternKeywords(compiled: CompiledPatternRules, f: FileFacts): TargetLines {
  // normLines is the text split at \n: the scan knows the line count in advance.
  return compiled.automaton.scanTargets(f.norm, compiled.targets, f.normLines.length);
}

/**
 * runPatternRules with the keyword pass already done (`hits` from scanPatternKeywords): scanning
 * several files one after another keeps the automaton's table in the cache.
 */
export function runScannedPatternRules(compiled: CompiledPatternRules, f: FileFacts, md: MarkdownInfo | null, hooks: PatternRunHooks, hits: TargetLines): TargetLines {
  const { rules } = compiled;
  const starts = hits.lineStarts;
  const cache = newContextCache();
  for (let ri = 0; ri < rules.length; ri++) {
    if (hits.start[ri] === hits.start[ri + 1]) continue;
    const rule = rules[ri];
    if (!hooks.isEnabled(rule.id)) continue;
    if (rule.kinds && !f.decoded && !rule.kinds.includes(f.kind)) continue;
    if (rule.langs && !md && !f.decoded && !rule.langs.includes(f.lang)) continue;
    try {
      runRule(rule, ri, compiled.patternGates[ri], f, md, hits, starts, hooks, cache);
    } catch (err) {
      hooks.onError(rule, err);
    }
  }
  return hits;
}

function runRule(
  rule: PatternRule,
  ri: number,
  gates: readonly Int32Array[],
  f: FileFacts,
  md: MarkdownInfo | null,
  hits: TargetLines,
  starts: Int32Array,
  hooks: PatternRunHooks,
  cache: ContextCache,
): void {
  const nLines = starts.length;
  const cand = hits.lines;
  const candEnd = hits.start[ri + 1];
  let seen: Set<number> | null = null;
  /** Rejected matches per line: a line that keeps producing dropped matches is given up. */
  let rejected: Map<number, number> | null = null;
  let count = 0;
  const text = f.norm;
  // Candidate windows [L-1, L+1], merged into regions when they touch or overlap.
  let k = hits.start[ri];
  while (k < candEnd) {
    const a = Math.max(0, cand[k] - 1);
    let b = Math.min(nLines - 1, cand[k] + 1);
    for (k++; k < candEnd && cand[k] - 1 <= b + 1; k++) b = Math.max(b, Math.min(nLines - 1, cand[k] + 1));
    const from = starts[a];
    const to = b + 1 < nLines ? starts[b + 1] - 1 : text.length;
    let region: string | null = null;
    for (let pi = 0; pi < rule.patterns.length; pi++) {
      const gate = gates[pi];
      let open = true;
      for (let g = 0; g < gate.length && open; g++) open = setOnLines(hits, gate[g], a, b);
      if (!open) continue;
      region ??= from === 0 && to === text.length ? text : text.slice(from, to);
      const re = rule.patterns[pi];
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(region)) !== null) {
        if (m[0].length === 0) re.lastIndex++;
        const abs = from + m.index;
        const line = lineOfOffset(starts, abs);
        seen ??= new Set();
        rejected ??= new Map();
        if (seen.has(line)) continue;
        const tries = rejected.get(line) ?? 0;
        if (tries >= MAX_REJECTED_PER_LINE) continue;
        rejected.set(line, tries + 1);
        const normLine = f.normLines[line] ?? '';
        const startInLine = abs - starts[line];
        if (md && rule.langs) {
          const ll = lineLangOf(f, md, line);
          if (ll !== 'any' && !rule.langs.includes(ll)) continue;
        }
        let ctx = contextOf(f, md, line, startInLine, normLine, cache);
        if (rule.negatable && (ctx === 'prose' || ctx === 'frontmatter') && NEGATION_BEFORE.test(normLine.slice(Math.max(0, startInLine - 60), startInLine))) {
          ctx = 'counter';
        }
        const adj = adjustFor(rule, ctx);
        if (adj === 'skip') continue;
        let fixed: Severity | undefined = adj === 'info' ? 'info' : undefined;
        if (rule.validate) {
          const v = rule.validate({ match: m, line: normLine, lineIndex: line, startInLine, file: f, context: ctx });
          if (v === false) continue;
          if (typeof v === 'string') fixed = v;
        }
        seen.add(line);
        hooks.emit({
          ruleId: rule.id,
          delta: typeof adj === 'number' ? adj : 0,
          fixed,
          file: f.path,
          line: line + 1,
          snippet: makeSnippet(f.rawLines[line] ?? normLine, normLine, startInLine),
          context: ctx,
        });
        if (++count >= PER_RULE_FILE_CAP) return;
      }
    }
  }
}
