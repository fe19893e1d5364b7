import { estimatedPerMille } from '../prefilter';
import { rx } from '../regex-registry';
import { lineReach, requiredLiteralSets } from '../text/required-literals';

/**
 * A regex an analyzer searches over whole files (or many lines), with literals one of which every
 * match contains (derived by `requiredLiteralSets`: ASCII case folded, never across a line break).
 * The keyword pass of the pattern rules flags the lines holding them (evaluate.ts), so
 * `ctx.mayMatch(gate, f, line?)` skips files and lines where the regex cannot match, and
 * `ctx.searchGated(gate, f, …)` searches a file only around those lines: a gated search finds
 * exactly what an ungated one finds. With the prefilter switched off every gate is open
 * (bench/engine-results.ts --no-prefilter and prefilter.spec.ts compare the two).
 */
export interface LiteralGate {
  /** The regex's registry name (for reading). */
  readonly name: string;
  /** Lowercase literals, one of which every match contains; null: none derivable (never closed). */
  readonly literals: readonly string[] | null;
  /** The regex with the `g` flag (searchGated resumes where the previous match ended). */
  readonly search: RegExp;
  /** Most line feeds a match reads before the line of its literal (Infinity: unbounded). */
  readonly before: number;
  /** Most line feeds one attempt reads in all, and before its start (lookbehinds); Infinity: unbounded. */
  readonly reach: number;
  readonly behind: number;
}

/** The gate of `re`: its required literal set estimated on the fewest lines. */
export function literalGate(name: string, re: RegExp): LiteralGate {
  let best: { literals: string[]; before: number } | null = null;
  for (const set of requiredLiteralSets(re)) if (set.literals.length > 0 && (best === null || estimatedPerMille(set.literals) < estimatedPerMille(best.literals))) best = set;
  const { total, behind } = lineReach(re);
  return {
    name,
    literals: best?.literals ?? null,
    search: re.global ? re : rx(`${name}#search`, re.source, `${re.flags}g`),
    before: best?.before ?? Infinity,
    reach: total,
    behind,
  };
}
