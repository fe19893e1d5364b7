/**
 * GET /api/dashboard with 100 000 stored scans (≈ 300 000 findings), seeded by SQL with
 * generate_series into a scratch PostgreSQL database, against the built API (dist/main.js).
 * Target (DESIGN "Performance targets"): p95 ≤ 50 ms.
 *
 * Standalone: npm run build && node -r @swc-node/register bench/dashboard.bench.ts
 */
import type { BenchRow } from './bench-row';
import { createScratchDatabase, percentile, request, round, runStandalone, startApi, type ScratchDatabase } from './bench-support';

export const DASHBOARD_SCANS = 100_000;
const WARMUP = 50;
const SAMPLES = 500;

/** Seeds `count` scans with varied verdicts/counts and three findings each over the rule catalog. */
export async function seedScansWithFindings(client: { query: (sql: string, params?: unknown[]) => Promise<unknown> }, count: number) {
  await client.query(
    `INSERT INTO scans (name, source, status, verdict, risk_score, file_count, language,
       count_critical, count_high, count_medium, count_low, count_info, count_security, count_privacy, count_total,
       fingerprint, relation, similarity, hidden, created_at)
     SELECT 'bench scan ' || g, 'text', 'completed', (ARRAY['pass','review','block'])[1 + g % 3], g % 101, 1 + g % 5, 'en',
       g % 2, g % 3, g % 4, g % 5, g % 6, g % 2 + g % 3 + g % 4, g % 5 + g % 6, g % 2 + g % 3 + g % 4 + g % 5 + g % 6,
       md5(g::text) || md5((g * 7)::text), 'new', NULL, g % 50 = 0,
       now() - ($1 - g) * interval '1 second'
     FROM generate_series(1, $1) g`,
    [count],
  );
  await client.query(
    `WITH catalog AS (SELECT array_agg(rule_id ORDER BY id) AS ids, count(*)::int AS n FROM rules)
     INSERT INTO findings (scan_id, rule_id, axis, severity, category, title, description, detected_by)
     SELECT s.id, r.rule_id, r.axis, r.severity, r.category, 'Seeded finding', 'seeded', 'static'
     FROM scans s CROSS JOIN generate_series(1, 3) k CROSS JOIN catalog c
     JOIN rules r ON r.rule_id = c.ids[1 + ((s.id * 31 + k * 17 + (s.id % 7) * k) % c.n)]`,
  );
  await client.query('ANALYZE');
}

/** What the summary-table triggers add to a scan's insert transaction (p50 with and without). */
async function triggerCost(client: ScratchDatabase['client']): Promise<{ on: number; off: number }> {
  const insertOne = async () => {
    await client.query('BEGIN');
    const { rows } = await client.query(
      `INSERT INTO scans (name, source, status, verdict, risk_score, file_count, language, count_low, count_security, count_total, fingerprint)
       VALUES ('trigger cost', 'text', 'completed', 'review', 30, 1, 'en', 10, 10, 10, md5(random()::text) || md5(random()::text)) RETURNING id`,
    );
    await client.query(
      `INSERT INTO findings (scan_id, rule_id, axis, severity, category, title, description, detected_by)
       SELECT $1, 'bench.rule-' || k, 'security', 'low', 'bench', 'Bench finding', 'seeded', 'static' FROM generate_series(1, 10) k`,
      [rows[0].id],
    );
    await client.query('COMMIT');
  };
  const measure = async () => {
    const times: number[] = [];
    for (let i = 0; i < 300; i++) {
      const started = process.hrtime.bigint();
      await insertOne();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return percentile(times, 50);
  };
  const toggle = async (state: 'ENABLE' | 'DISABLE') => {
    await client.query(`ALTER TABLE scans ${state} TRIGGER USER`);
    await client.query(`ALTER TABLE findings ${state} TRIGGER USER`);
  };
  await measure(); // warm-up
  await toggle('DISABLE');
  const off = await measure();
  await toggle('ENABLE');
  const on = await measure();
  return { on, off };
}

export async function runDashboardBench(): Promise<BenchRow[]> {
  const db = await createScratchDatabase('dashboard');
  let api: Awaited<ReturnType<typeof startApi>> | null = null;
  try {
    api = await startApi({ DATABASE_URL: db.url }); // boots, runs the migrations, seeds the catalog
    await seedScansWithFindings(db.client, DASHBOARD_SCANS);
    const url = `${api.baseUrl}/api/dashboard`;
    const first = await request(url);
    const body = JSON.parse(first.body);
    if (first.status !== 200 || body.totalScans !== DASHBOARD_SCANS) {
      throw new Error(`unexpected dashboard answer: ${first.status} ${first.body.slice(0, 200)}`);
    }
    for (let i = 0; i < WARMUP; i++) await request(url);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push((await request(url)).totalMs);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const name = `GET /dashboard, ${DASHBOARD_SCANS.toLocaleString('en')} scans`;
    const triggers = await triggerCost(db.client);
    return [
      { name, metric: 'p50', value: round(p50), unit: 'ms' },
      { name, metric: 'p95', value: round(p95), unit: 'ms', target: '≤ 50 ms', ok: p95 <= 50 },
      { name: 'scan insert tx (1 scan + 10 findings), summary triggers on', metric: 'p50', value: round(triggers.on, 3), unit: 'ms' },
      { name: 'scan insert tx (1 scan + 10 findings), summary triggers off', metric: 'p50', value: round(triggers.off, 3), unit: 'ms' },
    ];
  } finally {
    await api?.stop();
    await db.drop();
  }
}

if (require.main === module) runStandalone(runDashboardBench);
