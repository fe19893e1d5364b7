import type { FileFacts, Hit } from '../rule-types';
import { makeSnippet } from '../text/snippet';

export function fileHit(ruleId: string, f: FileFacts, line0: number, col = 0, fixed?: Hit['fixed']): Hit {
  return { ruleId, delta: 0, fixed, file: f.path, line: line0 + 1, snippet: makeSnippet(f.rawLines[line0] ?? '', f.normLines[line0] ?? '', col) };
}

/** Scripts, and resources written in a scripting language: the code a skill runs or ships to be run. */
export function isCodeText(f: FileFacts): boolean {
  return f.kind === 'script' || (f.kind === 'resource' && (f.lang === 'python' || f.lang === 'javascript' || f.lang === 'shell'));
}
