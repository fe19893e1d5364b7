import { createTestApp, type TestApp } from '../utils/create-app';

describe('Error bodies (e2e)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('localizes by lang query, then Accept-Language, then de', async () => {
    expect((await t.http().get('/api/scans/424242').expect(404)).body).toEqual({ error: 'Scan nicht gefunden.' });
    expect((await t.http().get('/api/scans/424242').set('Accept-Language', 'en-US,en;q=0.9').expect(404)).body).toEqual({ error: 'Scan not found.' });
    expect((await t.http().get('/api/scans/424242?lang=es').set('Accept-Language', 'en').expect(404)).body).toEqual({ error: 'Escaneo no encontrado.' });
    expect((await t.http().get('/api/scans/424242?lang=fr').set('Accept-Language', 'fr, es;q=0.5').expect(404)).body).toEqual({ error: 'Escaneo no encontrado.' });
  });

  it('answers unknown routes with a localized 404', async () => {
    expect((await t.http().get('/api/nope').expect(404)).body).toEqual({ error: 'Dieser Endpunkt existiert nicht.' });
    expect((await t.http().get('/api/nope?lang=en').expect(404)).body).toEqual({ error: 'This endpoint does not exist.' });
    expect((await t.http().get('/nope?lang=es').expect(404)).body).toEqual({ error: 'Este endpoint no existe.' });
  });

  it('localizes validation errors in all three languages', async () => {
    const body = { source: 'text', text: 'hello' };
    expect((await t.http().post('/api/scans').send(body).expect(400)).body).toEqual({ error: 'Das Feld „useAi“ fehlt.' });
    expect((await t.http().post('/api/scans?lang=en').send(body).expect(400)).body).toEqual({ error: 'The field "useAi" is missing.' });
    expect((await t.http().post('/api/scans?lang=es').send(body).expect(400)).body).toEqual({ error: 'Falta el campo «useAi».' });
  });

  it('localizes malformed JSON', async () => {
    const res = await t.http().post('/api/scans?lang=en').set('Content-Type', 'application/json').send('{bad json').expect(400);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with a localized 413', async () => {
    const limited = await createTestApp({ MAX_BODY_BYTES: '2048' });
    try {
      const res = await limited.http().post('/api/scans?lang=en').send({ source: 'text', useAi: false, text: 'x'.repeat(4096) }).expect(413);
      expect(res.body).toEqual({ error: 'The request body is too large.' });
    } finally {
      await limited.close();
    }
  });

  it('answers admin routes without a session with 401 in the request language', async () => {
    expect((await t.http().patch('/api/scans/1').send({ hidden: true }).expect(401)).body).toEqual({ error: 'Nicht angemeldet.' });
    expect((await t.http().delete('/api/scans/1?lang=en').expect(401)).body).toEqual({ error: 'Not signed in.' });
  });

  it('answers /healthz and /me', async () => {
    expect((await t.http().get('/api/healthz').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.http().get('/api/me').expect(200)).body).toEqual({ authenticated: false, isAdmin: false, email: null });
  });
});
