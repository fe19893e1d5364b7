import type { Axis, DetectedBy, Severity, Verdict } from '../core/engine/engine.types';
import type { ReportCounts } from '../core/report/audit-report';

export interface CliFinding {
  ruleId: string;
  axis: Axis;
  severity: Severity;
  category: string;
  title: string;
  description: string;
  remediation: string | null;
  file: string | null;
  line: number | null;
  snippet: string | null;
  detectedBy: DetectedBy;
  fingerprint: string;
  suppressed: boolean;
  suppressionId: number | null;
}

/** One scanned PATH, local or from a server, as the formatters and the exit code need it. */
export interface CliReport {
  name: string;
  verdict: Verdict;
  riskScore: number;
  findingCounts: ReportCounts;
  findings: CliFinding[];
  /** What `--format json` prints: the local report, or the server's ScanDetail as received. */
  json: unknown;
  /** The SARIF log of this scan (the server's GET /scans/{id}/sarif in server mode). */
  sarif: () => Promise<Record<string, unknown>>;
}
