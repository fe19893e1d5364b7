import { InitialSchema1764000000000 } from './1764000000000-initial-schema';
import { SeedRuleCatalog1764000000001 } from './1764000000001-seed-rule-catalog';
import { SeedPrompts1764000006000 } from './1764000006000-seed-prompts';
import { DashboardSummary1764000007000 } from './1764000007000-dashboard-summary';
import { LineagePostings1764000008400 } from './1764000008400-lineage-postings';
import { SeedRuleAdditions1764000009000 } from './1764000009000-seed-rule-additions';
import { LineageFilePairs1764000010000 } from './1764000010000-lineage-file-pairs';
import { DetectionRuleSync1764000011000 } from './1764000011000-detection-rule-sync';
import { FindingFingerprintsSuppressions1764000013000 } from './1764000013000-finding-fingerprints-suppressions';
import { DetectionRulesCampaigns1764000014000 } from './1764000014000-detection-rules-campaigns';
import { LineageSizeBand1764000016000 } from './1764000016000-lineage-size-band';
import { DetectionRulesTrap1764000017000 } from './1764000017000-detection-rules-trap';
import { DetectionRulesMarket1764000018000 } from './1764000018000-detection-rules-market';
import { LineageLineSequences1764000020000 } from './1764000020000-lineage-line-sequences';
import { DetectionRulesFifthRound1764000021000 } from './1764000021000-detection-rules-fifth-round';
import { DetectionRulesSixthRound1764000023000 } from './1764000023000-detection-rules-sixth-round';

/** Every migration, in order. The app and the CLI data source both use this list. */
export const MIGRATIONS = [InitialSchema1764000000000, SeedRuleCatalog1764000000001, SeedPrompts1764000006000, DashboardSummary1764000007000, LineagePostings1764000008400, SeedRuleAdditions1764000009000, LineageFilePairs1764000010000, DetectionRuleSync1764000011000,
  FindingFingerprintsSuppressions1764000013000, DetectionRulesCampaigns1764000014000, LineageSizeBand1764000016000,
  DetectionRulesTrap1764000017000, DetectionRulesMarket1764000018000, LineageLineSequences1764000020000,
  DetectionRulesFifthRound1764000021000, DetectionRulesSixthRound1764000023000];
