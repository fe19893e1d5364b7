import type { Severity } from '../engine.types';
import { rx } from '../regex-registry';
import type { HeuristicRule, PatternRule, RuleExamples, RuleNature } from '../rule-types';

type PatternSource = string | { src: string; flags: string };

export interface PatternSpec extends Omit<PatternRule, 'type' | 'patterns' | 'nature'> {
  nature?: RuleNature;
  patterns: PatternSource[];
}

/** Declares a pattern rule; every regex is compiled once (flags default `gim`) and registered. */
export function pattern(spec: PatternSpec): PatternRule {
  const patterns = spec.patterns.map((p, i) => {
    const src = typeof p === 'string' ? p : p.src;
    let flags = typeof p === 'string' ? 'gim' : p.flags;
    if (!flags.includes('g')) flags += 'g';
    return rx(`rule:${spec.id}#${i}`, src, flags);
  });
  return { ...spec, nature: spec.nature ?? 'code', type: 'pattern', patterns };
}

export function heuristic(id: string, category: string, severity: Severity, examples?: RuleExamples, nature?: RuleNature): HeuristicRule {
  return { id, category, severity, type: 'heuristic', nature, examples };
}

/** Word separator that may cross one line break (wrapped markdown paragraphs). */
export const S = String.raw`\s{1,3}`;
/**
 * A bounded gap inside one sentence. Punctuation followed by a non-space character (paths such as
 * ~/.ssh/id_rsa, host names, file.ext) does not end the sentence; ". ", "!" and "?" before a
 * space or the end of the line do.
 */
export function gap(n: number): string {
  return `(?:[^\\n.!?]|[.!?][^\\s.!?]){0,${n}}?`;
}
