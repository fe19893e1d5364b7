import type { FileKind, SkillFile } from '../ingest/ingest.types';
import type { Axis, Severity } from './engine.types';

/**
 * Where a match sits. The same words weigh differently by context:
 * - `prose`: imperative text of an instruction file (what the agent is told to do);
 * - `quoted`: inside quotes or a blockquote of prose;
 * - `inline-code`: inside `backticks` in prose (a command the text tells the agent to run);
 * - `fenced`: inside a markdown code fence of an instruction file;
 * - `counter`: a fenced or quoted example introduced as an attack / red flag / thing not to do;
 * - `comment-html`: inside an HTML comment of an instruction file (hidden from rendered view);
 * - `frontmatter`: in the YAML frontmatter of an instruction file;
 * - `script` / `script-comment`: code / a comment line of a script;
 * - `resource`: a data or resource file;
 * - `decoded`: text recovered by decoding an encoded blob (base64, hex, gzip).
 */
export type MatchContext =
  | 'prose'
  | 'quoted'
  | 'inline-code'
  | 'fenced'
  | 'counter'
  | 'comment-html'
  | 'frontmatter'
  | 'script'
  | 'script-comment'
  | 'resource'
  | 'decoded';

/** Severity adjustment: levels up (+) or down (-), or a fixed outcome. */
export type Adjust = number | 'info' | 'skip';

/**
 * How a rule's matches react to context:
 * - `directive`: natural-language instruction (override, concealment, requests for data);
 * - `code`: command / code construct that does something when run;
 * - `reference`: mention of a sensitive path, host or API;
 * - `secret`: a credential value (context-independent);
 * - `data`: embedded personal data.
 */
export type RuleNature = 'directive' | 'code' | 'reference' | 'secret' | 'data';

export type LineLang = 'prose' | 'python' | 'shell' | 'javascript' | 'powershell' | 'ruby' | 'json' | 'yaml' | 'html' | 'other';

/** A file of a rule example: text, or raw bytes as hex (binary files). */
export type ExampleFile = { path: string; text: string } | { path: string; hex: string };

/**
 * One input of a rule example, run through the real `evaluate()` (rule-examples.spec.ts):
 * - a string: the text of SKILL.md (a neutral frontmatter is prepended unless it starts with `---`);
 * - a file: that file next to a neutral SKILL.md;
 * - `{ files }`: exactly these files (no SKILL.md is added).
 */
export type RuleExample = string | ExampleFile | { files: readonly ExampleFile[] };

/**
 * Executable documentation of a rule: `match` inputs must raise it (above info, unless the rule's
 * severity is info), `noMatch` near misses (documentation, negation, placeholders) must not.
 */
export interface RuleExamples {
  match: readonly RuleExample[];
  noMatch: readonly RuleExample[];
}

export interface RuleBase {
  id: string;
  category: string;
  severity: Severity;
  /** Defaults to the category's axis. */
  axis?: Axis;
  /** Required by rule-examples.spec.ts for every rule in the catalog. */
  examples?: RuleExamples;
}

export interface PatternMatchInfo {
  match: RegExpExecArray;
  /** The normalised line containing the start of the match. */
  line: string;
  /** 0-based index of that line, and the match's offset inside it. */
  lineIndex: number;
  startInLine: number;
  file: FileFacts;
  context: MatchContext;
}

export interface PatternRule extends RuleBase {
  type: 'pattern';
  nature: RuleNature;
  /** Global (`g`) regexes, run on the normalised text near keyword hits. */
  patterns: RegExp[];
  /**
   * Hand-kept keywords: additions to the literals derived from the patterns (prefilter.ts); they
   * do not decide which lines a pattern runs on.
   */
  keywords: string[];
  /**
   * Indexes of patterns that have no required literal and are deliberately searched over every
   * whole file (loading fails for such a pattern that is not listed here).
   */
  unfiltered?: number[];
  kinds?: FileKind[];
  /** Effective line languages the rule applies to (file language, or fence language in markdown). */
  langs?: LineLang[];
  /** Per-context adjustment overriding the nature's defaults. */
  ctx?: Partial<Record<MatchContext, Adjust>>;
  /** A negation right before the match (never / do not / nicht / nunca) makes it a counter-example. */
  negatable?: boolean;
  /** Optional check of a match: false drops it, a severity replaces the rule's (e.g. placeholders → info). */
  validate?: (info: PatternMatchInfo) => boolean | Severity;
  /** Mask secret-shaped substrings of the snippet (always on for secrets). */
  secret?: boolean;
}

export interface HeuristicRule extends RuleBase {
  type: 'heuristic';
  nature?: RuleNature;
}

export type RuleDef = PatternRule | HeuristicRule;

export interface FileFacts {
  file: SkillFile;
  path: string;
  ext: string;
  /** Basename, lowercased. */
  base: string;
  kind: FileKind;
  lang: LineLang;
  markdown: boolean;
  /** True for pseudo-files built from decoded blobs. */
  decoded: boolean;
  raw: string;
  norm: string;
  rawLines: string[];
  normLines: string[];
}

/** A raw hit produced by a rule or analyzer before settings, caps and scoring. */
export interface Hit {
  ruleId: string;
  /** Severity levels relative to the rule's base severity (context adjustment, escalation). */
  delta: number;
  /** A fixed severity that replaces base + delta (e.g. documented placeholder keys → info). */
  fixed?: Severity;
  file: string | null;
  line: number | null;
  snippet: string | null;
  context?: MatchContext;
  /** Data for combination analysis. */
  tags?: string[];
}
