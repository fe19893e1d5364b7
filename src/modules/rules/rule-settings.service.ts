import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { RuleSetting, RuleSettings, Severity } from '../../core/engine/engine.types';

/**
 * The current severity/enabled of every rule, read from the database for each scan — no
 * per-process cache, so a PATCH on one API instance is honoured by the very next scan on all.
 * Only rows that differ from the catalog default travel (a handful), keeping it well under 1 ms.
 */
@Injectable()
export class RuleSettingsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async current(manager: EntityManager = this.dataSource.manager): Promise<RuleSettings> {
    const rows: Array<{ rule_id: string; severity: Severity; enabled: boolean }> = await manager.query(
      'SELECT rule_id, severity, enabled FROM rules WHERE enabled = false OR severity <> default_severity',
    );
    const settings = new Map<string, RuleSetting>();
    for (const row of rows) settings.set(row.rule_id, { severity: row.severity, enabled: row.enabled });
    return settings;
  }
}
