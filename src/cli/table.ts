import { SEVERITIES, type Severity, type Verdict } from '../core/engine/engine.types';
import type { CliReport } from './cli-report';
import type { CliTexts } from './cli-texts';

const ANSI = { reset: '\x1b[0m', bold: '\x1b[1m', dim: '\x1b[2m', red: '\x1b[31m', yellow: '\x1b[33m', green: '\x1b[32m', blue: '\x1b[34m', magenta: '\x1b[35m' };
const VERDICT_COLOUR: Record<Verdict, string> = { pass: ANSI.green, review: ANSI.yellow, block: ANSI.red };
const SEVERITY_COLOUR: Record<Severity, string> = { critical: ANSI.magenta, high: ANSI.red, medium: ANSI.yellow, low: ANSI.blue, info: ANSI.dim };
const TITLE_WIDTH = 72;

/**
 * The human report of one PATH: verdict, score, counts by severity, then one row per finding
 * (severity, file:line, rule, title), most severe first. Colour only when `colour` (a TTY).
 */
export function formatTable(path: string, report: CliReport, texts: CliTexts, colour: boolean): string {
  const paint = (code: string, text: string) => (colour ? `${code}${text}${ANSI.reset}` : text);
  const counts = report.findingCounts;
  const bySeverity = SEVERITIES.filter((s) => counts[s] > 0).map((s) => paint(SEVERITY_COLOUR[s], `${counts[s]} ${s}`));
  if (counts.suppressed > 0) bySeverity.push(paint(ANSI.dim, `${counts.suppressed} ${texts.cli('suppressed')}`));
  const lines = [
    paint(ANSI.bold, `${path}  (${report.name})`),
    `${texts.cli('verdict')}: ${paint(ANSI.bold + VERDICT_COLOUR[report.verdict], report.verdict.toUpperCase())}   ` +
      `${texts.cli('riskScore')}: ${report.riskScore}/100   ${texts.cli('findings')}: ${counts.total}${bySeverity.length ? ` (${bySeverity.join(', ')})` : ''}`,
  ];
  if (report.findings.length === 0) return [...lines, texts.cli('noFindings'), ''].join('\n');
  const rank = (s: Severity) => SEVERITIES.indexOf(s);
  const rows = report.findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => Number(a.f.suppressed) - Number(b.f.suppressed) || rank(a.f.severity) - rank(b.f.severity) || a.i - b.i)
    .map(({ f }) => ({
      severity: f.suppressed ? `(${f.severity})` : f.severity,
      location: f.file === null ? '-' : f.line === null ? f.file : `${f.file}:${f.line}`,
      rule: f.ruleId,
      title: oneLine(f.title),
      colour: f.suppressed ? ANSI.dim : SEVERITY_COLOUR[f.severity],
    }));
  const header = { severity: texts.cli('columns.severity'), location: texts.cli('columns.location'), rule: texts.cli('columns.rule'), title: texts.cli('columns.title') };
  const width = (key: 'severity' | 'location' | 'rule') => Math.min(48, Math.max(header[key].length, ...rows.map((r) => r[key].length)));
  const w = { severity: width('severity'), location: width('location'), rule: width('rule') };
  const cell = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text.padEnd(n));
  lines.push('', paint(ANSI.bold, `${cell(header.severity, w.severity)}  ${cell(header.location, w.location)}  ${cell(header.rule, w.rule)}  ${header.title}`));
  for (const r of rows) {
    lines.push(`${paint(r.colour, cell(r.severity, w.severity))}  ${cell(r.location, w.location)}  ${cell(r.rule, w.rule)}  ${cell(r.title, TITLE_WIDTH).trimEnd()}`);
  }
  return [...lines, ''].join('\n');
}

/** Control characters and line breaks of titles (AI titles are free text) never reach the terminal. */
function oneLine(text: string): string {
  return text.replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ').trim();
}
