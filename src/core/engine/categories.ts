import type { Axis } from './engine.types';

/** Rule categories in checkpoint order, with their axis. `ingest` and `frontmatter` come first. */
export const CATEGORY_AXIS: ReadonlyArray<readonly [string, Axis]> = [
  ['ingest', 'security'],
  ['frontmatter', 'security'],
  ['prompt-injection', 'security'],
  ['jailbreak', 'security'],
  ['concealment', 'security'],
  ['hidden-instructions', 'security'],
  ['unicode-tricks', 'security'],
  ['prompt-leakage', 'security'],
  ['scanner-evasion', 'security'],
  ['exfiltration', 'security'],
  ['credential-access', 'security'],
  ['hardcoded-secrets', 'security'],
  ['credential-handling', 'security'],
  ['remote-execution', 'security'],
  ['code-execution', 'security'],
  ['obfuscation', 'security'],
  ['reverse-shell', 'security'],
  ['persistence', 'security'],
  ['agent-tampering', 'security'],
  ['destructive-commands', 'security'],
  ['privilege-escalation', 'security'],
  ['tool-permissions', 'security'],
  ['social-engineering', 'security'],
  ['trigger-abuse', 'security'],
  ['supply-chain', 'security'],
  ['binary-smuggling', 'security'],
  ['resource-abuse', 'security'],
  ['time-bombs', 'security'],
  ['financial-actions', 'security'],
  ['untrusted-content', 'security'],
  ['harmful-content', 'security'],
  ['combined-risk', 'security'],
  ['pii-collection', 'privacy'],
  ['sensitive-access', 'privacy'],
  ['tracking', 'privacy'],
  ['data-sharing', 'privacy'],
  ['data-retention', 'privacy'],
];

export const AXIS_OF_CATEGORY: ReadonlyMap<string, Axis> = new Map(CATEGORY_AXIS);

/** Checkpoint id of a static category (`ingest` and `frontmatter` keep their plain ids). */
export function checkpointIdOfCategory(category: string): string {
  return category === 'ingest' || category === 'frontmatter' ? category : `category:${category}`;
}
