import type { SkillFile } from '../ingest/ingest.types';

export type Axis = 'security' | 'privacy';
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export type Verdict = 'pass' | 'review' | 'block';
export type DetectionType = 'regex' | 'heuristic' | 'ai';
export type DetectedBy = 'static' | 'ai';
export type CheckpointStatus = 'pass' | 'flagged' | 'skipped' | 'error';

export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const AXES: readonly Axis[] = ['security', 'privacy'];

/** Catalog metadata of a rule. Texts (title, description, remediation) live in i18n/<lang>/rules.json keyed by ruleId. */
export interface RuleMeta {
  ruleId: string;
  axis: Axis;
  /** Checkpoint category this rule reports under, e.g. `prompt-injection`. */
  category: string;
  severity: Severity;
  detectionType: Exclude<DetectionType, 'ai'>;
}

/** The database's current view of a rule (admin can change severity / enabled). */
export interface RuleSetting {
  severity: Severity;
  enabled: boolean;
}
export type RuleSettings = ReadonlyMap<string, RuleSetting>;

/** A finding before localisation: texts are resolved from the ruleId at the edge. AI findings carry their own texts. */
export interface EngineFinding {
  ruleId: string;
  axis: Axis;
  severity: Severity;
  category: string;
  file: string | null;
  line: number | null;
  snippet: string | null;
  detectedBy: DetectedBy;
  /** Only for AI findings (static texts come from i18n). */
  texts?: { title: string; description: string; remediation: string | null };
}

export interface EngineCheckpoint {
  /** Stable id, e.g. `ingest`, `frontmatter`, `category:prompt-injection`, `ai-analysis`, `description`. */
  id: string;
  /** i18n key under `checkpoints.` for the label. */
  category: string;
  axis: Axis | null;
  severity: Severity | null;
  status: CheckpointStatus;
  findingCount: number;
  scoreDelta: number;
  detectedBy: DetectedBy | null;
}

export interface FindingCounts {
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
  security: number;
  privacy: number;
  total: number;
}

export interface EngineResult {
  findings: EngineFinding[];
  checkpoints: EngineCheckpoint[];
  findingCounts: FindingCounts;
  riskScore: number;
  verdict: Verdict;
}

export type EvaluateFn = (files: readonly SkillFile[], settings?: RuleSettings) => EngineResult;
