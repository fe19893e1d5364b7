import type { ScanView } from '../scans/scan.views';

/** RuleStat of the spec: how many findings a rule produced over all stored scans. */
export interface RuleStatView {
  ruleId: string;
  title: string;
  axis: 'security' | 'privacy';
  count: number;
}

/** DashboardSummary of the spec, field for field. */
export interface DashboardSummaryView {
  totalScans: number;
  avgRiskScore: number;
  verdictCounts: { pass: number; review: number; block: number };
  severityTotals: { critical: number; high: number; medium: number; low: number; info: number };
  axisTotals: { security: number; privacy: number };
  recentScans: ScanView[];
  topRules: RuleStatView[];
}
