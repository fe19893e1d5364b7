import { DataSource } from 'typeorm';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { FAST_AI_ENV, providerInput, queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';
import { startFakeProvider, type FakeProvider } from '../utils/fake-provider';
import { LogRecorder } from '../utils/log-recorder';

/**
 * A provider that echoes the token — whole, split, padded so that a bound cuts it, URL- or
 * base64-encoded — never gets a fragment of ≥ 8 characters of it into `aiError`, the stored row,
 * the test-connection answers, a description, or the logs.
 */
// No vendor prefix and < 32 characters: no generic pattern catches it, only the token redaction.
const TOKEN = 'Qm7v/Tz2p+Lx9R/kW4n+Hc8J/dF3s';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
/** The token as it can appear: plain, URL-encoded, and base64 at its three alignments. */
const FORMS = [TOKEN, encodeURIComponent(TOKEN), b64(TOKEN).slice(0, -4), b64(`u${TOKEN}`).slice(2, -4), b64(`us${TOKEN}`).slice(3, -4)];

function fragmentsIn(text: string): string[] {
  const found: string[] = [];
  for (const form of FORMS) {
    for (let i = 0; i + 8 <= form.length; i++) if (text.includes(form.slice(i, i + 8))) found.push(form.slice(i, i + 8));
  }
  return found;
}

/** Error-message bound of provider-http (8 · 200 + 4096) minus the 14 characters left of the token. */
const PADDING = 8 * 200 + 4096 - 14;
const ECHOES: Array<[string, (token: string) => string]> = [
  ['whole', (token) => `Upstream failure for key ${token}`],
  ['split in two', (token) => `key begins ${token.slice(0, 14)} and ends ${token.slice(14)}`],
  ['padded with spaces so the bound cuts it', (token) => `${' '.repeat(PADDING)}${token}`],
  ['padded so the 200-character cut falls inside it', (token) => `${'x'.repeat(190)} ${token}`],
  ['URL-encoded', (token) => `rejected GET /models?key=${encodeURIComponent(token)}`],
  ['base64', (token) => `bad credentials ${b64(token)}`],
  ['base64 after one byte', (token) => `bad credentials ${b64(`u${token}`)}`],
  ['base64 after two bytes', (token) => `bad credentials ${b64(`us${token}`)}`],
];

describe('Token redaction (e2e, echoing provider)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let cookie: string;
  let logs: LogRecorder;
  let providerId: number;

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await createTestApp({ ...ADMIN_ENV, ...FAST_AI_ENV, QUEUE_PREFIX: queuePrefix('redaction') });
    logs = new LogRecorder();
    t.app.useLogger(logs);
    cookie = await adminCookie(t);
    const created = await t.http().post('/api/providers').set('Cookie', cookie).send(providerInput(fake.baseUrl, { apiToken: TOKEN })).expect(201);
    providerId = created.body.id;
  });
  afterAll(async () => {
    await t.app.get(DataSource).query('DELETE FROM ai_providers');
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
    logs.lines.length = 0;
  });

  it.each(ECHOES)('%s: not in aiError, the stored row, test-connection answers or the logs', async (_kind, echo) => {
    fake.mode = 'error-echo';
    fake.errorMessage = echo;

    const scan = (await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true })).expect(201)).body;
    expect(scan.aiError).toContain('AI analysis failed: the provider answered with HTTP status 500');
    const [row] = await t.app.get(DataSource).query('SELECT ai_error FROM scans WHERE id = $1', [scan.id]);
    const connection = await t.http().post('/api/providers/test-connection?lang=en').set('Cookie', cookie)
      .send({ apiType: 'provider_a', baseUrl: fake.baseUrl, model: 'fake-model', apiToken: TOKEN }).expect(200);
    const saved = await t.http().post(`/api/providers/${providerId}/test?lang=en`).set('Cookie', cookie).expect(200);
    const models = await t.http().post('/api/providers/list-models').set('Cookie', cookie).send({ apiType: 'provider_a', baseUrl: fake.baseUrl, providerId }).expect(200);
    expect(connection.body.ok).toBe(false);
    expect(saved.body.ok).toBe(false);
    expect(models.body.ok).toBe(false);

    // The provider really received and echoed the token (4 chat calls + 1 model list).
    expect(fake.requests.length).toBe(5);
    expect(fake.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
    for (const text of [scan.aiError, row.ai_error, JSON.stringify(connection.body), JSON.stringify(saved.body), JSON.stringify(models.body), logs.text]) {
      expect(fragmentsIn(text)).toEqual([]);
    }
    expect(logs.text).toMatch(/ai-analysis for provider #\d+ failed: http 500/);
  });

  it('a model reply that echoes the token (description, finding texts): redacted before it is stored or shown', async () => {
    fake.replyText = (request) =>
      request.task === 'description'
        ? JSON.stringify({ description: `Calls the API with ${TOKEN.slice(0, 12)} ${TOKEN.slice(12)}.` })
        : JSON.stringify({
            findings: [{ axis: 'security', severity: 'high', title: `Key ${b64(TOKEN)}`, description: `Sends ${encodeURIComponent(TOKEN)} out.`, file: 'SKILL.md', line: 1 }],
          });
    const scan = (await t.http().post('/api/scans?lang=en').send(textScan(BENIGN_SKILL, { useAi: true })).expect(201)).body;
    expect(scan.aiUsed).toBe(true);
    expect(scan.description).toContain('[REDACTED]');
    expect(fragmentsIn(JSON.stringify(scan))).toEqual([]);
    expect(fragmentsIn(JSON.stringify((await t.http().get(`/api/scans/${scan.id}`).expect(200)).body))).toEqual([]);
  });

  it('a model list that echoes the token as a model id: redacted in the list-models answer', async () => {
    fake.modelsReply = { data: [{ id: 'model-a' }, { id: TOKEN }, { id: `x-${TOKEN.slice(0, 10)}` }] };
    const res = await t.http().post('/api/providers/list-models').set('Cookie', cookie).send({ apiType: 'provider_a', baseUrl: fake.baseUrl, providerId }).expect(200);
    expect(res.body).toEqual({ ok: true, models: ['[REDACTED]', 'model-a', 'x-[REDACTED]'], message: null });
  });
});
