/**
 * Rule-settings lookup: every scan reads the current severity/enabled of the catalog from the
 * database (no per-process cache, so a PATCH is honoured by the next scan on every instance).
 * Target (issue 3): the lookup costs < 1 ms.
 *
 * Standalone: node -r @swc-node/register bench/rules.bench.ts
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/infra/database/data-source-options';
import { runMigrationsLocked } from '../src/infra/database/migrate';
import { RuleSettingsService } from '../src/modules/rules/rule-settings.service';
import type { BenchRow } from './bench-row';
import { percentile, round, runStandalone, withScratchDatabase } from './bench-support';

export function runRulesBench(): Promise<BenchRow[]> {
  return withScratchDatabase('rules', async (url) => {
    const dataSource = await new DataSource(dataSourceOptions(url, 2)).initialize();
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
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      return [
        { name: 'rule settings lookup (PostgreSQL)', metric: 'p50', value: round(p50, 3), unit: 'ms', target: '< 1 ms', ok: p50 < 1 },
        { name: 'rule settings lookup (PostgreSQL)', metric: 'p95', value: round(p95, 3), unit: 'ms', target: '< 1 ms', ok: p95 < 1 },
      ];
    } finally {
      await dataSource.destroy();
    }
  });
}

if (require.main === module) runStandalone(runRulesBench);
