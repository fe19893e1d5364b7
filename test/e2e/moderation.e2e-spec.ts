import { DataSource } from 'typeorm';
import { textScan } from '../factories/scan-input.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';

const SCAN_FIELDS = [
  'id', 'name', 'description', 'source', 'status', 'verdict', 'riskScore', 'fileCount', 'aiUsed', 'aiError',
  'findingCounts', 'fingerprint', 'relation', 'similarity', 'comparedScanId', 'hidden', 'createdAt',
].sort();

/** A skill text unique to this run, so its scan is new and easy to find in lists. */
const uniqueSkill = (label: string) =>
  `---\nname: ${label}\ndescription: Moderation test skill ${label}.\n---\n# ${label}\n\nSummarise the file ${label}-${Date.now()}-${Math.random()}.\n`;

describe('Moderation of the public catalog (e2e)', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // This suite's fresh database: the admin of ADMIN_ENV is bootstrapped at start-up.
    t = await createTestApp({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000' });
    cookie = await adminCookie(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const createScan = async (label: string) => (await t.http().post('/api/scans').send(textScan(uniqueSkill(label), { name: label })).expect(201)).body;
  const listIds = async (asAdmin: boolean) => {
    const req = t.http().get('/api/scans');
    const res = await (asAdmin ? req.set('Cookie', cookie) : req).expect(200);
    return res.body as Array<{ id: number; hidden: boolean }>;
  };
  const hide = (id: number, hidden: boolean) => t.http().patch(`/api/scans/${id}`).set('Cookie', cookie).send({ hidden });

  it('hides a scan from anonymous lists; admins still see it, flagged hidden', async () => {
    const visible = await createScan('visible-skill');
    const hidden = await createScan('hidden-skill');

    const res = await hide(hidden.id, true).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(SCAN_FIELDS);
    expect(res.body).toMatchObject({ id: hidden.id, name: 'hidden-skill', hidden: true });

    const anonymous = await listIds(false);
    expect(anonymous.map((s) => s.id)).toContain(visible.id);
    expect(anonymous.map((s) => s.id)).not.toContain(hidden.id);
    expect(anonymous.every((s) => s.hidden === false)).toBe(true);

    const admin = await listIds(true);
    expect(admin.find((s) => s.id === hidden.id)).toMatchObject({ hidden: true });
    expect(admin.find((s) => s.id === visible.id)).toMatchObject({ hidden: false });
    // Newest first for both audiences.
    expect(admin.findIndex((s) => s.id === hidden.id)).toBeLessThan(admin.findIndex((s) => s.id === visible.id));

    // A forged session does not reveal hidden scans.
    const forged = await t.http().get('/api/scans').set('Cookie', 'session=aaa.bbb.ccc').expect(200);
    expect(forged.body.map((s: { id: number }) => s.id)).not.toContain(hidden.id);
  });

  it('leaves hidden scans out of the anonymous dashboard.recentScans; aggregates still count them', async () => {
    const scan = await createScan('dashboard-hidden-skill');
    await hide(scan.id, true).expect(200);
    const anonymous = (await t.http().get('/api/dashboard').expect(200)).body;
    const admin = (await t.http().get('/api/dashboard').set('Cookie', cookie).expect(200)).body;
    expect(anonymous.recentScans.map((s: { id: number }) => s.id)).not.toContain(scan.id);
    expect(admin.recentScans.find((s: { id: number }) => s.id === scan.id)).toMatchObject({ hidden: true });
    expect(anonymous.totalScans).toBe(admin.totalScans);
    const [{ c }] = await t.app.get(DataSource).query('SELECT count(*)::int AS c FROM scans');
    expect(admin.totalScans).toBe(c);
  });

  it('keeps a hidden scan reachable by id for everyone', async () => {
    const scan = await createScan('reachable-skill');
    await hide(scan.id, true).expect(200);
    const detail = await t.http().get(`/api/scans/${scan.id}`).expect(200);
    expect(detail.body).toMatchObject({ id: scan.id, hidden: true });
    expect(detail.body.files).toHaveLength(1);
  });

  it('unhides a scan: it returns to the public list', async () => {
    const scan = await createScan('unhidden-skill');
    await hide(scan.id, true).expect(200);
    expect((await listIds(false)).map((s) => s.id)).not.toContain(scan.id);
    expect((await hide(scan.id, false).expect(200)).body.hidden).toBe(false);
    expect((await listIds(false)).find((s) => s.id === scan.id)).toMatchObject({ hidden: false });
    // Idempotent.
    expect((await hide(scan.id, false).expect(200)).body.hidden).toBe(false);
  });

  it('refuses anonymous moderation with 401 and leaves the scan unchanged', async () => {
    const scan = await createScan('guarded-skill');
    expect((await t.http().patch(`/api/scans/${scan.id}`).send({ hidden: true }).expect(401)).body).toEqual({ error: 'Nicht angemeldet.' });
    expect((await t.http().delete(`/api/scans/${scan.id}?lang=es`).expect(401)).body).toEqual({ error: expect.any(String) });
    const detail = await t.http().get(`/api/scans/${scan.id}`).expect(200);
    expect(detail.body.hidden).toBe(false);
  });

  it('answers 404 for unknown ids and 400 for invalid bodies', async () => {
    expect((await hide(987654321, true).expect(404)).body).toEqual({ error: 'Scan nicht gefunden.' });
    await t.http().delete('/api/scans/987654321').set('Cookie', cookie).expect(404);
    const scan = await createScan('invalid-body-skill');
    for (const body of [{}, { hidden: 'yes' }, { hidden: null }, { hidden: 1 }, { hidden: true, name: 'x' }]) {
      await t.http().patch(`/api/scans/${scan.id}`).set('Cookie', cookie).send(body).expect(400);
    }
    await t.http().patch('/api/scans/abc').set('Cookie', cookie).send({ hidden: true }).expect(400);
  });

  it('deletes a scan as admin: 204, then 404', async () => {
    const scan = await createScan('deleted-skill');
    const res = await t.http().delete(`/api/scans/${scan.id}`).set('Cookie', cookie).expect(204);
    expect(res.text).toBe('');
    await t.http().get(`/api/scans/${scan.id}`).expect(404);
    await t.http().delete(`/api/scans/${scan.id}`).set('Cookie', cookie).expect(404);
    await hide(scan.id, true).expect(404);
    expect((await listIds(true)).map((s) => s.id)).not.toContain(scan.id);
    // Its files, findings and checkpoints went with it.
    const db = t.app.get(DataSource);
    for (const table of ['scan_files', 'findings', 'scan_checkpoints']) {
      const [{ c }] = await db.query(`SELECT count(*)::int AS c FROM ${table} WHERE scan_id = $1`, [scan.id]);
      expect(c).toBe(0);
    }
  });
});
