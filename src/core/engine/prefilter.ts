import type { PatternRule } from './rule-types';
import { KeywordAutomaton, type KeywordTargets } from './text/keyword-automaton';
import PATTERN_ANALYSIS_JSON from './pattern-analysis.json';
import LITERAL_PER_MILLE_JSON from './text/literal-frequency.json';
import { rx } from './regex-registry';
import { lineReach, literalText, requiredHighCodeUnit, requiredLiteralSets, type LiteralSet, type Reach } from './text/required-literals';

const LITERAL_PER_MILLE: Readonly<Record<string, number>> = LITERAL_PER_MILLE_JSON;

/**
 * The sound prefilter of the pattern rules. Every pattern's literal sets are derived from the
 * pattern itself (`text/required-literals`): each match contains, for each set, one of its
 * literals (ASCII case folded, never spanning a line break). The best set is the pattern's
 * trigger: a match holding its literal on line k starts on a line of [k − before, k] and at most
 * `beforeChars` characters before line k, where `before` / `beforeChars` are the most line feeds /
 * characters the pattern reads before that literal; an attempt reads at most
 * `reach` line feeds in all (`\s{1,3}` may cross three) and at most `behind` of them before its
 * start (lookbehinds), and at most `chars` characters (`behindChars` before its start). Searching
 * the start lines [k − before, k] of every trigger line k in the text of lines
 * [k − before − behind, k + reach], cut to `behindChars` + 1 characters before the first start
 * line and `chars` + 1 after the last one, therefore finds exactly the matches a search of the
 * whole file finds (pattern-runner.ts): no attempt starting on those lines looks outside that text,
 * and at its line-break ends `^`, `$` (m flag) and `\b` see what they see in the whole file. The other sets gate a window: each must occur on a
 * line a match can span. Hand-kept `keywords` select no lines; they are additions to the
 * derived keywords (`ruleKeywords`). Literals keep the pattern's `\b` at their ends
 * (WORD_BOUNDARY, required-literals.ts): the automaton counts "ai" of `\bai\b` only as a word,
 * not inside "email", so a common short word opens no window where the pattern cannot match.
 */

/** What the prefilter knows of one regex: its candidate literal sets (analysis order) and its reach. */
export interface PatternAnalysis {
  sets: LiteralSet[];
  reach: Reach;
}

/** Key of a regex in pattern-analysis.json. */
export function analysisKey(re: RegExp): string {
  return `${re.flags}/${re.source}`;
}

/** The analysis of `re` as computed now (required-literals.ts). */
export function analysePattern(re: RegExp): PatternAnalysis {
  return { sets: requiredLiteralSets(re, 1, CANDIDATE_SETS, [], true), reach: lineReach(re) };
}

/** pattern-analysis.json holds Infinity as null (JSON has no Infinity). */
type Stored<T> = { [K in keyof T]: T[K] extends number ? number | null : T[K] };
const STORED_ANALYSIS = PATTERN_ANALYSIS_JSON as unknown as Readonly<Record<string, { sets: Stored<LiteralSet>[]; reach: Stored<Reach> }>>;
const finite = (x: number | null): number => (x === null ? Infinity : x);

/**
 * The analysis of `re`: read from pattern-analysis.json (generated at build time by
 * bench/pattern-analysis.ts; parsing ~500 regexes at every start-up costs the CLI a third of a
 * second), else computed. Entries are keyed by the exact flags and source, so a new or changed
 * pattern is always analysed afresh; prefilter.spec.ts fails when an entry differs from what the
 * analysis computes now or when a pattern has none (regenerate with `npm run gen:prefilter`).
 */
export function patternAnalysis(re: RegExp): PatternAnalysis {
  const stored = Object.prototype.hasOwnProperty.call(STORED_ANALYSIS, analysisKey(re)) ? STORED_ANALYSIS[analysisKey(re)] : undefined;
  if (stored === undefined) return analysePattern(re);
  return {
    sets: stored.sets.map((set) => ({ literals: set.literals, before: finite(set.before), beforeChars: finite(set.beforeChars) })),
    reach: { total: finite(stored.reach.total), behind: finite(stored.reach.behind), chars: finite(stored.reach.chars), behindChars: finite(stored.reach.behindChars) },
  };
}

/** How one pattern is searched. */
export interface PatternPlan {
  /** Listed automaton target whose lines hold a literal of the trigger set; -1: search the whole file. */
  trigger: number;
  /** Flagged targets (further required sets) that must all occur on the lines a match can span. */
  gates: Int32Array;
  /** Most line feeds and characters a match reads before its trigger literal. */
  before: number;
  beforeChars: number;
  /** Shortest and longest trigger literal (an occurrence ending at offset i starts in [i + 1 − litMax, i + 1 − litMin]). */
  litMin: number;
  litMax: number;
  /** Most line feeds one attempt reads (Infinity: search the whole file), and reads before its start. */
  reach: number;
  behind: number;
  /** Most characters one attempt reads, and reads before its start (assertions look one further). */
  chars: number;
  behindChars: number;
  /**
   * A pattern searched over whole files (no trigger) whose every match holds a code unit at or
   * above some bound (requiredHighCodeUnit: the Chinese / Japanese phrasings) is skipped in a text
   * that has none, found by this one-class regex; null otherwise.
   */
  highChar: RegExp | null;
}

export interface CompiledPatternRules {
  rules: readonly PatternRule[];
  automaton: KeywordAutomaton;
  /** Listed targets: the distinct trigger sets; flagged targets: gate sets and `extraSets`. */
  targets: KeywordTargets;
  /** rule index → pattern index → plan */
  plans: PatternPlan[][];
  /** Flag indexes of the extra literal sets given to compilePatternRules (for analyzers; see lineHasSet). */
  extraSets: number[];
  /** A class holding every code unit of every plan's `highChar` (null: no plan has one): a text without one skips them all. */
  anyHighChar: RegExp | null;
}

/** Shortest literal worth a gate (a one-character literal occurs on nearly every line). */
const MIN_GATE_LITERAL = 2;
/** A trigger estimated on fewer lines (per 1000) than this gets no gates. */
const MIN_GATED_TRIGGER_PER_MILLE = 1;
/** Required sets of a pattern considered for its trigger and gates. */
export const CANDIDATE_SETS = 6;
/**
 * A gate set on more lines than this (per 1000) rarely closes a window of several lines, and its
 * literals cost the keyword pass most of its time (flag updates on common words): left out. A
 * word-bounded literal is counted by its plain text: the pass visits (and checks) every occurrence.
 * Measured on benign-vendor (CPU time of a pass, interleaved runs): 20 → 50 saves about 6 % (the
 * windows the extra gates close cost more than their flags); 100 and 200 gain nothing more.
 */
const MAX_GATE_PER_MILLE = 50;

/**
 * Estimated lines per 1000 holding one of the set's literals: the measured figure of each literal
 * (literal-frequency.json, regenerated by bench/literal-frequency.ts), else that of its text
 * without boundary marks, else a guess by length (a literal the table lacks was rarer than its
 * floor when it was made, or is new).
 */
export function estimatedPerMille(literals: readonly string[]): number {
  let sum = 0;
  for (const lit of literals) {
    // A word-bounded literal the table lacks occurs at most where its plain text does.
    const text = literalText(lit);
    const n = text.length;
    sum += LITERAL_PER_MILLE[lit] ?? LITERAL_PER_MILLE[text] ?? (n === 1 ? 300 : n === 2 ? 30 : n === 3 ? 3 : 0.5);
  }
  return Math.min(1000, sum);
}

/**
 * A trigger's lines each open a regex window, and every occurrence of its literals' plain text is
 * an output step of the keyword pass (where a word-bounded literal is checked): a Spanish `\bde\b`
 * is on few lines but its "de" is in every other English line. Measured on benign-vendor (the
 * word-bounded literals' first version), a window costs about ten such steps.
 */
const WINDOW_PER_OCCURRENCE = 10;

/** Estimated cost of a trigger set: its lines, plus the lines of its plain text weighed down. */
function triggerCost(literals: readonly string[]): number {
  return estimatedPerMille(literals) + estimatedPerMille(literals.map(literalText)) / WINDOW_PER_OCCURRENCE;
}

/**
 * Literal sets of a pattern, its trigger first (the set of the lowest `triggerCost`; on a tie
 * the analysis' order: longer literals first); throws when it has none, unless the rule declares
 * the pattern in `unfiltered` (then it is searched over every whole file). Which set triggers only
 * changes speed: every set is held by every match.
 */
export function patternLiteralSets(rule: PatternRule, pi: number): LiteralSet[] {
  const { sets } = patternAnalysis(rule.patterns[pi]);
  if (sets.length === 0 && !rule.unfiltered?.includes(pi)) {
    throw new Error(
      `rule ${rule.id} pattern #${pi} (/${rule.patterns[pi].source.slice(0, 80)}/) has no required literal for the prefilter: ` +
        'give it a literal every match contains, or list the pattern in the rule\'s `unfiltered`',
    );
  }
  let best = 0;
  for (let i = 1; i < sets.length; i++) if (triggerCost(sets[i].literals) < triggerCost(sets[best].literals)) best = i;
  return best === 0 ? sets : [sets[best], ...sets.slice(0, best), ...sets.slice(best + 1)];
}

/** The rule's keywords: the literals its patterns are found by, plus its hand-kept additions. */
export function ruleKeywords(rule: PatternRule): string[] {
  const out = new Set<string>();
  rule.patterns.forEach((_, pi) => {
    for (const lit of patternLiteralSets(rule, pi)[0]?.literals ?? []) out.add(literalText(lit));
  });
  for (const kw of rule.keywords) out.add(kw.toLowerCase());
  return [...out];
}

/**
 * Builds the keyword automaton and every pattern's plan. `extraSets` are further literal sets
 * whose lines the same automaton pass flags for analyzers (each set: lowercase ASCII literals).
 * Throws when a pattern has no required literal and is not declared `unfiltered`.
 */
export function compilePatternRules(rules: readonly PatternRule[], extraSets: ReadonlyArray<readonly string[]> = []): CompiledPatternRules {
  const kwIndex = new Map<string, number>();
  const listedOf: number[][] = [];
  const flaggedOf: number[][] = [];
  const keywords: string[] = [];
  const keywordOf = (lit: string): number => {
    const k = lit.toLowerCase();
    let idx = kwIndex.get(k);
    if (idx === undefined) {
      idx = keywords.length;
      kwIndex.set(k, idx);
      keywords.push(k);
      listedOf.push([]);
      flaggedOf.push([]);
    }
    return idx;
  };
  const triggerIndex = new Map<string, number>();
  const gateIndex = new Map<string, number>();
  const target = (set: readonly string[], index: Map<string, number>, of: number[][]): number => {
    const key = set.join('\u0000');
    let t = index.get(key);
    if (t === undefined) {
      t = index.size;
      index.set(key, t);
      for (const lit of set) {
        const targets = of[keywordOf(lit)];
        if (!targets.includes(t)) targets.push(t);
      }
    }
    return t;
  };
  let lowestHigh = Infinity;
  const plans = rules.map((rule) =>
    rule.patterns.map((re, pi): PatternPlan => {
      const [trigger, ...rest] = patternLiteralSets(rule, pi);
      const { total: reach, behind, chars, behindChars } = patternAnalysis(re).reach;
      if (!trigger || reach === Infinity) {
        const high = requiredHighCodeUnit(re);
        const hex = high.toString(16).padStart(4, '0');
        if (high > 0) lowestHigh = Math.min(lowestHigh, high);
        const highChar = high > 0 ? rx(`prefilter:code-unit-from-${hex}`, high < 0xd800 ? `[\\u${hex}-\\ud7ff\\ue000-\\uffff]` : `[\\u${hex}-\\uffff]`) : null;
        return { trigger: -1, gates: new Int32Array(0), before: Infinity, beforeChars: Infinity, litMin: 0, litMax: Infinity, reach: Infinity, behind: Infinity, chars: Infinity, behindChars: Infinity, highChar };
      }
      // A trigger on few lines opens few windows: gates would cost the keyword pass more than they save.
      const gates = (estimatedPerMille(trigger.literals) < MIN_GATED_TRIGGER_PER_MILLE ? [] : rest)
        .filter((set) => set.literals.every((lit) => literalText(lit).length >= MIN_GATE_LITERAL) && estimatedPerMille(set.literals.map(literalText)) <= MAX_GATE_PER_MILLE)
        .map((set) => target(set.literals, gateIndex, flaggedOf));
      const lengths = trigger.literals.map((lit) => literalText(lit).length);
      return {
        trigger: target(trigger.literals, triggerIndex, listedOf),
        gates: Int32Array.from(gates),
        before: trigger.before,
        beforeChars: trigger.beforeChars,
        litMin: lengths.reduce((m, n) => Math.min(m, n), Infinity),
        litMax: lengths.reduce((m, n) => Math.max(m, n), -Infinity),
        reach,
        behind,
        chars,
        behindChars,
        highChar: null,
      };
    }),
  );
  // An extra set equal to a gate set shares its flag (the same literals flag the same lines).
  const extra = extraSets.map((set) => target([...new Set(set.map((lit) => lit.toLowerCase()))].sort(), gateIndex, flaggedOf));
  const automaton = new KeywordAutomaton(keywords);
  const anyHighChar = lowestHigh === Infinity ? null : rx('prefilter:any-high-code-unit', `[\\u${lowestHigh.toString(16).padStart(4, '0')}-\\uffff]`);
  return { rules, automaton, targets: automaton.targets(listedOf, triggerIndex.size, flaggedOf, gateIndex.size), plans, extraSets: extra, anyHighChar };
}
