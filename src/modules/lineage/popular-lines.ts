import type { TokenRef } from '../../core/lineage/search';

/**
 * Lines (path, line hash) that a token probe of this process found in more than some cap of
 * stored files: the template lines of a catalogue, in most of its skills. A later search that
 * would probe them at that cap again (only to learn, from their newest postings, that they are
 * frequent) skips them instead (candidate-store.ts `knownFrequent`). Any answer keeps the search
 * exact — a skipped line only loosens bounds — so a stale entry (postings deleted since) costs
 * at most some work, never a wrong relation. Bounded: the oldest entries go first.
 */
export class PopularLines {
  /** key → the largest cap it was found frequent at. */
  private readonly caps = new Map<string, number>();

  constructor(readonly capacity = 100_000) {}

  get size(): number {
    return this.caps.size;
  }

  /** Notes that each of `tokens` had more than `cap` postings. */
  add(tokens: ReadonlyArray<{ path: string; hash: string }>, cap: number): void {
    for (const t of tokens) {
      const key = keyOf(t);
      const known = this.caps.get(key);
      if (known !== undefined && known >= cap) continue;
      this.caps.delete(key); // re-inserted as the newest
      this.caps.set(key, cap);
    }
    for (const oldest of this.caps.keys()) {
      if (this.caps.size <= this.capacity) break;
      this.caps.delete(oldest);
    }
  }

  /** The tokens known to have had more than `cap` postings. */
  frequentAt(tokens: readonly TokenRef[], cap: number): TokenRef[] {
    const out: TokenRef[] = [];
    for (const t of tokens) if ((this.caps.get(keyOf(t)) ?? -1) >= cap) out.push(t);
    return out;
  }

  clear(): void {
    this.caps.clear();
  }
}

const keyOf = (t: { path: string; hash: string }): string => `${t.hash}\u0000${t.path}`;
