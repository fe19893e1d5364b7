import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractedCorpus, loadSharedCorpus } from '../../bench/corpora';
import { CliTexts } from '../../src/cli/cli-texts';
import { scanLocally } from '../../src/cli/local-scan';
import { runCli, type CliIo } from '../../src/cli/run';
import { scanInputOf } from '../../src/cli/skill-input';
import { DEFAULT_INGEST_LIMITS } from '../../src/core/ingest/ingest.types';
import { assertValidSarif } from '../support/sarif/sarif-validator';
import { createTestApp, type TestApp } from '../utils/create-app';

/**
 * The CLI's local scan equals the service: for every skill of the fixtures and of the shared
 * benign-public corpus, and a sample of benign-vendor and malicious-public, the in-process report (no server, no database) has the verdict, score,
 * counts and findings (rule, place, severity, fingerprint) that POST /api/scans answers for the
 * same upload, and the service's SARIF for it is valid SARIF 2.1.0. The CLI's --server mode
 * talks to a listening app.
 */
const FIXTURES = resolve(__dirname, '..', 'fixtures', 'skills');
const CORPUS_DIR = process.env.CORPUS_DIR ?? resolve(__dirname, '..', '..', '..', 'shared', 'corpus', 'benign-public');
const dirsOf = (base: string) => readdirSync(base).map((d) => join(base, d)).filter((d) => statSync(d).isDirectory());
/** Every 46th skill of the two large corpora (15 + 10): all of them are compared in process by src/cli/local-scan.parity.spec.ts. */
const SAMPLE_STEP = 46;
const sampleOf = (name: 'benign-vendor' | 'malicious-public') =>
  loadSharedCorpus(name).filter((_, i) => i % SAMPLE_STEP === 0).map((skill) => join(extractedCorpus(name), skill.id));
const SKILLS = [...dirsOf(join(FIXTURES, 'benign')), ...dirsOf(join(FIXTURES, 'risky')), ...dirsOf(CORPUS_DIR), ...sampleOf('benign-vendor'), ...sampleOf('malicious-public')];

const findingKey = (f: { ruleId: string; file: string | null; line: number | null; severity: string; fingerprint: string; title: string }) =>
  [f.ruleId, f.file, f.line, f.severity, f.fingerprint, f.title].join(' | ');

describe('skill-audit CLI against the service (e2e)', () => {
  let t: TestApp;
  let server: string;
  const texts = new CliTexts('en');

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    server = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  it('covers the fixtures, the twelve benign-public skills and a sample of the two large corpora', () => {
    expect(dirsOf(CORPUS_DIR).length).toBeGreaterThanOrEqual(12);
    expect(SKILLS.length).toBeGreaterThanOrEqual(145);
  });

  it.each(SKILLS.map((dir) => [dir.slice(dir.lastIndexOf('/skills/') + 1 || dir.lastIndexOf('/corpus/') + 1 || dir.lastIndexOf('/skill-audit-corpora/') + 1), dir]))(
    "%s: local verdict, score and findings equal the service's; SARIF valid",
    async (_name, dir) => {
      const input = scanInputOf(dir, DEFAULT_INGEST_LIMITS);
      const local = scanLocally(input, DEFAULT_INGEST_LIMITS, texts, '0.1.0');
      const remote = (await t.http().post('/api/scans?lang=en').send({ source: input.source, contentBase64: input.contentBase64, filename: input.filename, useAi: false }).expect(201)).body;
      expect({ verdict: local.verdict, riskScore: local.riskScore, findingCounts: local.findingCounts, fingerprint: (local.json as { fingerprint: string }).fingerprint })
        .toEqual({ verdict: remote.verdict, riskScore: remote.riskScore, findingCounts: remote.findingCounts, fingerprint: remote.fingerprint });
      expect(local.findings.map(findingKey)).toEqual(remote.findings.map(findingKey));
      const sarif = await t.http().get(`/api/scans/${remote.id}/sarif?lang=en`).expect(200);
      assertValidSarif(JSON.parse(sarif.text), `SARIF of ${dir}`);
      expect(JSON.parse(sarif.text).runs[0].results).toHaveLength(remote.findings.length);
      assertValidSarif(await local.sarif(), `local SARIF of ${dir}`);
    },
  );

  describe('--server', () => {
    const risky = join(FIXTURES, 'risky', 'shell-theme');
    const io = () => {
      const out: string[] = [];
      const err: string[] = [];
      const value: CliIo = { stdout: { write: (s: string) => out.push(s), isTTY: false }, stderr: { write: (s: string) => err.push(s) }, env: {}, version: '0.1.0' };
      return { io: value, out: () => out.join(''), err: () => err.join('') };
    };

    it('posts the skill and prints the stored ScanDetail (json) or the service SARIF; exit code from the verdict', async () => {
      const json = io();
      expect(await runCli(['scan', risky, '--server', server, '--format', 'json', '--lang', 'en'], json.io)).toBe(1);
      const detail = JSON.parse(json.out());
      expect((await t.http().get(`/api/scans/${detail.id}`).expect(200)).body).toEqual({ ...detail, checkCount: expect.any(Number) });
      expect(detail).toMatchObject({ verdict: 'block', aiUsed: false });

      const sarif = io();
      expect(await runCli(['scan', risky, '--server', `${server}/`, '--format', 'sarif', '--fail-on', 'review'], sarif.io)).toBe(1);
      const log = JSON.parse(sarif.out());
      assertValidSarif(log);
      expect(log.runs[0].properties).toMatchObject({ verdict: 'block', fingerprint: detail.fingerprint });
      expect(log).toEqual(JSON.parse((await t.http().get(`/api/scans/${log.runs[0].properties.scanId}/sarif`).expect(200)).text));

      const table = io();
      expect(await runCli(['scan', join(FIXTURES, 'benign', 'markdown-toc'), '--server', server, '--lang', 'es'], table.io)).toBe(0);
      expect(table.out()).toContain('Veredicto: PASS');
    });

    it('exits 2 with the server\'s localized error, or when the server is unreachable', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'skill-audit-cli-e2e-'));
      try {
        const notZip = join(dir, 'skill.zip');
        writeFileSync(notZip, 'not a zip archive');
        const run = io();
        expect(await runCli(['scan', notZip, '--server', server, '--lang', 'en'], run.io)).toBe(2);
        expect(run.err()).toBe('skill-audit: POST /api/scans answered 400: The content is not a valid ZIP archive.\n');
        // Locally the same input fails with the same message.
        const local = io();
        expect(await runCli(['scan', notZip, '--lang', 'en'], local.io)).toBe(2);
        expect(local.err()).toBe('skill-audit: The content is not a valid ZIP archive.\n');
        const down = io();
        expect(await runCli(['scan', risky, '--server', 'http://127.0.0.1:9'], down.io)).toBe(2);
        expect(down.err()).toMatch(/^skill-audit: cannot reach http:\/\/127\.0\.0\.1:9 \(\w+\)\n$/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
