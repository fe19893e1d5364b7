import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENIGN_SKILL, textScan } from '../factories/scan-input.factory';
import { createTestApp } from '../utils/create-app';

describe('Embedded default (e2e)', () => {
  it('starts on PGlite from an empty DATA_DIR, migrates, and keeps scans across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skill-audit-data-'));
    try {
      const env = { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir };
      const first = await createTestApp(env);
      let id: number;
      try {
        expect((await first.http().get('/api/healthz').expect(200)).body).toEqual({ status: 'ok' });
        id = (await first.http().post('/api/scans').send(textScan(BENIGN_SKILL)).expect(201)).body.id;
      } finally {
        await first.close();
      }
      expect(existsSync(join(dataDir, 'pg'))).toBe(true);
      expect(readdirSync(join(dataDir, 'pg')).length).toBeGreaterThan(0);

      const second = await createTestApp(env);
      try {
        const res = await second.http().get(`/api/scans/${id}`).expect(200);
        expect(res.body.files[0].content).toBe(BENIGN_SKILL);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
