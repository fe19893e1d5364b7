/**
 * The static rule engine: pure functions, no I/O. The app depends on exactly this surface.
 */
export { RULE_CATALOG, CHECKPOINT_CATEGORIES } from './catalog';
export { evaluate } from './evaluate';
export { scoreReport } from './scoring';
export { ALL_REGEXES } from './regex-registry';
export type { RegisteredRegex } from './regex-registry';
export * from './engine.types';
