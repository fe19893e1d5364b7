import type { RuleDef } from '../rule-types';

const registry = new Map<string, RuleDef>();

/** Filled once by the catalog module (avoids an import cycle between analyzers and the catalog). */
export function registerRules(rules: readonly RuleDef[]): void {
  for (const r of rules) registry.set(r.id, r);
}

export function ruleById(id: string): RuleDef | undefined {
  return registry.get(id);
}
