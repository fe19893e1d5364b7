import { estimatedPerMille } from '../prefilter';
import { requiredLiterals } from '../text/required-literals';

/**
 * A regex an analyzer searches over whole files (or many lines), with literals one of which every
 * match contains (derived by `requiredLiterals`: ASCII case folded, never across a line break).
 * The keyword pass of the pattern rules flags the lines holding them (evaluate.ts), so
 * `ctx.mayMatch(gate, f, line?)` skips files and lines where the regex cannot match: a gated
 * search finds exactly what an ungated one finds. With the prefilter switched off every gate is
 * open (bench/engine-results.ts --no-prefilter and prefilter.spec.ts compare the two).
 */
export interface LiteralGate {
  /** The regex's registry name (for reading). */
  readonly name: string;
  /** Lowercase literals, one of which every match contains; null: none derivable (never closed). */
  readonly literals: readonly string[] | null;
}

/** The gate of `re`: its required literal set estimated on the fewest lines. */
export function literalGate(name: string, re: RegExp): LiteralGate {
  const sets = requiredLiterals(re);
  let best: string[] | null = null;
  for (const set of sets) if (set.length > 0 && (best === null || estimatedPerMille(set) < estimatedPerMille(best))) best = set;
  return { name, literals: best };
}
