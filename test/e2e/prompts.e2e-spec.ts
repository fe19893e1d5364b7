import { DataSource } from 'typeorm';
import { queuePrefix } from '../factories/provider.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';

describe('Prompts (e2e)', () => {
  let t: TestApp;
  let cookie: string;
  let original: Array<{ id: number; name: string; content: string }>;

  beforeAll(async () => {
    t = await createTestApp({ ...ADMIN_ENV, QUEUE_PREFIX: queuePrefix('prompts') });
    cookie = await adminCookie(t);
    original = await t.app.get(DataSource).query('SELECT id, name, content FROM prompts');
  });
  afterAll(async () => {
    for (const p of original) await t.app.get(DataSource).query('UPDATE prompts SET name = $2, content = $3 WHERE id = $1', [p.id, p.name, p.content]);
    await t.close();
  });

  it('requires an admin session', async () => {
    await t.http().get('/api/prompts').expect(401);
    const res = await t.http().patch('/api/prompts/1?lang=en').send({ name: 'x' }).expect(401);
    expect(res.body).toEqual({ error: 'Not signed in.' });
  });

  it('lists the seeded prompts system, analysis and description', async () => {
    const res = await t.http().get('/api/prompts').set('Cookie', cookie).expect(200);
    expect(res.body.map((p: { key: string }) => p.key)).toEqual(expect.arrayContaining(['system', 'analysis', 'description']));
    for (const prompt of res.body) {
      expect(Object.keys(prompt).sort()).toEqual(['content', 'id', 'key', 'name', 'updatedAt']);
      expect(new Date(prompt.updatedAt).toISOString()).toBe(prompt.updatedAt);
      expect(prompt.content.length).toBeGreaterThan(50);
    }
    const byKey = Object.fromEntries(res.body.map((p: { key: string; content: string }) => [p.key, p.content]));
    expect(byKey.system).toContain('{{language}}');
    expect(byKey.system).toMatch(/JSON/);
    expect(byKey.analysis).toContain('{{files}}');
    expect(byKey.analysis).toContain('{{skillName}}');
    expect(byKey.analysis).toContain('"findings"');
    expect(byKey.description).toContain('{{files}}');
    expect(byKey.description).toContain('"description"');
    expect(byKey.description).toContain('{{language}}');
  });

  it('updates name and content; validates min length; 404 for unknown ids', async () => {
    const [analysis] = (await t.http().get('/api/prompts').set('Cookie', cookie).expect(200)).body.filter((p: { key: string }) => p.key === 'analysis');
    const res = await t.http().patch(`/api/prompts/${analysis.id}`).set('Cookie', cookie).send({ name: 'Analyse', content: 'Find {{files}}' }).expect(200);
    expect(res.body).toMatchObject({ id: analysis.id, key: 'analysis', name: 'Analyse', content: 'Find {{files}}' });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(analysis.updatedAt));
    const partial = await t.http().patch(`/api/prompts/${analysis.id}`).set('Cookie', cookie).send({ content: 'Only content' }).expect(200);
    expect(partial.body).toMatchObject({ name: 'Analyse', content: 'Only content' });

    for (const body of [{ name: '' }, { content: '' }, { content: null }, { name: 5 }, { key: 'other' }]) {
      const bad = await t.http().patch(`/api/prompts/${analysis.id}?lang=en`).set('Cookie', cookie).send(body);
      expect(bad.status).toBe(400);
      expect(typeof bad.body.error).toBe('string');
    }
    const missing = await t.http().patch('/api/prompts/999999').set('Cookie', cookie).send({ name: 'x' }).expect(404);
    expect(missing.body).toEqual({ error: 'Prompt nicht gefunden.' });
    await t.http().patch('/api/prompts/0').set('Cookie', cookie).send({ name: 'x' }).expect(400);
  });
});
