import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules, syncDefaultSeverities } from './seed-rules';

/**
 * Detection update (issue 10, recall on marketplace and benchmark malware): seeds the rules for a
 * container given the host (Docker socket, host root mount, host process namespace) and for a
 * bootstrap that pulls skills or instructions afresh every session, and moves
 * default severities to the catalog's where an admin left the severity alone. Idempotent.
 */
/** Rules this migration introduces (removed again by down). */
const NEW_RULE_IDS = ['privesc-container-host-escape', 'untrusted-remote-bootstrap-each-session'];

export class DetectionRulesMarket1764000018000 implements MigrationInterface {
  name = 'DetectionRulesMarket1764000018000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
    await syncDefaultSeverities(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
