import type { PatternRule } from '../rule-types';
import { AGENT_TAMPERING_RULES } from './agent-tampering.rules';
import { CODE_EXECUTION_RULES } from './code-execution.rules';
import { CONCEALMENT_RULES } from './concealment.rules';
import { CREDENTIAL_ACCESS_RULES } from './credential-access.rules';
import { CREDENTIAL_HANDLING_RULES } from './credential-handling.rules';
import { DATA_RETENTION_RULES } from './data-retention.rules';
import { DATA_SHARING_RULES } from './data-sharing.rules';
import { DESTRUCTIVE_COMMANDS_RULES } from './destructive-commands.rules';
import { EXFILTRATION_RULES } from './exfiltration.rules';
import { FINANCIAL_ACTIONS_RULES } from './financial-actions.rules';
import { HARDCODED_SECRETS_RULES } from './hardcoded-secrets.rules';
import { HARMFUL_CONTENT_RULES } from './harmful-content.rules';
import { HIDDEN_INSTRUCTIONS_RULES } from './hidden-instructions.rules';
import { JAILBREAK_RULES } from './jailbreak.rules';
import { OBFUSCATION_RULES } from './obfuscation.rules';
import { PERSISTENCE_RULES } from './persistence.rules';
import { PII_COLLECTION_RULES } from './pii-collection.rules';
import { PRIVILEGE_ESCALATION_RULES } from './privilege-escalation.rules';
import { PROMPT_INJECTION_RULES } from './prompt-injection.rules';
import { PROMPT_LEAKAGE_RULES } from './prompt-leakage.rules';
import { REMOTE_EXECUTION_RULES } from './remote-execution.rules';
import { RESOURCE_ABUSE_RULES } from './resource-abuse.rules';
import { REVERSE_SHELL_RULES } from './reverse-shell.rules';
import { SCANNER_EVASION_RULES } from './scanner-evasion.rules';
import { SENSITIVE_ACCESS_RULES } from './sensitive-access.rules';
import { SOCIAL_ENGINEERING_RULES } from './social-engineering.rules';
import { SUPPLY_CHAIN_RULES } from './supply-chain.rules';
import { TIME_BOMBS_RULES } from './time-bombs.rules';
import { TOOL_PERMISSIONS_RULES } from './tool-permissions.rules';
import { TRACKING_RULES } from './tracking.rules';
import { TRIGGER_ABUSE_RULES } from './trigger-abuse.rules';
import { UNICODE_TRICKS_RULES } from './unicode-tricks.rules';
import { UNTRUSTED_CONTENT_RULES } from './untrusted-content.rules';

/** Every pattern rule, one file per category, in checkpoint order (categories.ts). */
export const PATTERN_RULES: readonly PatternRule[] = [
  ...PROMPT_INJECTION_RULES,
  ...JAILBREAK_RULES,
  ...CONCEALMENT_RULES,
  ...HIDDEN_INSTRUCTIONS_RULES,
  ...UNICODE_TRICKS_RULES,
  ...PROMPT_LEAKAGE_RULES,
  ...SCANNER_EVASION_RULES,
  ...EXFILTRATION_RULES,
  ...CREDENTIAL_ACCESS_RULES,
  ...HARDCODED_SECRETS_RULES,
  ...CREDENTIAL_HANDLING_RULES,
  ...REMOTE_EXECUTION_RULES,
  ...CODE_EXECUTION_RULES,
  ...OBFUSCATION_RULES,
  ...REVERSE_SHELL_RULES,
  ...PERSISTENCE_RULES,
  ...AGENT_TAMPERING_RULES,
  ...DESTRUCTIVE_COMMANDS_RULES,
  ...PRIVILEGE_ESCALATION_RULES,
  ...TOOL_PERMISSIONS_RULES,
  ...SOCIAL_ENGINEERING_RULES,
  ...TRIGGER_ABUSE_RULES,
  ...SUPPLY_CHAIN_RULES,
  ...RESOURCE_ABUSE_RULES,
  ...TIME_BOMBS_RULES,
  ...FINANCIAL_ACTIONS_RULES,
  ...UNTRUSTED_CONTENT_RULES,
  ...HARMFUL_CONTENT_RULES,
  ...PII_COLLECTION_RULES,
  ...SENSITIVE_ACCESS_RULES,
  ...TRACKING_RULES,
  ...DATA_SHARING_RULES,
  ...DATA_RETENTION_RULES,
];
