import { createTestApp, type TestApp } from '../utils/create-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('X-Request-Id (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is generated for every response, successes and errors alike', async () => {
    const responses = [
      await t.http().get('/api/healthz').expect(200),
      await t.http().get('/api/scans/999999').expect(404),
      await t.http().get('/api/no-such-route').expect(404),
      await t.http().get('/outside-the-api').expect(404),
      await t.http().post('/api/scans').set('Content-Type', 'application/json').send('{"broken":').expect(400),
      await t.http().post('/api/scans').send({ source: 'text', useAi: false, unknown: 1 }).expect(400),
      await t.http().patch('/api/scans/1').send({ hidden: true }).expect(401),
    ];
    const ids = responses.map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    // Errors keep their exact {error} body.
    for (const res of responses.slice(1)) expect(Object.keys(res.body)).toEqual(['error']);
  });

  it('echoes a safe incoming X-Request-Id and replaces an unsafe one', async () => {
    const kept = await t.http().get('/api/scans/999999').set('X-Request-Id', 'trace-4711.a:b_c').expect(404);
    expect(kept.headers['x-request-id']).toBe('trace-4711.a:b_c');
    for (const unsafe of ['has space', 'x'.repeat(65), '<script>', '"quoted"']) {
      const res = await t.http().get('/api/healthz').set('X-Request-Id', unsafe).expect(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });
});
