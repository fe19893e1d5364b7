import { startFakeProvider, type FakeProvider } from '../../../test/utils/fake-provider';
import { closedPort } from '../../../test/utils/free-port';
import { AiCallError } from './ai.types';
import { chat, listModels } from './provider-client';

describe('provider clients (against the loopback fake)', () => {
  let fake: FakeProvider;
  const token = 'sk-test-TOKEN-abcdefghijklmnop-1234';
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const endpoint = (apiType: 'provider_a' | 'provider_b' | 'custom', t: string | null = token) => ({ apiType, baseUrl: `${fake.baseUrl}/`, token: t });

  it('provider_a and custom use Bearer on GET {baseUrl}/models and POST {baseUrl}/chat/completions', async () => {
    for (const apiType of ['provider_a', 'custom'] as const) {
      fake.reset();
      expect(await listModels(endpoint(apiType), { timeoutMs: 2000 })).toEqual(['model-a', 'model-b']);
      const text = await chat(endpoint(apiType), { model: 'm1', system: 'sys', user: 'hello' }, { timeoutMs: 2000 });
      expect(text).toBe('OK');
      const [models, completion] = fake.requests;
      expect(models).toMatchObject({ method: 'GET', path: '/v1/models', kind: 'models' });
      expect(models.headers.authorization).toBe(`Bearer ${token}`);
      expect(models.headers['x-api-key']).toBeUndefined();
      expect(completion).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
      expect(completion.headers.authorization).toBe(`Bearer ${token}`);
      expect(completion.body).toEqual({ model: 'm1', messages: [{ role: 'system', content: 'sys' }, { role: 'user', content: 'hello' }] });
    }
  });

  it('provider_b uses x-api-key + anthropic-version on /models and /messages', async () => {
    expect(await listModels(endpoint('provider_b'), { timeoutMs: 2000 })).toEqual(['model-a', 'model-b']);
    const text = await chat(endpoint('provider_b'), { model: 'claude-x', system: 'sys', user: 'hi' }, { timeoutMs: 2000 });
    expect(text).toBe('OK');
    for (const request of fake.requests) {
      expect(request.headers['x-api-key']).toBe(token);
      expect(request.headers['anthropic-version']).toBe('2023-06-01');
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(fake.requests[1]).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(fake.requests[1].body).toMatchObject({ model: 'claude-x', system: 'sys', max_tokens: 4096, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('sends no credentials when no token is given', async () => {
    await listModels(endpoint('custom', null), { timeoutMs: 2000 });
    expect(fake.requests[0].headers.authorization).toBeUndefined();
  });

  it('follows provider_b model pagination', async () => {
    fake.modelsReply = (path: string) =>
      path.includes('after_id=c') ? { data: [{ id: 'd' }], has_more: false } : { data: [{ id: 'c' }], has_more: true, last_id: 'c' };
    expect(await listModels(endpoint('provider_b'), { timeoutMs: 2000 })).toEqual(['c', 'd']);
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/models', '/v1/models?after_id=c']);
  });

  it('falls back to models[].id / models[].name', async () => {
    fake.modelsReply = { models: [{ name: 'models/gemini' }, { id: 'alpha' }, { id: 'alpha' }] };
    expect(await listModels(endpoint('custom'), { timeoutMs: 2000 })).toEqual(['alpha', 'models/gemini']);
  });

  it('reports an HTTP error with a redacted detail that never contains the token', async () => {
    fake.mode = 'error-echo';
    const error = await chat(endpoint('provider_a'), { model: 'm', system: 's', user: 'u' }, { timeoutMs: 2000 }).catch((e) => e);
    expect(error).toBeInstanceOf(AiCallError);
    expect(error.code).toBe('http');
    expect(error.status).toBe(500);
    expect(error.detail).toContain('Upstream failure');
    expect(error.message).not.toContain(token);
    expect(JSON.stringify(error)).not.toContain(token);
    expect(String(error.stack)).not.toContain(token);
  });

  it('times out with abort', async () => {
    fake.mode = 'slow';
    const started = Date.now();
    const error = await listModels(endpoint('provider_a'), { timeoutMs: 200 }).catch((e) => e);
    expect(error).toBeInstanceOf(AiCallError);
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('aborts on an external signal', async () => {
    fake.mode = 'slow';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await chat(endpoint('provider_b'), { model: 'm', system: 's', user: 'u' }, { timeoutMs: 10_000, signal: controller.signal }).catch((e) => e);
    expect(error.code).toBe('timeout');
  });

  it('reports malformed JSON, non-JSON envelopes and empty answers', async () => {
    fake.mode = 'malformed-json';
    expect((await chat(endpoint('provider_a'), { model: 'm', system: 's', user: 'u' }, { timeoutMs: 2000 }).catch((e) => e)).code).toBe('malformed');
    fake.mode = 'empty';
    expect((await chat(endpoint('provider_b'), { model: 'm', system: 's', user: 'u' }, { timeoutMs: 2000 }).catch((e) => e)).code).toBe('empty');
    fake.mode = 'ok';
    fake.modelsReply = { hello: 'world' };
    expect((await listModels(endpoint('provider_a'), { timeoutMs: 2000 }).catch((e) => e)).code).toBe('malformed');
  });

  it('reports an unreachable provider as a network error', async () => {
    const error = await listModels({ apiType: 'provider_a', baseUrl: `http://127.0.0.1:${await closedPort()}/v1`, token }, { timeoutMs: 2000 }).catch((e) => e);
    expect(error.code).toBe('network');
    expect(error.detail).toBe('ECONNREFUSED');
  });
});
