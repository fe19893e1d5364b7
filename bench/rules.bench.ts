/**
 * Rule-settings lookup: every scan reads the current severity/enabled of the catalog from the
 * database (no per-process cache, so a PATCH is honoured by the next scan on every instance).
 * Target (issue 3): the lookup costs < 1 ms.
 *
 * Standalone: node -r @swc-node/register bench/rules.bench.ts
 */
import 'reflect-metadata';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/infra/database/database.module';
import { runMigrationsLocked } from '../src/infra/database/migrate';
import { RuleSettingsService } from '../src/modules/rules/rule-settings.service';

export interface BenchRow {
  name: string;
  metric: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function runRulesBench(): Promise<BenchRow[]> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `skill_audit_bench_rules_${process.pid}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataSource = await new DataSource(dataSourceOptions(url.toString(), 2)).initialize();
  try {
    await runMigrationsLocked(dataSource);
    // A realistic state: an admin has tuned a handful of rules.
    await dataSource.query(`UPDATE rules SET enabled = false WHERE id IN (SELECT id FROM rules ORDER BY id LIMIT 3)`);
    await dataSource.query(`UPDATE rules SET severity = 'info' WHERE id IN (SELECT id FROM rules ORDER BY id DESC LIMIT 3)`);
    const service = new RuleSettingsService(dataSource);
    for (let i = 0; i < 200; i++) await service.current();
    const times: number[] = [];
    for (let i = 0; i < 2000; i++) {
      const start = process.hrtime.bigint();
      await service.current();
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    return [
      { name: 'rule settings lookup (PostgreSQL)', metric: 'p50', value: round(p50), unit: 'ms', target: '< 1 ms', ok: p50 < 1 },
      { name: 'rule settings lookup (PostgreSQL)', metric: 'p95', value: round(p95), unit: 'ms', target: '< 1 ms', ok: p95 < 1 },
    ];
  } finally {
    await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

if (require.main === module) {
  runRulesBench().then(
    (rows) => console.table(rows),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
