import type { Severity } from './engine.types';

const ORDER: readonly Severity[] = ['info', 'low', 'medium', 'high', 'critical'];

export function sevRank(s: Severity): number {
  return ORDER.indexOf(s);
}

export function shiftSeverity(s: Severity, delta: number): Severity {
  const r = Math.max(0, Math.min(4, sevRank(s) + delta));
  return ORDER[r];
}

export function maxSeverity(a: Severity | null, b: Severity): Severity {
  if (a === null) return b;
  return sevRank(a) >= sevRank(b) ? a : b;
}
