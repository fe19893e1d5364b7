import type { SkillFile } from '../../ingest/ingest.types';
import type { FileFacts, HeuristicRule, Hit } from '../rule-types';
import type { Frontmatter } from './frontmatter';
import type { MarkdownInfo } from '../text/markdown';
import type { LiteralGate } from './literal-gate';

/** What analyzers see of a skill. */
export interface SkillContext {
  files: readonly SkillFile[];
  /** Text files (content not null), in input order. */
  texts: FileFacts[];
  markdown: Map<FileFacts, MarkdownInfo | null>;
  /** The skill's main instruction file (root SKILL.md, else the shallowest SKILL.md, else null). */
  skillMd: FileFacts | null;
  frontmatter: Frontmatter | null;
  /** Normalised text of all instruction files joined (for "is it documented?" checks). */
  instructionText: string;
  /** Runs every pattern rule over a pseudo-file (decoded blob); returns the hits it produced. */
  scanDecoded(origin: FileFacts, line: number, text: string): Hit[];
  emit(hit: Hit): void;
  isEnabled(ruleId: string): boolean;
  /**
   * Whether the gate's regex may match in the normalised text of `f` (or on its line `line`):
   * false only when the keyword pass saw none of the gate's literals there (see literal-gate.ts).
   * The gate must be listed in its analyzer's `gates`.
   */
  mayMatch(gate: LiteralGate, f: FileFacts, line?: number): boolean;
  /**
   * The matches of the gate's regex in the normalised text of `f`, in order, exactly as a search of
   * the whole text finds them, searched only around the lines holding the gate's literals.
   * `onMatch(m, index)` (index: offset in `f.norm`) ends the search by returning true.
   */
  searchGated(gate: LiteralGate, f: FileFacts, onMatch: (m: RegExpExecArray, index: number) => boolean): void;
  /** Whether the gate's regex matches somewhere in the normalised text of `f` (searchGated up to the first match). */
  testGated(gate: LiteralGate, f: FileFacts): boolean;
}

/** A heuristic analyzer owning one or more heuristic rules. */
export interface Analyzer {
  name: string;
  rules: HeuristicRule[];
  /** `main` runs with the pattern rules; `derive` sees all hits of the main phase. */
  phase: 'main' | 'derive';
  /** `hits`: for a derive analyzer, the hits so far (main phase and earlier derive analyzers); empty for a main one. */
  run(ctx: SkillContext, hits: readonly Hit[]): void;
  /** Regexes it searches whose lines the keyword pass flags (ctx.mayMatch). */
  gates?: readonly LiteralGate[];
}
