import type { SkillFile } from '../../ingest/ingest.types';
import type { FileFacts, HeuristicRule, Hit } from '../rule-types';
import type { Frontmatter } from './frontmatter';
import type { MarkdownInfo } from '../text/markdown';

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
   * Whether normalised line `line` of `f` may contain one of the obfuscation analyzer's created
   * words (CREATED_WORD_LITERALS): false only when the keyword pass saw none there.
   */
  mayHaveCreatedWord(f: FileFacts, line: number): boolean;
}

/** A heuristic analyzer owning one or more heuristic rules. */
export interface Analyzer {
  name: string;
  rules: HeuristicRule[];
  /** `main` runs with the pattern rules; `derive` sees all hits of the main phase. */
  phase: 'main' | 'derive';
  run(ctx: SkillContext, hits: readonly Hit[]): void;
}
