/**
 * What a version adds and removes, matched by finding fingerprint: a fingerprint present n times
 * in `current` and m times in `previous` contributes max(0, n − m) added and max(0, m − n)
 * resolved findings (fingerprints carry an occurrence index, so n and m are normally 0 or 1).
 */
export interface FindingChanges<T> {
  added: T[];
  resolved: T[];
  unchangedCount: number;
}

export function findingChanges<T extends { fingerprint: string }>(current: readonly T[], previous: readonly T[]): FindingChanges<T> {
  const remaining = new Map<string, number>();
  for (const f of previous) remaining.set(f.fingerprint, (remaining.get(f.fingerprint) ?? 0) + 1);
  const added: T[] = [];
  let unchangedCount = 0;
  for (const f of current) {
    const left = remaining.get(f.fingerprint) ?? 0;
    if (left > 0) {
      remaining.set(f.fingerprint, left - 1);
      unchangedCount++;
    } else added.push(f);
  }
  const resolved: T[] = [];
  for (const f of previous) {
    const left = remaining.get(f.fingerprint) ?? 0;
    if (left > 0) {
      remaining.set(f.fingerprint, left - 1);
      resolved.push(f);
    }
  }
  return { added, resolved, unchangedCount };
}
