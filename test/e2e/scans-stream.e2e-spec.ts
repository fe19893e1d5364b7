import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { ScanEntity } from '../../src/modules/scans/entities/scan.entity';
import { toScanView, type ScanView } from '../../src/modules/scans/scan.views';
import { SCAN_LIST_BATCH_SIZE, ScansService } from '../../src/modules/scans/scans.service';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { ADMIN_ENV, adminCookie } from '../utils/admin-session';
import { createTestApp, type TestApp } from '../utils/create-app';

/** What GET /scans answered before streaming: every visible scan through TypeORM, newest first. */
async function expectedList(ds: DataSource, isAdmin: boolean): Promise<ScanView[]> {
  const scans = await ds.getRepository(ScanEntity).find({
    where: isAdmin ? {} : { hidden: false },
    order: { createdAt: 'DESC', id: 'DESC' },
  });
  return scans.map(toScanView);
}

describe('GET /scans streamed from keyset pages (e2e)', () => {
  let t: TestApp;
  let ds: DataSource;
  const SEEDED = 2 * SCAN_LIST_BATCH_SIZE + 237;

  beforeAll(async () => {
    t = await createTestApp(ADMIN_ENV);
    ds = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers [] without scans', async () => {
    const res = await t.http().get('/api/scans').expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.text).toBe('[]');
  });

  describe('with more scans than fit in two pages', () => {
    beforeAll(async () => {
      // Several pages; runs of equal created_at (ties broken by id) and values that differ only
      // in the microseconds (a millisecond cursor would skip or repeat rows); every 7th hidden.
      await ds.query(
        `INSERT INTO scans (name, description, source, status, verdict, risk_score, file_count, ai_used, ai_error, language,
           count_critical, count_high, count_medium, count_low, count_info, count_security, count_privacy, count_total,
           fingerprint, relation, similarity, hidden, created_at)
         SELECT 'seeded "' || g || '" ✓', CASE WHEN g % 3 = 0 THEN 'desc ' || g END, 'text', 'completed',
           (ARRAY['pass','review','block'])[1 + g % 3], g % 101, 1 + g % 4, g % 5 = 0, CASE WHEN g % 11 = 0 THEN 'ai failed' END, 'en',
           g % 2, g % 3, g % 4, g % 5, g % 6, g % 7, g % 8, g % 2 + g % 3 + g % 4 + g % 5 + g % 6,
           md5(g::text) || md5((g + 1)::text), (ARRAY['new','identical','modified'])[1 + g % 3], CASE WHEN g % 2 = 0 THEN g % 100 END,
           g % 7 = 0,
           timestamptz '2026-01-01 00:00:00+00' + (g / 4) * interval '1 millisecond' + (g % 2) * interval '1 microsecond'
         FROM generate_series(1, $1) g`,
        [SEEDED],
      );
      await t.http().post('/api/scans').send(textScan(BENIGN_SKILL, { name: 'made through the API' })).expect(201);
    });

    it('streams exactly the array the unstreamed list returned, for anonymous callers', async () => {
      const res = await t.http().get('/api/scans').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const expected = await expectedList(ds, false);
      expect(expected.length).toBe(SEEDED + 1 - Math.floor(SEEDED / 7));
      expect(res.body).toEqual(expected);
      expect(res.body[0].name).toBe('made through the API');
      expect(res.body.some((s: ScanView) => s.hidden)).toBe(false);
    });

    it('includes hidden scans for an admin', async () => {
      const cookie = await adminCookie(t);
      const res = await t.http().get('/api/scans').set('Cookie', cookie).expect(200);
      const expected = await expectedList(ds, true);
      expect(expected.length).toBe(SEEDED + 1);
      expect(res.body).toEqual(expected);
      expect(res.body.filter((s: ScanView) => s.hidden).length).toBe(Math.floor(SEEDED / 7));
    });

    it('pages the same rows for any page size', async () => {
      const scans = t.app.get(ScansService);
      const expected = await expectedList(ds, false);
      for (const size of [7, 499, 5000]) {
        const got: ScanView[] = [];
        for await (const batch of scans.listBatches({ isAdmin: false }, size)) {
          expect(batch.length).toBeLessThanOrEqual(size);
          got.push(...batch);
        }
        expect(got).toEqual(expected);
      }
    });

    it('stops cleanly when the client disconnects mid-stream', async () => {
      const server = t.app.getHttpServer() as http.Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const received = await new Promise<number>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/scans' }, (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > 1000) {
              req.destroy();
              resolve(bytes);
            }
          });
          res.on('error', () => undefined);
        });
        req.on('error', (error) => (error.message.includes('socket hang up') || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
      });
      expect(received).toBeGreaterThan(1000);
      // The service keeps answering, and a full list still arrives complete.
      const res = await t.http().get('/api/scans').expect(200);
      expect(res.body.length).toBe((await expectedList(ds, false)).length);
    });
  });
});
