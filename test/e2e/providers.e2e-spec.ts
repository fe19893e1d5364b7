import { DataSource } from 'typeorm';
import { FAST_AI_ENV, TEST_TOKEN, providerInput, queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';
import { startFakeProvider, type FakeProvider } from '../utils/fake-provider';
import { closedPort } from '../utils/free-port';

const PROVIDER_FIELDS = ['apiType', 'baseUrl', 'createdAt', 'enabled', 'hasToken', 'id', 'model', 'name', 'tokenPreview'];

describe('AI providers (e2e)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeProvider();
    t = await createTestApp({ ...ADMIN_ENV, ...FAST_AI_ENV, QUEUE_PREFIX: queuePrefix('providers') });
    cookie = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const api = () => ({
    get: (path: string) => t.http().get(`/api${path}`).set('Cookie', cookie),
    post: (path: string, body?: object) => t.http().post(`/api${path}`).set('Cookie', cookie).send(body),
    patch: (path: string, body: object) => t.http().patch(`/api${path}`).set('Cookie', cookie).send(body),
    delete: (path: string) => t.http().delete(`/api${path}`).set('Cookie', cookie),
  });

  it('requires an admin session on every route', async () => {
    const routes: Array<[string, string]> = [
      ['get', '/api/providers'],
      ['post', '/api/providers'],
      ['patch', '/api/providers/1'],
      ['delete', '/api/providers/1'],
      ['post', '/api/providers/1/test'],
      ['post', '/api/providers/test-connection'],
      ['post', '/api/providers/list-models'],
    ];
    for (const [method, path] of routes) {
      const res = await (t.http() as any)[method](path).send({});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Nicht angemeldet.' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('creates, lists, updates and deletes providers; the token is encrypted and only masked', async () => {
    const created = await api().post('/providers', providerInput(fake.baseUrl)).expect(201);
    expect(Object.keys(created.body).sort()).toEqual(PROVIDER_FIELDS);
    expect(created.body).toMatchObject({
      name: 'Fake provider',
      apiType: 'provider_a',
      baseUrl: fake.baseUrl,
      model: 'fake-model',
      enabled: true,
      hasToken: true,
      tokenPreview: `${TEST_TOKEN.slice(0, 4)}…${TEST_TOKEN.slice(-4)}`,
    });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);
    const id = created.body.id;

    const [row] = await t.app.get(DataSource).query('SELECT token_encrypted FROM ai_providers WHERE id = $1', [id]);
    expect(row.token_encrypted).toMatch(/^v1:/);
    expect(row.token_encrypted).not.toContain(TEST_TOKEN);

    const list = await api().get('/providers').expect(200);
    expect(list.body).toEqual([created.body]);
    expect(JSON.stringify(list.body)).not.toContain(TEST_TOKEN);

    // PATCH without apiToken (and with "") keeps the token
    const renamed = await api().patch(`/providers/${id}`, { name: 'Renamed', enabled: false }).expect(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', enabled: false, hasToken: true, tokenPreview: created.body.tokenPreview });
    const kept = await api().patch(`/providers/${id}`, { apiToken: '' }).expect(200);
    expect(kept.body).toMatchObject({ hasToken: true, tokenPreview: created.body.tokenPreview });

    // a new token replaces it; null removes it
    const replaced = await api().patch(`/providers/${id}`, { apiToken: 'short1' }).expect(200);
    expect(replaced.body).toMatchObject({ hasToken: true, tokenPreview: '…t1' });
    const cleared = await api().patch(`/providers/${id}`, { apiToken: null }).expect(200);
    expect(cleared.body).toMatchObject({ hasToken: false, tokenPreview: '' });

    await api().delete(`/providers/${id}`).expect(204);
    expect((await api().get('/providers').expect(200)).body).toEqual([]);
    await api().delete(`/providers/${id}`).expect(404);
  });

  it('creates a provider without a token', async () => {
    const res = await api().post('/providers', providerInput(fake.baseUrl, { apiToken: undefined, enabled: undefined })).expect(201);
    expect(res.body).toMatchObject({ hasToken: false, tokenPreview: '', enabled: true });
    await api().delete(`/providers/${res.body.id}`).expect(204);
  });

  it('answers 404 providerNotFound for unknown ids and 400 for bad ids', async () => {
    for (const req of [api().patch('/providers/999999', { name: 'x' }), api().delete('/providers/999999'), api().post('/providers/999999/test')]) {
      const res = await req;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'KI-Anbieter nicht gefunden.' });
    }
    const en = await api().delete('/providers/99999999999?lang=en').expect(404);
    expect(en.body).toEqual({ error: 'AI provider not found.' });
    await api().patch('/providers/abc', { name: 'x' }).expect(400);
  });

  it('validates the input (400 with a localized message)', async () => {
    const bad: Array<Record<string, unknown>> = [
      providerInput(fake.baseUrl, { name: '' }),
      providerInput(fake.baseUrl, { name: '   ' }),
      providerInput(fake.baseUrl, { model: '' }),
      providerInput(fake.baseUrl, { baseUrl: '' }),
      providerInput(fake.baseUrl, { baseUrl: 'ftp://example.com' }),
      providerInput(fake.baseUrl, { baseUrl: 'not a url' }),
      providerInput(fake.baseUrl, { apiType: 'provider_c' }),
      providerInput(fake.baseUrl, { enabled: 'yes' }),
      providerInput(fake.baseUrl, { apiToken: 42 }),
      providerInput(fake.baseUrl, { apiToken: 'abc\ndef' }),
      providerInput(fake.baseUrl, { extra: 1 }),
      { name: 'x', apiType: 'provider_a', baseUrl: fake.baseUrl },
    ];
    for (const body of bad) {
      const res = await api().post('/providers?lang=en', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    const created = (await api().post('/providers', providerInput(fake.baseUrl)).expect(201)).body;
    for (const body of [{ name: '' }, { name: null }, { model: '' }, { baseUrl: 'javascript:alert(1)' }, { apiType: null }, { enabled: null }]) {
      await api().patch(`/providers/${created.id}`, body).expect(400);
    }
    // localhost and docker-style hosts without a TLD are fine
    await api().patch(`/providers/${created.id}`, { baseUrl: 'http://ollama:11434/v1' }).expect(200);
    await api().delete(`/providers/${created.id}`).expect(204);
  });

  describe('test-connection and list-models', () => {
    it('list-models: provider_a/custom send Bearer to GET {baseUrl}/models; ids de-duplicated and sorted', async () => {
      for (const apiType of ['provider_a', 'custom']) {
        fake.reset();
        const res = await api().post('/providers/list-models', { apiType, baseUrl: fake.baseUrl, apiToken: TEST_TOKEN }).expect(200);
        expect(res.body).toEqual({ ok: true, models: ['model-a', 'model-b'], message: null });
        expect(fake.requests).toHaveLength(1);
        expect(fake.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models' });
        expect(fake.requests[0].headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
        expect(fake.requests[0].headers['x-api-key']).toBeUndefined();
      }
    });

    it('list-models: provider_b sends x-api-key and anthropic-version', async () => {
      const res = await api().post('/providers/list-models', { apiType: 'provider_b', baseUrl: fake.baseUrl, apiToken: TEST_TOKEN }).expect(200);
      expect(res.body.ok).toBe(true);
      const headers = fake.requests[0].headers;
      expect(headers['x-api-key']).toBe(TEST_TOKEN);
      expect(headers['anthropic-version']).toBe('2023-06-01');
      expect(headers.authorization).toBeUndefined();
    });

    it('list-models falls back to models[].id / models[].name', async () => {
      fake.modelsReply = { models: [{ name: 'zeta' }, { id: 'alpha' }, { id: 'alpha' }, { name: 'beta' }] };
      const res = await api().post('/providers/list-models', { apiType: 'custom', baseUrl: fake.baseUrl }).expect(200);
      expect(res.body).toEqual({ ok: true, models: ['alpha', 'beta', 'zeta'], message: null });
      expect(fake.requests[0].headers.authorization).toBeUndefined();
    });

    it('uses the stored token of providerId when apiToken is empty', async () => {
      const saved = (await api().post('/providers', providerInput(fake.baseUrl, { apiType: 'provider_b' })).expect(201)).body;
      await api().post('/providers/list-models', { apiType: 'provider_b', baseUrl: fake.baseUrl, apiToken: '', providerId: saved.id }).expect(200);
      expect(fake.requests[0].headers['x-api-key']).toBe(TEST_TOKEN);
      fake.reset();
      await api().post('/providers/test-connection', { apiType: 'provider_a', baseUrl: fake.baseUrl, providerId: saved.id }).expect(200);
      expect(fake.requests[0].headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
      fake.reset();
      // a non-empty apiToken wins
      await api().post('/providers/list-models', { apiType: 'provider_a', baseUrl: fake.baseUrl, apiToken: 'other-token-123', providerId: saved.id }).expect(200);
      expect(fake.requests[0].headers.authorization).toBe('Bearer other-token-123');
      await api().post('/providers/list-models', { apiType: 'provider_a', baseUrl: fake.baseUrl, providerId: 999999 }).expect(404);
      await api().delete(`/providers/${saved.id}`).expect(204);
    });

    it('test-connection without model checks the models endpoint; with model makes one chat request', async () => {
      const models = await api().post('/providers/test-connection?lang=en', { apiType: 'provider_a', baseUrl: fake.baseUrl, apiToken: TEST_TOKEN }).expect(200);
      expect(models.body).toEqual({ ok: true, message: 'Connection successful: 2 models available.' });
      expect(fake.requests.map((r) => r.kind)).toEqual(['models']);
      fake.reset();
      const chat = await api()
        .post('/providers/test-connection?lang=en', { apiType: 'provider_b', baseUrl: fake.baseUrl, apiToken: TEST_TOKEN, model: 'claude-test' })
        .expect(200);
      expect(chat.body).toEqual({ ok: true, message: 'Connection successful: the model "claude-test" answered.' });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]).toMatchObject({ method: 'POST', path: '/v1/messages', kind: 'anthropic' });
      expect(fake.requests[0].body.model).toBe('claude-test');
    });

    it('test-connection answers 400 for an invalid body', async () => {
      for (const body of [{}, { apiType: 'provider_a' }, { apiType: 'x', baseUrl: fake.baseUrl }, { apiType: 'provider_a', baseUrl: '' }, { apiType: 'provider_a', baseUrl: fake.baseUrl, providerId: 'one' }, { apiType: 'provider_a', baseUrl: fake.baseUrl, unknown: true }]) {
        await api().post('/providers/test-connection', body).expect(400);
      }
      await api().post('/providers/list-models', { apiType: 'provider_a' }).expect(400);
      expect(fake.requests).toHaveLength(0);
    });

    it('POST /providers/{id}/test makes a chat request with the saved configuration', async () => {
      const saved = (await api().post('/providers', providerInput(fake.baseUrl, { apiType: 'custom', model: 'local-llm' })).expect(201)).body;
      const res = await api().post(`/providers/${saved.id}/test?lang=en`).expect(200);
      expect(res.body).toEqual({ ok: true, message: 'Connection successful: the model "local-llm" answered.' });
      expect(fake.requests[0]).toMatchObject({ path: '/v1/chat/completions' });
      expect(fake.requests[0].headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
      await api().delete(`/providers/${saved.id}`).expect(204);
    });

    it('reports connection problems as 200 {ok:false} with a redacted message that never contains the token', async () => {
      fake.mode = 'error-echo';
      const saved = (await api().post('/providers', providerInput(fake.baseUrl)).expect(201)).body;
      const responses = [
        await api().post('/providers/test-connection?lang=en', { apiType: 'provider_a', baseUrl: fake.baseUrl, apiToken: TEST_TOKEN }),
        await api().post('/providers/test-connection?lang=en', { apiType: 'provider_b', baseUrl: fake.baseUrl, apiToken: TEST_TOKEN, model: 'm' }),
        await api().post('/providers/list-models?lang=en', { apiType: 'custom', baseUrl: fake.baseUrl, providerId: saved.id }),
        await api().post(`/providers/${saved.id}/test?lang=en`),
      ];
      for (const res of responses) {
        expect(res.status).toBe(200);
        expect(res.body.ok).toBe(false);
        expect(res.body.message).toContain('HTTP status 500');
        expect(res.body.message).toContain('Upstream failure');
        expect(JSON.stringify(res.body)).not.toContain(TEST_TOKEN);
        expect(JSON.stringify(res.body)).not.toContain(TEST_TOKEN.slice(8));
      }
      expect(responses[2].body.models).toEqual([]);
      // the fake really received (and echoed) the token
      expect(fake.requests.every((r) => JSON.stringify(r.headers).includes(TEST_TOKEN))).toBe(true);
      await api().delete(`/providers/${saved.id}`).expect(204);
    });

    it('reports time-outs, malformed replies and unreachable hosts', async () => {
      fake.mode = 'slow';
      const started = Date.now();
      const slow = await api().post('/providers/test-connection?lang=en', { apiType: 'provider_a', baseUrl: fake.baseUrl, apiToken: TEST_TOKEN }).expect(200);
      expect(slow.body).toEqual({ ok: false, message: 'Connection failed: the provider did not answer within 1.5 seconds.' });
      expect(Date.now() - started).toBeLessThan(5000);

      fake.mode = 'malformed-json';
      const malformed = await api().post('/providers/list-models?lang=de', { apiType: 'provider_a', baseUrl: fake.baseUrl }).expect(200);
      expect(malformed.body.ok).toBe(false);
      expect(malformed.body.message).toMatch(/^Die Modelle konnten nicht geladen werden: die Antwort des Anbieters war nicht das erwartete JSON/);

      fake.mode = 'non-json-content';
      fake.modelsReply = { nothing: true };
      const shape = await api().post('/providers/list-models?lang=es', { apiType: 'provider_a', baseUrl: fake.baseUrl }).expect(200);
      expect(shape.body.ok).toBe(false);

      const unreachable = await api()
        .post('/providers/test-connection?lang=en', { apiType: 'provider_a', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, apiToken: TEST_TOKEN })
        .expect(200);
      expect(unreachable.body).toEqual({ ok: false, message: 'Connection failed: the provider could not be reached (ECONNREFUSED).' });
    });
  });
});
