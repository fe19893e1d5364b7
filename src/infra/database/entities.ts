import { AdminUserEntity } from '../../modules/auth/entities/admin-user.entity';
import { AiProviderEntity } from '../../modules/providers/entities/ai-provider.entity';
import { PromptEntity } from '../../modules/prompts/entities/prompt.entity';
import { RuleEntity } from '../../modules/rules/entities/rule.entity';
import { FindingEntity } from '../../modules/scans/entities/finding.entity';
import { ScanCheckpointEntity } from '../../modules/scans/entities/scan-checkpoint.entity';
import { ScanFileEntity } from '../../modules/scans/entities/scan-file.entity';
import { ScanEntity } from '../../modules/scans/entities/scan.entity';
import { SuppressionEntity } from '../../modules/suppressions/entities/suppression.entity';

export const ENTITIES = [
  ScanEntity,
  ScanFileEntity,
  FindingEntity,
  ScanCheckpointEntity,
  RuleEntity,
  PromptEntity,
  AiProviderEntity,
  AdminUserEntity,
  SuppressionEntity,
];
