import type { MigrationInterface, QueryRunner } from 'typeorm';
import { RULE_CATALOG } from '../../../core/engine';
import { seedRules, syncDefaultSeverities } from './seed-rules';

/**
 * Detection update (issue 10, malware classes that campaigns use): seeds the rules added for remote
 * instruction files, agent token stores, hidden mail recipients, prerequisite lure links, value
 * flows of secrets and personal data to undeclared hosts, persistent rules in agent files,
 * priority claims in descriptions, invisible text in templates, names built from character codes,
 * secrets written to logs, image exfiltration described in prose and the combination of unreviewed
 * instructions with a write into agent files (existing rows kept), and moves default severities to
 * the catalog's where an admin left the severity alone. Idempotent.
 */
/** Rules this migration introduces (removed again by down). */
const NEW_RULE_IDS = [
  'untrusted-remote-instruction-file',
  'cred-agent-token-store',
  'exfil-hidden-recipient',
  'rce-prerequisite-lure-link',
  'exfil-secret-flow-undeclared-host',
  'privacy-personal-data-flow-undeclared',
  'agent-persistent-rule-write',
  'trigger-priority-claim-description',
  'hidden-styled-text-in-resource',
  'obfusc-char-code-array-call',
  'credhandling-secret-to-log',
  'exfil-markdown-image-prose',
  'combo-planted-agent-instructions',
];

export class DetectionRulesCampaigns1764000014000 implements MigrationInterface {
  name = 'DetectionRulesCampaigns1764000014000';

  async up(q: QueryRunner): Promise<void> {
    await seedRules(q, RULE_CATALOG);
    await syncDefaultSeverities(q, RULE_CATALOG);
  }

  async down(q: QueryRunner): Promise<void> {
    // Severity defaults are not restored (the previous catalog is not known here).
    await q.query(`DELETE FROM rules WHERE rule_id = ANY($1::text[])`, [NEW_RULE_IDS]);
  }
}
