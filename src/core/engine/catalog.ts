import type { RuleMeta } from './engine.types';
import { AXIS_OF_CATEGORY, CATEGORY_AXIS } from './categories';
import type { RuleDef } from './rule-types';
import { PATTERN_RULES } from './rules';
import { FRONTMATTER_RULES } from './analyzers/frontmatter';
import { UNICODE_RULES } from './analyzers/unicode';
import { HIDDEN_RULES } from './analyzers/hidden';
import { OBFUSCATION_RULES } from './analyzers/obfuscation';
import { TOOL_PERMISSION_RULES } from './analyzers/tool-permissions';
import { OFFLINE_CLAIM_RULES } from './analyzers/offline-claim';
import { BUILTIN_SHADOWING_RULES } from './analyzers/builtin-shadowing';
import { SUPPLY_CHAIN_RULES } from './analyzers/supply-chain';
import { BINARY_RULES } from './analyzers/binaries';
import { SCRIPT_TELEMETRY_RULES } from './analyzers/script-telemetry';
import { SECRET_ENV_RULES } from './analyzers/secrets-env';
import { PERSONAL_DATA_RULES } from './analyzers/personal-data';
import { COMBINATION_RULES } from './analyzers/combinations';
import { DATA_FLOW_RULES } from './analyzers/data-flow';
import { AUTHORITY_RULES_HEURISTIC } from './analyzers/authority';
import { LOOKALIKE_HOST_RULES } from './analyzers/lookalike-hosts';
import { registerRules } from './analyzers/rule-lookup';

/** Every rule definition (pattern and heuristic), in catalog order. */
export const RULE_DEFS: readonly RuleDef[] = [
  ...FRONTMATTER_RULES,
  ...PATTERN_RULES,
  ...HIDDEN_RULES,
  ...UNICODE_RULES,
  ...OBFUSCATION_RULES,
  ...TOOL_PERMISSION_RULES,
  ...OFFLINE_CLAIM_RULES,
  ...BUILTIN_SHADOWING_RULES,
  ...SUPPLY_CHAIN_RULES,
  ...BINARY_RULES,
  ...SCRIPT_TELEMETRY_RULES,
  ...SECRET_ENV_RULES,
  ...PERSONAL_DATA_RULES,
  ...DATA_FLOW_RULES,
  ...AUTHORITY_RULES_HEURISTIC,
  ...LOOKALIKE_HOST_RULES,
  ...COMBINATION_RULES,
];
registerRules(RULE_DEFS);

const CATEGORY_ORDER = new Map(CATEGORY_AXIS.map(([c], i) => [c, i]));

function axisOf(def: RuleDef) {
  const axis = def.axis ?? AXIS_OF_CATEGORY.get(def.category);
  if (!axis) throw new Error(`rule ${def.id}: unknown category ${def.category}`);
  return axis;
}

/** The static rule catalog: stable ruleIds, sorted by category order, then ruleId. */
export const RULE_CATALOG: readonly RuleMeta[] = Object.freeze(
  RULE_DEFS.map(
    (d): RuleMeta =>
      Object.freeze({
        ruleId: d.id,
        axis: axisOf(d),
        category: d.category,
        severity: d.severity,
        detectionType: d.type === 'pattern' ? 'regex' : 'heuristic',
      }),
  ).sort((a, b) => (CATEGORY_ORDER.get(a.category) ?? 99) - (CATEGORY_ORDER.get(b.category) ?? 99) || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)),
);

export const RULE_META: ReadonlyMap<string, RuleMeta> = new Map(RULE_CATALOG.map((r) => [r.ruleId, r]));

/** Checkpoint categories in order: `ingest`, `frontmatter`, then every rule category. */
export const CHECKPOINT_CATEGORIES: readonly string[] = Object.freeze(CATEGORY_AXIS.map(([c]) => c));
