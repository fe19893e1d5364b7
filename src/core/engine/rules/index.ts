import type { PatternRule } from '../rule-types';
import { EXECUTION_RULES } from './execution.rules';
import { EXFILTRATION_RULES } from './exfiltration.rules';
import { INJECTION_RULES } from './injection.rules';
import { MISC_RULES } from './misc.rules';
import { PRIVACY_RULES } from './privacy.rules';
import { SECRET_RULES } from './secrets.rules';

export const PATTERN_RULES: readonly PatternRule[] = [
  ...INJECTION_RULES,
  ...EXFILTRATION_RULES,
  ...SECRET_RULES,
  ...EXECUTION_RULES,
  ...MISC_RULES,
  ...PRIVACY_RULES,
];
