import type { Severity } from './engine.types';
import { adjustFor, contextOf, isNegated, lineLangOf, newContextCache, type ContextCache } from './match-context';
import type { CompiledPatternRules, PatternPlan } from './prefilter';
import type { FileFacts, Hit, PatternRule } from './rule-types';
import { ENGINE_SWITCHES } from './switches';
import type { TargetLines } from './text/keyword-automaton';
import type { MarkdownInfo } from './text/markdown';
import { makeSnippet } from './text/snippet';

export { compilePatternRules, type CompiledPatternRules } from './prefilter';
export type { TargetLines } from './text/keyword-automaton';

/**
 * The pattern runner: searches each pattern rule's regexes where the prefilter (prefilter.ts) says
 * a match can be, and turns the matches into hits (context, severity adjustment, validation,
 * snippet). With the prefilter switched off (ENGINE_SWITCHES.prefilter) every pattern searches
 * the whole file; the hits are the same.
 */

/** At most this many findings of one rule per file. */
export const PER_RULE_FILE_CAP = 20;
/** At most this many matches of one rule are examined per line (bounds work on very long lines). */
const MAX_REJECTED_PER_LINE = 64;

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

/** Per scanned file: the OR of its lines' flag words (which flagged sets occur anywhere), computed once. */
const FILE_FLAGS = new WeakMap<TargetLines, Int32Array>();

function fileFlagsOf(hits: TargetLines): Int32Array {
  let any = FILE_FLAGS.get(hits);
  if (any === undefined) {
    const words = hits.flagWords;
    const flags = hits.flags;
    any = new Int32Array(words);
    for (let w = 0; w < words; w++) {
      let acc = 0;
      for (let k = w, end = hits.lineCount * words; k < end; k += words) acc |= flags[k];
      any[w] = acc;
    }
    FILE_FLAGS.set(hits, any);
  }
  return any;
}

/** Whether a literal of set si occurs on some line of a scanned file. */
export function fileHasSet(hits: TargetLines, si: number): boolean {
  return hits.lineCount > 0 && (fileFlagsOf(hits)[si >> 5] & (1 << (si & 31))) !== 0;
}

/** Whether every gate set of a plan occurs somewhere in the file (`any`: fileFlagsOf). */
function gatesInFile(gates: Int32Array, any: Int32Array): boolean {
  for (let g = 0; g < gates.length; g++) if ((any[gates[g] >> 5] & (1 << (gates[g] & 31))) === 0) return false;
  return true;
}

/** Whether literal set si occurs on a line in [a, b]. */
function setOnLines(hits: TargetLines, si: number, a: number, b: number): boolean {
  const words = hits.flagWords;
  const flags = hits.flags;
  const bit = 1 << (si & 31);
  for (let k = a * words + (si >> 5), end = b * words + (si >> 5); k <= end; k += words) if (flags[k] & bit) return true;
  return false;
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

/**
 * Matches of the global regex `re` starting at offsets [first, limit) and at or after `resume`,
 * searched in text[from, to) (all that an attempt from there can look at); `stop(m, abs)` ends the
 * search when it returns true. Returns the offset where a search of the whole text would resume,
 * or -1 once stopped.
 */
function searchRange(
  re: RegExp,
  text: string,
  from: number,
  to: number,
  first: number,
  limit: number,
  resume: number,
  stop: (m: RegExpExecArray, abs: number) => boolean,
): number {
  const region = from === 0 && to === text.length ? text : text.slice(from, to);
  re.lastIndex = Math.max(first, resume) - from;
  let m: RegExpExecArray | null;
  while ((m = re.exec(region)) !== null) {
    const abs = from + m.index;
    if (abs >= limit) break;
    if (m[0].length === 0) re.lastIndex++;
    resume = from + re.lastIndex;
    if (stop(m, abs)) return -1;
  }
  return resume;
}

/** How far a gated regex reads around the line of its literal (see searchFlaggedLines). */
export interface LineBounds {
  before: number;
  reach: number;
  behind: number;
}

/**
 * The matches of the global regex `re` in the text of a scanned file, in order: exactly those a
 * search of the whole text finds (`stop` as in searchRange). With `si` (a flag set every match
 * holds a literal of, on some line k) only the start lines [k − before, k] are searched, in the
 * text of lines [k − before − behind, k + reach] (cut at line breaks, where `^`, `$` and `\b` see
 * what they see in the whole text); unbounded, the whole text if the set occurs in it; without
 * `si`, the whole text.
 */
export function searchFlaggedLines(re: RegExp, text: string, hits: TargetLines | null, si: number | undefined, bounds: LineBounds, stop: (m: RegExpExecArray, abs: number) => boolean): void {
  const { before, reach, behind } = bounds;
  const gated = ENGINE_SWITCHES.prefilter && hits !== null && si !== undefined;
  if (gated && !fileHasSet(hits, si)) return;
  if (!gated || before === Infinity || reach === Infinity || behind === Infinity) {
    searchRange(re, text, 0, text.length, 0, text.length + 1, 0, stop);
    return;
  }
  const starts = hits.lineStarts;
  const last = hits.lineCount - 1;
  const lineEnd = (i: number) => (i < last ? starts[i + 1] - 1 : text.length);
  let resume = 0;
  for (let k = 0; k <= last; k++) {
    if (!lineHasSet(hits, si, k)) continue;
    // Start lines [a, b]: the flagged lines whose start ranges touch join one search.
    const a = Math.max(0, k - before);
    let b = k;
    let j = k + 1;
    for (; j <= last && j - before <= b + 1; j++) if (lineHasSet(hits, si, j)) b = j;
    k = j - 1;
    resume = searchRange(re, text, starts[Math.max(0, a - behind)], lineEnd(Math.min(last, b + reach)), starts[a], lineEnd(b) + 1, resume, stop);
    if (resume < 0) return;
  }
}

/** Runs all pattern rules over one file (keyword pass, then runScannedPatternRules). */
export function runPatternRules(compiled: CompiledPatternRules, f: FileFacts, md: MarkdownInfo | null, hooks: PatternRunHooks): TargetLines {
  return runScannedPatternRules(compiled, f, md, hooks, scanPatternKeywords(compiled, f));
}

/** The keyword pass of runPatternRules alone: lines of every trigger set, flags of the gate and extra sets. */
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
  const run = new RuleRun(f, md, hooks, newContextCache(), hits.lineStarts, compiled.anyHighChar);
  const any = fileFlagsOf(hits);
  for (let ri = 0; ri < rules.length; ri++) {
    const rule = rules[ri];
    if (rule.kinds && !f.decoded && !rule.kinds.includes(f.kind)) continue;
    if (rule.langs && !md && !f.decoded && !rule.langs.includes(f.lang)) continue;
    const plans = compiled.plans[ri];
    if (!mayMatch(plans, hits, any) || !hooks.isEnabled(rule.id)) continue;
    try {
      run.start(rule).run(plans, hits, any);
    } catch (err) {
      hooks.onError(rule, err);
    }
  }
  return hits;
}

/**
 * Whether a pattern of the rule can match the scanned file (prefilter on: some trigger line and
 * every gate set somewhere in the file, or an unfiltered pattern). `any`: fileFlagsOf.
 */
function mayMatch(plans: readonly PatternPlan[], hits: TargetLines, any: Int32Array): boolean {
  if (!ENGINE_SWITCHES.prefilter) return true;
  for (let pi = 0; pi < plans.length; pi++) {
    const plan = plans[pi];
    if (plan.trigger < 0 || (hits.start[plan.trigger] !== hits.start[plan.trigger + 1] && gatesInFile(plan.gates, any))) return true;
  }
  return false;
}

/**
 * One rule over one file (`start` selects the rule; one instance serves all rules of a file): its
 * patterns one after another, each over its windows in text order.
 */
class RuleRun {
  private rule: PatternRule | null = null;
  private seen: Set<number> | null = null;
  /** Examined matches per line: a line that keeps producing dropped matches is given up. */
  private tries: Map<number, number> | null = null;
  private count = 0;

  constructor(
    private readonly f: FileFacts,
    private readonly md: MarkdownInfo | null,
    private readonly hooks: PatternRunHooks,
    private readonly cache: ContextCache,
    private readonly starts: TargetLines['lineStarts'],
    private readonly anyHighChar: RegExp | null,
  ) {}

  /** Per code-unit class of a plan (PatternPlan.highChar): whether the file's text holds one (asked once per file). */
  private codeUnits: Map<RegExp, boolean> | null = null;
  /** Whether the text holds a code unit of CompiledPatternRules.anyHighChar (undefined: not asked yet). */
  private anyHigh: boolean | undefined = undefined;

  private hasCodeUnit(highChar: RegExp): boolean {
    // Most texts hold none of the classes: one search for their union answers for all.
    if ((this.anyHigh ??= this.anyHighChar === null || this.anyHighChar.test(this.f.norm)) === false) return false;
    const codeUnits = (this.codeUnits ??= new Map());
    let has = codeUnits.get(highChar);
    if (has === undefined) {
      has = highChar.test(this.f.norm);
      codeUnits.set(highChar, has);
    }
    return has;
  }

  start(rule: PatternRule): this {
    this.rule = rule;
    this.seen = null;
    this.tries = null;
    this.count = 0;
    return this;
  }

  run(plans: readonly PatternPlan[], hits: TargetLines, any: Int32Array): void {
    const rule = this.rule as PatternRule;
    const text = this.f.norm;
    const last = hits.lineCount - 1;
    const starts = hits.lineStarts;
    const lines = hits.lines;
    const firstEnd = hits.firstEnd;
    const lastEnd = hits.lastEnd;
    const hitStart = hits.start;
    /** Offset where the last line ends (the end of the text). */
    const textEnd = text.length;
    for (let pi = 0; pi < plans.length; pi++) {
      const plan = plans[pi];
      const re = rule.patterns[pi];
      if (!ENGINE_SWITCHES.prefilter || plan.trigger < 0) {
        if (ENGINE_SWITCHES.prefilter && plan.highChar !== null && !this.hasCodeUnit(plan.highChar)) continue;
        if (this.search(re, 0, textEnd, 0, textEnd + 1, 0) < 0) return;
        continue;
      }
      const end = hitStart[plan.trigger + 1];
      let k = hitStart[plan.trigger];
      if (k === end || !gatesInFile(plan.gates, any)) continue;
      const { before, beforeChars, litMin, litMax, reach, behind, chars, behindChars, gates } = plan;
      // Offsets below, with line i ending at (i < last ? starts[i + 1] - 1 : textEnd) (its line feed,
      // or the end of the text). The trigger record j (line lines[j], occurrences ending in
      // [firstEnd[j], lastEnd[j]]): a match holding one of them starts on a line of
      // [k − before, k], at most beforeChars before the literal's first character and not after it,
      // i.e. in [firstStart, lastStart]. The text an attempt starting in [first, …] (first of a start
      // range from line k) can look at begins at textFrom and, for starts up to maxStart on line b,
      // ends at textTo. Start ranges of consecutive trigger records are merged when their texts touch
      // (the search would read the text between them anyway).
      let resume = 0;
      while (k < end) {
        const a = lines[k];
        const first = Math.max(starts[a > before ? a - before : 0], firstEnd[k] + 1 - litMax - beforeChars);
        const from = Math.max(starts[a > before + behind ? a - before - behind : 0], first - behindChars - 1, 0);
        let b = a;
        let maxStart = Math.min(a < last ? starts[a + 1] - 1 : textEnd, lastEnd[k] + 1 - litMin);
        let to = Math.min(b + reach < last ? starts[b + reach + 1] - 1 : textEnd, maxStart + chars + 1);
        for (k++; k < end; k++) {
          const nk = lines[k];
          const nFirst = Math.max(starts[nk > before ? nk - before : 0], firstEnd[k] + 1 - litMax - beforeChars);
          if (Math.max(starts[nk > before + behind ? nk - before - behind : 0], nFirst - behindChars - 1, 0) > to) break;
          b = nk;
          maxStart = Math.max(maxStart, Math.min(nk < last ? starts[nk + 1] - 1 : textEnd, lastEnd[k] + 1 - litMin));
          to = Math.min(b + reach < last ? starts[b + reach + 1] - 1 : textEnd, maxStart + chars + 1);
        }
        if (gates.length > 0) {
          // A match lies in [first, to − 1] (to − 1: where the last start's attempt stops reading),
          // so its gate literals lie on the lines of that range.
          let spanStart = a > before ? a - before : 0;
          while (spanStart < a && starts[spanStart + 1] <= first) spanStart++;
          let spanEnd = b;
          while (spanEnd < last && starts[spanEnd + 1] < to) spanEnd++;
          let open = true;
          for (let g = 0; g < gates.length && open; g++) open = setOnLines(hits, gates[g], spanStart, spanEnd);
          if (!open) continue;
        }
        resume = this.search(re, from, to, first, maxStart + 1, resume);
        if (resume < 0) return;
      }
    }
  }

  /**
   * Matches of `re` starting at offsets [first, limit) and at or after `resume`, searched in the
   * text [from, to) (all that an attempt from there can look at). Returns the offset where the
   * search of the whole file would resume, or -1 once the per-file cap is reached. (searchRange
   * with the hit step inline: through its callback the pattern runner measured slower.)
   */
  private search(re: RegExp, from: number, to: number, first: number, limit: number, resume: number): number {
    const text = this.f.norm;
    const starts = this.starts;
    const region = from === 0 && to === text.length ? text : text.slice(from, to);
    re.lastIndex = Math.max(first, resume) - from;
    let m: RegExpExecArray | null;
    while ((m = re.exec(region)) !== null) {
      const abs = from + m.index;
      if (abs >= limit) break;
      if (m[0].length === 0) re.lastIndex++;
      resume = from + re.lastIndex;
      if (this.onMatch(m, abs, starts) && ++this.count >= PER_RULE_FILE_CAP) return -1;
    }
    return resume;
  }

  /** Turns a match into a hit unless dropped (context skip, validation, one per line). */
  private onMatch(m: RegExpExecArray, abs: number, starts: Int32Array): boolean {
    const { f, md } = this;
    const rule = this.rule as PatternRule;
    const line = lineOfOffset(starts, abs);
    const seen = (this.seen ??= new Set());
    if (seen.has(line)) return false;
    const triesByLine = (this.tries ??= new Map());
    const tries = triesByLine.get(line) ?? 0;
    if (tries >= MAX_REJECTED_PER_LINE) return false;
    triesByLine.set(line, tries + 1);
    const normLine = f.normLines[line] ?? '';
    const startInLine = abs - starts[line];
    if (md && rule.langs) {
      const ll = lineLangOf(f, md, line);
      if (ll !== 'any' && !rule.langs.includes(ll)) return false;
    }
    let ctx = contextOf(f, md, line, startInLine, normLine, this.cache);
    if (rule.negatable && (ctx === 'prose' || ctx === 'frontmatter') && isNegated(rule, normLine, startInLine, startInLine + m[0].length)) {
      ctx = 'counter';
    }
    const adj = adjustFor(rule, ctx);
    if (adj === 'skip') return false;
    let fixed: Severity | undefined = adj === 'info' ? 'info' : undefined;
    if (rule.validate) {
      const v = rule.validate({ match: m, line: normLine, lineIndex: line, startInLine, file: f, context: ctx });
      if (v === false) return false;
      if (typeof v === 'string') fixed = v;
    }
    seen.add(line);
    this.hooks.emit({
      ruleId: rule.id,
      delta: typeof adj === 'number' ? adj : 0,
      fixed,
      file: f.path,
      line: line + 1,
      snippet: makeSnippet(f.rawLines[line] ?? normLine, normLine, startInLine),
      context: ctx,
    });
    return true;
  }
}
