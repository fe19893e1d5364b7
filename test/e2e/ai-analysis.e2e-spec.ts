import { DataSource } from 'typeorm';
import { BENIGN_SKILL, textScan, zipScan } from '../factories/scan-input.factory';
import { FAST_AI_ENV, TEST_TOKEN, providerInput, queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';
import { startFakeProvider, type FakeProvider } from '../utils/fake-provider';
import { LogRecorder } from '../utils/log-recorder';
import { findingFingerprints } from '../../src/core/report/finding-fingerprint';

type Checkpoint = { id: string; status: string; findingCount: number; scoreDelta: number; detectedBy: string | null };
const checkpoint = (body: { checkpoints: Checkpoint[] }, id: string) => body.checkpoints.find((c) => c.id === id)!;

describe('AI analysis and descriptions in scans (e2e)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let cookie: string;
  let logs: LogRecorder;

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await createTestApp({ ...ADMIN_ENV, ...FAST_AI_ENV, QUEUE_PREFIX: queuePrefix('ai-analysis') });
    logs = new LogRecorder();
    t.app.useLogger(logs);
    cookie = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    await t.app.get(DataSource).query('DELETE FROM ai_providers');
  });

  const addProvider = async (overrides: Record<string, unknown> = {}) =>
    (await t.http().post('/api/providers').set('Cookie', cookie).send(providerInput(fake.baseUrl, overrides)).expect(201)).body;
  const scan = async (body: object, lang = 'en') => (await t.http().post(`/api/scans?lang=${lang}`).send(body).expect(201)).body;

  it('without a provider both AI steps are skipped', async () => {
    const body = await scan(textScan(BENIGN_SKILL, { useAi: true }));
    expect(body).toMatchObject({ aiUsed: false, aiError: null, description: null });
    expect(checkpoint(body, 'ai-analysis')).toMatchObject({ status: 'skipped', detectedBy: 'ai', findingCount: 0, scoreDelta: 0 });
    expect(checkpoint(body, 'description')).toMatchObject({ status: 'skipped', detectedBy: 'ai' });
    expect(fake.requests).toHaveLength(0);
  });

  it('a disabled provider or one without a token is not used', async () => {
    await addProvider({ enabled: false });
    await addProvider({ apiToken: undefined });
    const body = await scan(textScan(BENIGN_SKILL, { useAi: true }));
    expect(body).toMatchObject({ aiUsed: false, aiError: null, description: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('merges AI findings into findings, counts, score, verdict and checkpoints, and stores the description', async () => {
    const baseline = await scan(textScan(BENIGN_SKILL, { useAi: false }));
    expect(baseline.verdict).toBe('pass');
    await addProvider();
    fake.findings = [
      { axis: 'privacy', severity: 'critical', title: 'Uploads the CSV to a third party', description: 'Sends the file away.', remediation: 'Do not upload.', file: 'SKILL.md', line: 7, snippet: '1. Read the CSV file the user names.' },
      { axis: 'security', severity: 'low', title: 'Vague instructions', description: 'Hard to audit.', file: 'nope.md', line: 3 },
    ];
    const body = await scan(textScan(BENIGN_SKILL, { useAi: true }));
    expect(body).toMatchObject({ aiUsed: true, aiError: null, description: 'Summarises a CSV file into a short table.' });
    const ai = body.findings.filter((f: { detectedBy: string }) => f.detectedBy === 'ai');
    expect(ai).toHaveLength(2);
    expect(ai[0]).toMatchObject({
      ruleId: 'ai.uploads-the-csv-to-a-third-party',
      axis: 'privacy',
      severity: 'critical',
      title: 'Uploads the CSV to a third party',
      description: 'Sends the file away.',
      remediation: 'Do not upload.',
      file: 'SKILL.md',
      line: 7,
      snippet: '1. Read the CSV file the user names.',
    });
    expect(ai[1]).toMatchObject({ ruleId: 'ai.vague-instructions', file: null, line: null, remediation: null });
    // AI findings are fingerprinted like static ones: rule, file, snippet (else title), occurrence.
    const expected = findingFingerprints([
      { ruleId: 'ai.uploads-the-csv-to-a-third-party', file: 'SKILL.md', snippet: '1. Read the CSV file the user names.', line: 7 },
      { ruleId: 'ai.vague-instructions', file: null, snippet: null, title: 'Vague instructions', line: null },
    ]);
    expect(ai.map((f: { fingerprint: string }) => f.fingerprint)).toEqual(expected);
    expect(ai.every((f: { suppressed: boolean }) => f.suppressed === false)).toBe(true);
    expect(body.findingCounts.critical).toBe(baseline.findingCounts.critical + 1);
    expect(body.findingCounts.privacy).toBe(baseline.findingCounts.privacy + 1);
    expect(body.findingCounts.total).toBe(body.findings.length);
    expect(body.verdict).toBe('block');
    expect(body.riskScore).toBeGreaterThanOrEqual(70);
    expect(checkpoint(body, 'ai-analysis')).toMatchObject({ status: 'flagged', findingCount: 2, detectedBy: 'ai' });
    expect(checkpoint(body, 'ai-analysis').scoreDelta).toBeGreaterThan(0);
    expect(checkpoint(body, 'description')).toMatchObject({ status: 'pass', detectedBy: 'ai' });
    expect(body.checkpoints.reduce((s: number, c: Checkpoint) => s + c.scoreDelta, 0)).toBe(body.riskScore);
    expect((await t.http().get(`/api/scans/${body.id}`).expect(200)).body).toEqual(body);

    // both jobs ran: one analysis and one description call, with the scan's files and language
    const tasks = fake.requests.map((r) => r.task).sort();
    expect(tasks).toEqual(['analysis', 'description']);
    const analysis = fake.requests.find((r) => r.task === 'analysis')!;
    expect(analysis.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(analysis.body.model).toBe('fake-model');
    const [system, user] = analysis.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('English');
    expect(user.content).toContain('path="SKILL.md"');
    expect(user.content).toContain('3| description: Summarises a CSV file');
    expect(user.content).toContain('"csv-summary"');
  });

  it('speaks the provider_b wire format in scans too and answers in the scan language', async () => {
    await addProvider({ apiType: 'provider_b' });
    const body = await scan(textScan(BENIGN_SKILL, { useAi: true }), 'es');
    expect(body.aiUsed).toBe(true);
    expect(fake.requests.every((r) => r.kind === 'anthropic' && r.headers['x-api-key'] === TEST_TOKEN)).toBe(true);
    expect(fake.requests[0].body.system).toContain('Spanish (Español)');
  });

  it('generates the description without useAi; the analysis stays skipped', async () => {
    await addProvider();
    const body = await scan(textScan(BENIGN_SKILL, { useAi: false }));
    expect(body).toMatchObject({ aiUsed: false, aiError: null, description: 'Summarises a CSV file into a short table.' });
    expect(checkpoint(body, 'ai-analysis').status).toBe('skipped');
    expect(checkpoint(body, 'description').status).toBe('pass');
    expect(fake.requests.map((r) => r.task)).toEqual(['description']);
  });

  it('uses an edited prompt for the next scan, placeholders filled', async () => {
    await addProvider();
    const prompts = (await t.http().get('/api/prompts').set('Cookie', cookie).expect(200)).body as Array<{ id: number; key: string; content: string }>;
    const description = prompts.find((p) => p.key === 'description')!;
    try {
      await t.http().patch(`/api/prompts/${description.id}`).set('Cookie', cookie)
        .send({ content: 'MARKER-7 describe {{skillName}} in {{language}}; answer {"description": "..."}' }).expect(200);
      await scan(textScan(BENIGN_SKILL, { useAi: false }), 'es');
      const user = fake.requests.find((r) => r.task === 'description')!.body.messages[1].content as string;
      expect(user.startsWith('MARKER-7 describe csv-summary in Spanish (Español); answer')).toBe(true);
      // no {{files}} in the template: the files are appended
      expect(user).toContain('path="SKILL.md"');
    } finally {
      await t.http().patch(`/api/prompts/${description.id}`).set('Cookie', cookie).send({ content: description.content }).expect(200);
    }
  });

  it('uses the enabled provider with a token and the lowest id', async () => {
    await addProvider({ model: 'disabled', enabled: false });
    const first = await addProvider({ model: 'first' });
    await addProvider({ model: 'second' });
    await scan(textScan(BENIGN_SKILL, { useAi: true }));
    expect(fake.requests.map((r) => r.body.model)).toEqual(['first', 'first']);
    expect(first.id).toBeGreaterThan(0);
  });

  it('a provider error echoing the token: 201, redacted aiError, no token in results or logs', async () => {
    await addProvider();
    fake.mode = 'error-echo';
    logs.lines.length = 0;
    const res = await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true }));
    expect(res.status).toBe(201);
    const body = res.body;
    expect(body.status).toBe('completed');
    expect(body.aiUsed).toBe(false);
    expect(body.description).toBeNull();
    expect(body.aiError).toContain('AI analysis failed: the provider answered with HTTP status 500');
    expect(body.aiError).toContain('AI description failed');
    expect(body.aiError).toContain('[REDACTED]');
    expect(body.findings.every((f: { detectedBy: string }) => f.detectedBy === 'static')).toBe(true);
    expect(checkpoint(body, 'ai-analysis').status).toBe('error');
    expect(checkpoint(body, 'description').status).toBe('error');
    // the fake really echoed the token
    expect(fake.requests.length).toBe(2);
    const everything = [JSON.stringify(body), JSON.stringify((await t.http().get(`/api/scans/${body.id}`)).body), JSON.stringify((await t.http().get('/api/scans')).body), logs.text];
    const [row] = await t.app.get(DataSource).query('SELECT ai_error FROM scans WHERE id = $1', [body.id]);
    everything.push(row.ai_error);
    for (const text of everything) {
      expect(text).not.toContain(TEST_TOKEN);
      expect(text).not.toContain(TEST_TOKEN.slice(3, 20));
    }
    expect(logs.text).toMatch(/ai-analysis for provider #\d+ failed: http 500/);
  });

  it('stores aiError in the scan language', async () => {
    await addProvider();
    fake.mode = 'malformed-json';
    const de = await scan(textScan(BENIGN_SKILL, { useAi: true }), 'de');
    expect(de.aiError).toBe(
      'KI-Analyse fehlgeschlagen: die Antwort des Anbieters war nicht das erwartete JSON (reply is not JSON). ' +
        'KI-Beschreibung fehlgeschlagen: die Antwort des Anbieters war nicht das erwartete JSON (reply is not JSON).',
    );
    fake.mode = 'non-json-content';
    const es = await scan(textScan(BENIGN_SKILL, { useAi: true }), 'es');
    expect(es.aiError).toBe(
      'El análisis de IA ha fallado: la respuesta del proveedor no era el JSON esperado. ' +
        'La descripción por IA ha fallado: la respuesta del proveedor no era el JSON esperado.',
    );
    expect(es.status).toBe('completed');
  });

  it('a provider time-out ends the wait and still completes the scan', async () => {
    await addProvider();
    fake.mode = 'slow';
    const started = Date.now();
    const body = await scan(textScan(BENIGN_SKILL, { useAi: true }));
    expect(Date.now() - started).toBeLessThan(4500);
    expect(body.status).toBe('completed');
    expect(body.aiError).toContain('AI analysis failed: the provider did not answer within 1.5 seconds.');
    expect(checkpoint(body, 'ai-analysis').status).toBe('error');
  });

  describe('POST /scans/{id}/description', () => {
    it('404 for an unknown scan, 400 for a bad id', async () => {
      const res = await t.http().post('/api/scans/999999/description?lang=en').expect(404);
      expect(res.body).toEqual({ error: 'Scan not found.' });
      await t.http().post('/api/scans/abc/description').expect(400);
    });

    it('422 without a provider, and the scan stays unchanged', async () => {
      const created = await scan(textScan(BENIGN_SKILL, { useAi: false }));
      const res = await t.http().post(`/api/scans/${created.id}/description?lang=en`).expect(422);
      expect(res.body).toEqual({ error: 'No description could be generated.' });
      expect((await t.http().get(`/api/scans/${created.id}`).expect(200)).body).toEqual(created);
    });

    it('422 when the provider fails or answers nonsense, and the scan stays unchanged', async () => {
      const created = await scan(textScan(BENIGN_SKILL, { useAi: false }));
      await addProvider();
      for (const mode of ['non-json-content', 'error-echo', 'empty'] as const) {
        fake.mode = mode;
        const res = await t.http().post(`/api/scans/${created.id}/description`).expect(422);
        expect(res.body).toEqual({ error: 'Es konnte keine Beschreibung erzeugt werden.' });
        expect(JSON.stringify(res.body)).not.toContain(TEST_TOKEN);
      }
      expect((await t.http().get(`/api/scans/${created.id}`).expect(200)).body).toEqual(created);
      expect(logs.text).not.toContain(TEST_TOKEN);
    });

    it('200 with the full ScanDetail, the description stored, in the scan language', async () => {
      const created = await scan(zipScan({ 'SKILL.md': BENIGN_SKILL, 'assets/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]) }), 'de');
      expect(created.description).toBeNull();
      await addProvider({ apiType: 'custom' });
      fake.description = 'Fasst eine CSV-Datei als Tabelle zusammen.';
      const res = await t.http().post(`/api/scans/${created.id}/description?lang=en`).expect(200);
      expect(res.body).toEqual({ ...created, description: 'Fasst eine CSV-Datei als Tabelle zusammen.', checkpoints: expect.any(Array) });
      expect(checkpoint(res.body, 'description').status).toBe('pass');
      expect((await t.http().get(`/api/scans/${created.id}`).expect(200)).body).toEqual(res.body);
      const call = fake.requests.find((r) => r.task === 'description')!;
      expect(call.body.messages[0].content).toContain('German (Deutsch)');
      expect(call.body.messages[1].content).toContain('path="assets/logo.png"');
      expect(call.body.messages[1].content).toContain('binary file, content not included');
    });
  });
});
