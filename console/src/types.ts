/** Response shapes of /work/shared/spec/interface-spec.md. Fields added by later API versions are optional. */
export type Verdict = 'pass' | 'review' | 'block';
export type Severity = 'critical' | 'high' | 'medium' | 'low' | 'info';
export type Axis = 'security' | 'privacy';
export const SEVERITIES: readonly Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const AXES: readonly Axis[] = ['security', 'privacy'];
export const VERDICTS: readonly Verdict[] = ['pass', 'review', 'block'];

export interface FindingCounts {
  critical: number;
  high: number;
  medium: number;
  low: number;
  info: number;
  security: number;
  privacy: number;
  total: number;
  suppressed?: number;
}

export interface Scan {
  id: number;
  name: string;
  description?: string | null;
  source: 'zip' | 'file' | 'text';
  status: 'completed' | 'failed';
  verdict: Verdict;
  riskScore: number;
  fileCount: number;
  aiUsed: boolean;
  aiError?: string | null;
  findingCounts: FindingCounts;
  fingerprint: string;
  relation: 'new' | 'identical' | 'modified' | null;
  similarity: number | null;
  comparedScanId: number | null;
  hidden: boolean;
  createdAt: string;
}

export interface ScanFile {
  path: string;
  kind: 'instruction' | 'script' | 'resource';
  language?: string | null;
  size: number;
  hash: string;
  hasContent: boolean;
  content?: string | null;
}

export interface Finding {
  id: number;
  ruleId: string;
  axis: Axis;
  severity: Severity;
  title: string;
  description: string;
  remediation?: string | null;
  file?: string | null;
  line?: number | null;
  snippet?: string | null;
  detectedBy: 'static' | 'ai';
  fingerprint?: string;
  suppressed?: boolean;
  suppressionId?: number | null;
}

export interface Checkpoint {
  id: string;
  label: string;
  category: string;
  axis?: Axis | null;
  severity?: Severity | null;
  status: 'pass' | 'flagged' | 'skipped' | 'error';
  findingCount: number;
  scoreDelta: number;
  detectedBy?: 'static' | 'ai' | null;
}

export interface ComparedScan {
  id: number;
  name: string;
  verdict: Verdict;
  riskScore: number;
  createdAt: string;
}

export interface ScanDetail extends Scan {
  files: ScanFile[];
  findings: Finding[];
  checkpoints: Checkpoint[];
  checkCount: number;
  comparedScan: ComparedScan | null;
  findingDelta?: { added: number; resolved: number } | null;
}

export interface LineageEntry {
  id: number;
  name: string;
  verdict: Verdict;
  riskScore: number;
  relation: 'new' | 'identical' | 'modified' | null;
  similarity: number | null;
  comparedScanId: number | null;
  fingerprint: string;
  createdAt: string;
}

export interface DiffLine {
  type: 'context' | 'add' | 'remove';
  text: string;
  previousLine: number | null;
  currentLine: number | null;
}

export interface FileDiff {
  path: string;
  status: 'unchanged' | 'modified' | 'added' | 'removed';
  previousHash: string | null;
  currentHash: string | null;
  previousSize: number | null;
  currentSize: number | null;
  previousHasContent: boolean | null;
  currentHasContent: boolean | null;
  lineDiff: DiffLine[] | null;
}

export interface ComparisonSide {
  id: number;
  name: string;
  verdict: Verdict;
  riskScore: number;
  fileCount: number;
  fingerprint: string;
  createdAt: string;
}

export interface Comparison {
  current: ComparisonSide;
  previous: ComparisonSide;
  files: FileDiff[];
  findingChanges?: { added: Finding[]; resolved: Finding[]; unchangedCount: number };
}

export interface Dashboard {
  totalScans: number;
  avgRiskScore: number;
  verdictCounts: Record<Verdict, number>;
  severityTotals: Record<Severity, number>;
  axisTotals: Record<Axis, number>;
  recentScans: Scan[];
  topRules: Array<{ ruleId: string; title: string; axis: Axis; count: number }>;
}

export interface AuthMe {
  authenticated: boolean;
  isAdmin: boolean;
  email?: string | null;
}

export type ApiType = 'provider_a' | 'provider_b' | 'custom';
export interface Provider {
  id: number;
  name: string;
  apiType: ApiType;
  baseUrl: string;
  model: string;
  enabled: boolean;
  hasToken: boolean;
  tokenPreview: string;
  createdAt: string;
}

export interface Prompt {
  id: number;
  key: string;
  name: string;
  content: string;
  updatedAt: string;
}

export interface Rule {
  id: number;
  ruleId: string;
  axis: Axis;
  category: string;
  title: string;
  description: string;
  severity: Severity;
  detectionType: 'regex' | 'heuristic' | 'ai';
  enabled: boolean;
}

export interface Suppression {
  id: number;
  ruleId: string;
  reason: string;
  skillName: string | null;
  path: string | null;
  fingerprint: string | null;
  expiresAt: string | null;
  createdAt: string;
  createdBy: string;
}
