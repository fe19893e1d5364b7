/** Match helpers used by the validators of more than one rule category. */
import type { PatternMatchInfo } from '../../rule-types';
import { rx } from '../../regex-registry';

/** The match with up to 300 characters either side (validators stay linear on a very long line). */
export function near(info: PatternMatchInfo): string {
  return info.line.slice(Math.max(0, info.startInLine - 300), info.startInLine + info.match[0].length + 300);
}

/** The lines around a match (same file), `radius` lines each side. */
export function linesAround(info: PatternMatchInfo, radius: number): string {
  const lines = info.file.normLines;
  return lines.slice(Math.max(0, info.lineIndex - radius), info.lineIndex + radius + 1).join('\n');
}

export const PASSED_ON = rx('rce:passed-on', String.raw`^[\s)]{0,6}(?:\||>(?!&\d))`);
