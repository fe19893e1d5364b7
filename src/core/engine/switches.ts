/**
 * Debug switches of the engine's fast paths. Each fast path must give the same results as the
 * plain computation it shortcuts; tests and `bench/engine-results.ts` turn a switch off to
 * compare. Production code never changes them.
 */
export const ENGINE_SWITCHES = {
  /** Pattern rules run only near lines holding their required literals (off: over the whole file). */
  prefilter: true,
  /**
   * A line whose non-ASCII characters are NFKD-stable starters is only folded, and the spaced-letters,
   * split-concatenation and in-word emphasis / tag replaces run only on a text with a candidate
   * (off: the full normalisation pipeline).
   */
  normalizeFastPath: true,
  /** Snippet masking skips a secret regex whose required literals the snippet lacks (off: every regex runs). */
  maskGates: true,
};
