import { evaluate } from '../engine/evaluate';
import type { EngineResult, RuleSettings } from '../engine/engine.types';
import { ingestSkill } from '../ingest';
import type { IngestedSkill, IngestInput, IngestLimits } from '../ingest/ingest.types';
import { displayName } from './display-name';

/** What POST /api/scans and `skill-audit scan` (local) compute before AI steps and storage. */
export interface StaticScan {
  skill: IngestedSkill;
  /** Display name (given name, frontmatter name, filename). */
  name: string;
  engine: EngineResult;
}

/**
 * The static part of a scan, the one code path of the service and the CLI: ingestion of the
 * upload (the same ZIP limits), the rule engine (admin rule settings on the service, catalog
 * defaults in the CLI) and the display name. Throws ingestion's DomainErrors.
 */
export function scanStatically(input: IngestInput & { name?: string | null }, limits: IngestLimits, settings?: RuleSettings): StaticScan {
  const skill = ingestSkill(input, limits);
  return { skill, name: displayName(input, skill.files), engine: evaluate(skill.files, settings) };
}
