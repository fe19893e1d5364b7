import type { PatternRule } from './rule-types';
import { KeywordAutomaton, type KeywordTargets } from './text/keyword-automaton';
import { lineReach, requiredLiteralSets, type LiteralSet } from './text/required-literals';

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
 * derived keywords (`ruleKeywords`).
 */

/** How one pattern is searched. */
export interface PatternPlan {
  /** Listed automaton target whose lines hold a literal of the trigger set; -1: search the whole file. */
  trigger: number;
  /** Flagged targets (further required sets) that must all occur on the lines a match can span. */
  gates: Int32Array;
  /** Most line feeds and characters a match reads before its trigger literal. */
  before: number;
  beforeChars: number;
  /** Most line feeds one attempt reads (Infinity: search the whole file), and reads before its start. */
  reach: number;
  behind: number;
  /** Most characters one attempt reads, and reads before its start (assertions look one further). */
  chars: number;
  behindChars: number;
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
}

/** Shortest literal worth a gate (a one-character literal occurs on nearly every line). */
const MIN_GATE_LITERAL = 2;

/**
 * Literal sets of a pattern, best first; throws when it has none, unless the rule declares the
 * pattern in `unfiltered` (then it is searched over every whole file).
 */
export function patternLiteralSets(rule: PatternRule, pi: number): LiteralSet[] {
  const sets = requiredLiteralSets(rule.patterns[pi], 1, 3);
  if (sets.length === 0 && !rule.unfiltered?.includes(pi)) {
    throw new Error(
      `rule ${rule.id} pattern #${pi} (/${rule.patterns[pi].source.slice(0, 80)}/) has no required literal for the prefilter: ` +
        'give it a literal every match contains, or list the pattern in the rule\'s `unfiltered`',
    );
  }
  return sets;
}

/** The rule's keywords: the literals its patterns are found by, plus its hand-kept additions. */
export function ruleKeywords(rule: PatternRule): string[] {
  const out = new Set<string>();
  rule.patterns.forEach((_, pi) => {
    for (const lit of patternLiteralSets(rule, pi)[0]?.literals ?? []) out.add(lit);
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
  const plans = rules.map((rule) =>
    rule.patterns.map((re, pi): PatternPlan => {
      const [trigger, ...rest] = patternLiteralSets(rule, pi);
      const { total: reach, behind, chars, behindChars } = lineReach(re);
      if (!trigger || reach === Infinity) {
        return { trigger: -1, gates: new Int32Array(0), before: Infinity, beforeChars: Infinity, reach: Infinity, behind: Infinity, chars: Infinity, behindChars: Infinity };
      }
      const gates = rest
        .filter((set) => set.literals.every((lit) => lit.length >= MIN_GATE_LITERAL))
        .map((set) => target(set.literals, gateIndex, flaggedOf));
      return { trigger: target(trigger.literals, triggerIndex, listedOf), gates: Int32Array.from(gates), before: trigger.before, beforeChars: trigger.beforeChars, reach, behind, chars, behindChars };
    }),
  );
  // An extra set equal to a gate set shares its flag (the same literals flag the same lines).
  const extra = extraSets.map((set) => target([...new Set(set.map((lit) => lit.toLowerCase()))].sort(), gateIndex, flaggedOf));
  const automaton = new KeywordAutomaton(keywords);
  return { rules, automaton, targets: automaton.targets(listedOf, triggerIndex.size, flaggedOf, gateIndex.size), plans, extraSets: extra };
}
