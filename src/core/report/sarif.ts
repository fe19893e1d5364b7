import type { Axis, Severity, Verdict } from '../engine/engine.types';
import { FINGERPRINT_KEY } from './finding-fingerprint';

/** SARIF 2.1.0 (OASIS), the subset this service writes. */
export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SARIF_TOOL_NAME = 'skill-audit';

export type SarifLevel = 'error' | 'warning' | 'note';

/** critical/high → error, medium → warning, low/info → note. */
export function sarifLevel(severity: Severity): SarifLevel {
  if (severity === 'critical' || severity === 'high') return 'error';
  return severity === 'medium' ? 'warning' : 'note';
}

export interface SarifRuleInfo {
  axis: Axis;
  category: string;
  severity: Severity;
  title: string;
  description: string;
  /** Remediation text; the description when the rule has none. */
  help: string;
}

export interface SarifFinding {
  ruleId: string;
  axis: Axis;
  severity: Severity;
  category: string;
  title: string;
  description: string;
  file: string | null;
  line: number | null;
  detectedBy: 'static' | 'ai';
  fingerprint: string;
  suppressed: boolean;
  /** The suppression's reason (justification); null for ordinary findings. */
  suppressionReason: string | null;
}

export interface SarifInput {
  tool: { version: string; informationUri: string };
  scan: { id: number | null; name: string; verdict: Verdict; riskScore: number; fingerprint: string };
  findings: readonly SarifFinding[];
  /** Texts and metadata of each rule that fired (localized by the caller); AI rules may be missing. */
  ruleInfo: (ruleId: string, first: SarifFinding) => SarifRuleInfo;
}

/** A relative POSIX path as a URI reference: each segment percent-encoded (plain names stay as they are). */
export function pathToUriReference(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** One SARIF log with one run: the rules that fired, one result per finding, the scan's verdict and score on the run. */
export function toSarif(input: SarifInput): Record<string, unknown> {
  const ruleIndex = new Map<string, number>();
  const rules: Array<Record<string, unknown>> = [];
  for (const f of input.findings) {
    if (ruleIndex.has(f.ruleId)) continue;
    const info = input.ruleInfo(f.ruleId, f);
    ruleIndex.set(f.ruleId, rules.length);
    rules.push({
      id: f.ruleId,
      name: f.ruleId,
      shortDescription: { text: info.title },
      fullDescription: { text: info.description || info.title },
      help: { text: info.help || info.description || info.title },
      defaultConfiguration: { level: sarifLevel(info.severity) },
      properties: { axis: info.axis, category: info.category, severity: info.severity },
    });
  }
  const results = input.findings.map((f) => {
    const result: Record<string, unknown> = {
      ruleId: f.ruleId,
      ruleIndex: ruleIndex.get(f.ruleId),
      level: sarifLevel(f.severity),
      message: { text: f.description ? `${f.title}: ${f.description}` : f.title },
      partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
      properties: { axis: f.axis, severity: f.severity, category: f.category, detectedBy: f.detectedBy },
    };
    if (f.file !== null) {
      const physicalLocation: Record<string, unknown> = { artifactLocation: { uri: pathToUriReference(f.file) } };
      if (f.line !== null && f.line >= 1) physicalLocation.region = { startLine: f.line };
      result.locations = [{ physicalLocation }];
    }
    if (f.suppressed) result.suppressions = [{ kind: 'external', status: 'accepted', justification: f.suppressionReason ?? '' }];
    return result;
  });
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: SARIF_TOOL_NAME, version: input.tool.version, informationUri: input.tool.informationUri, rules },
        },
        results,
        properties: {
          verdict: input.scan.verdict,
          riskScore: input.scan.riskScore,
          scanId: input.scan.id,
          scanName: input.scan.name,
          fingerprint: input.scan.fingerprint,
        },
      },
    ],
  };
}
