import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractedCorpus, loadSharedCorpus, SHARED_CORPORA } from '../../bench/corpora';
import { DEFAULT_INGEST_LIMITS, type SkillFile } from '../core/ingest/ingest.types';
import { buildReport } from '../core/report/audit-report';
import { scanStatically } from '../core/report/static-scan';
import { loadConfig } from '../infra/config/app-config';
import { sarifValidator } from '../../test/support/sarif/sarif-validator';
import { CliTexts } from './cli-texts';
import { scanLocally } from './local-scan';
import { scanInputOf } from './skill-input';

/**
 * The CLI's local verdict and score equal the service's for every skill of the fixtures and of all
 * shared corpora (benign-public, benign-vendor, malicious-public), in process and without a
 * database: each skill folder goes through the CLI (scanInputOf zips it in memory with the
 * server's limits, scanLocally reports it) and, as the same request body, through the service's
 * static pipeline (scanStatically with the service's configured ZIP limits and a fresh database's
 * rule settings, i.e. the catalog defaults; buildReport). The files the upload's ingestion builds
 * also equal the files bench/corpora.ts reads for `npm run eval:detection`, so the detection
 * figures are the service's. test/e2e/cli-parity.e2e-spec.ts checks a sample against the
 * running service (HTTP, database rule settings, SARIF). Every skill's SARIF log (the same toSarif
 * the service's GET /scans/{id}/sarif uses) is also checked against the official SARIF 2.1.0 schema.
 */
const FIXTURES = resolve(__dirname, '..', '..', 'test', 'fixtures', 'skills');
const dirsOf = (base: string) => readdirSync(base).map((d) => join(base, d)).filter((d) => statSync(d).isDirectory()).sort();

/** The service's ZIP limits as POST /api/scans applies them (scans.service.ts ingestLimits) with the default configuration. */
function serviceLimits() {
  const limits = loadConfig({}).limits;
  return { maxEntries: limits.zipMaxEntries, maxTotalBytes: limits.zipMaxTotalBytes, maxEntryBytes: limits.zipMaxEntryBytes, maxCompressionRatio: limits.zipMaxCompressionRatio };
}

const fileKey = (f: SkillFile) => ({ path: f.path, kind: f.kind, language: f.language, size: f.size, hash: f.hash, detectedType: f.detectedType, content: f.content });
const findingKey = (f: { ruleId: string; file: string | null; line: number | null; severity: string; fingerprint: string }) => [f.ruleId, f.file, f.line, f.severity, f.fingerprint].join(' | ');

describe('skill-audit scan (local) equals the service, every corpus skill', () => {
  const texts = new CliTexts('en');

  it('uses the limits the service is configured with by default', () => {
    expect(serviceLimits()).toEqual(DEFAULT_INGEST_LIMITS);
  });

  const corpora: Array<[string, () => Array<{ folder: string; files: SkillFile[] | null }>]> = [
    ['fixtures', () => [...dirsOf(join(FIXTURES, 'benign')), ...dirsOf(join(FIXTURES, 'risky'))].map((folder) => ({ folder, files: null }))],
    ...SHARED_CORPORA.map((name): [string, () => Array<{ folder: string; files: SkillFile[] | null }>] => [
      name,
      () => loadSharedCorpus(name).map((skill) => ({ folder: join(extractedCorpus(name), skill.id), files: skill.files })),
    ]),
  ];

  it.each(corpora)('%s: verdict, score, counts and findings equal; ingestion builds the files eval:detection reads; SARIF valid', async (name, skills) => {
    const limits = serviceLimits();
    const validSarif = sarifValidator();
    const invalidSarif: string[] = [];
    const all = skills();
    expect(all.length).toBeGreaterThan(name === 'fixtures' ? 100 : 10);
    const differing: string[] = [];
    for (const { folder, files } of all) {
      const input = scanInputOf(folder, DEFAULT_INGEST_LIMITS);
      const cli = scanLocally(input, DEFAULT_INGEST_LIMITS, texts, '0.1.0');
      const service = scanStatically(input, limits);
      const report = buildReport(service.engine.findings, service.engine.checkpoints, { skillName: service.name });
      const same =
        cli.verdict === report.verdict &&
        cli.riskScore === report.riskScore &&
        JSON.stringify(cli.findingCounts) === JSON.stringify(report.findingCounts) &&
        JSON.stringify(cli.findings.map(findingKey)) === JSON.stringify(report.findings.map(findingKey)) &&
        (files === null || JSON.stringify(service.skill.files.map(fileKey)) === JSON.stringify(files.map(fileKey)));
      if (!same) differing.push(folder);
      const sarif = (await cli.sarif()) as { runs: Array<{ results: unknown[] }> };
      if (!validSarif(sarif) || sarif.runs[0].results.length !== cli.findings.length) invalidSarif.push(folder);
    }
    expect(differing).toEqual([]);
    expect(invalidSarif).toEqual([]);
  }, 1_800_000);
});
