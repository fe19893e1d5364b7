import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { IngestLimits } from '../core/ingest/ingest.types';
import { buildReport } from '../core/report/audit-report';
import { scanStatically } from '../core/report/static-scan';
import { toSarif } from '../core/report/sarif';
import type { CliTexts } from './cli-texts';
import type { CliScanInput } from './skill-input';
import type { CliReport, CliFinding } from './cli-report';

/**
 * A scan without server, database or network: the service's own static scan (scanStatically:
 * ingestion with the same limits, rule engine with catalog defaults, display name) and report path
 * (buildReport), so verdict, riskScore, findings and
 * fingerprints equal what POST /api/scans answers for the same input with default rule settings.
 */
export function scanLocally(input: CliScanInput, limits: IngestLimits, texts: CliTexts, toolVersion: string): CliReport {
  const { skill, name, engine } = scanStatically(input, limits);
  const report = buildReport(engine.findings, engine.checkpoints, { skillName: name });
  const findings: CliFinding[] = report.findings.map((f) => {
    const t = f.texts ?? texts.rule(f.ruleId);
    return {
      ruleId: f.ruleId, axis: f.axis, severity: f.severity, category: f.category, title: t.title, description: t.description,
      remediation: t.remediation, file: f.file, line: f.line, snippet: f.snippet, detectedBy: f.detectedBy,
      fingerprint: f.fingerprint, suppressed: f.suppressed, suppressionId: f.suppressionId,
    };
  });
  const detail = {
    name,
    source: input.source,
    verdict: report.verdict,
    riskScore: report.riskScore,
    fileCount: skill.files.length,
    fingerprint: skill.fingerprint,
    findingCounts: report.findingCounts,
    findings: findings.map(({ category: _c, ...finding }) => finding),
    checkpoints: report.checkpoints.map((c) => ({ ...c, label: texts.checkpoint(c.category) })),
  };
  return {
    name,
    verdict: report.verdict,
    riskScore: report.riskScore,
    findingCounts: report.findingCounts,
    findings,
    json: detail,
    sarif: async () =>
      toSarif({
        // No server to point at: the README installed with the CLI.
        tool: { version: toolVersion, informationUri: pathToFileURL(join(__dirname, '..', '..', 'README.md')).href },
        scan: { id: null, name, verdict: report.verdict, riskScore: report.riskScore, fingerprint: skill.fingerprint },
        findings: findings.map((f) => ({ ...f, suppressionReason: null })),
        ruleInfo: (ruleId, first) => {
          const t = texts.rule(ruleId);
          return { axis: first.axis, category: first.category, severity: first.severity, title: t.title, description: t.description, help: t.remediation ?? t.description };
        },
      }),
  };
}
