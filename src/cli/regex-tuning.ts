import { setFlagsFromString } from 'node:v8';

/** Up to this many bytes of skill, compiling the rule regexes costs more than running them. */
export const SMALL_SCAN_BYTES = 512 * 1024;

/**
 * V8's regex flags for a one-off CLI process (process-wide; only main.ts calls this, never the
 * service or a test runner). The engine's ~600 regexes are compiled on first use, and for one
 * skill that compilation is most of the run: without tier-up each is compiled once, to machine
 * code, instead of to bytecode first and again on its second use; for a small skill, skipping the
 * compiler's search optimisations halves the compile time (they pay off only over megabytes —
 * on the 36 MB benign-vendor corpus they double the speed). Flags change speed, never matches.
 */
export function tuneRegexCompilation(bytes: number): void {
  setFlagsFromString('--no-regexp-tier-up');
  if (bytes <= SMALL_SCAN_BYTES) setFlagsFromString('--no-regexp-optimization');
}
