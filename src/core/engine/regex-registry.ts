/**
 * Every regular expression of the engine is created through `rx()` so that the ReDoS test can
 * iterate all of them (`ALL_REGEXES`). Patterns are compiled once at module load.
 */
export interface RegisteredRegex {
  /** Where the pattern is used, e.g. `rule:injection-ignore-instructions#0` or `normalize:split-string`. */
  name: string;
  re: RegExp;
}

const registry: RegisteredRegex[] = [];

export function rx(name: string, source: string | RegExp, flags?: string): RegExp {
  const re = typeof source === 'string' ? new RegExp(source, flags ?? '') : new RegExp(source.source, flags ?? source.flags);
  registry.push({ name, re });
  return re;
}

/** All regexes of the engine (read-only view; filled as modules load). */
export const ALL_REGEXES: readonly RegisteredRegex[] = registry;
