import type { PatternRule } from '../rule-types';
import { AUTHORITY_RULES } from './authority.rules';
import { DROPPER_RULES } from './dropper.rules';
import { EXECUTION_RULES } from './execution.rules';
import { EXFIL_FLOW_RULES } from './exfil-flow.rules';
import { HIDDEN_TEXT_RULES } from './hidden-text.rules';
import { EXFILTRATION_RULES } from './exfiltration.rules';
import { INJECTION_RULES } from './injection.rules';
import { MISC_RULES } from './misc.rules';
import { PRIMITIVE_RULES } from './primitives.rules';
import { PRIVACY_RULES } from './privacy.rules';
import { SECRET_RULES } from './secrets.rules';

export const PATTERN_RULES: readonly PatternRule[] = [
  ...INJECTION_RULES,
  ...EXFILTRATION_RULES,
  ...SECRET_RULES,
  ...EXECUTION_RULES,
  ...MISC_RULES,
  ...PRIVACY_RULES,
  ...DROPPER_RULES,
  ...EXFIL_FLOW_RULES,
  ...AUTHORITY_RULES,
  ...HIDDEN_TEXT_RULES,
  ...PRIMITIVE_RULES,
];
