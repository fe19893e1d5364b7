import { rx } from '../regex-registry';
import { ENGINE_SWITCHES } from '../switches';
import { KeywordAutomaton } from './keyword-automaton';
import { requiredLiterals } from './required-literals';

export const SNIPPET_MAX = 200;

const SECRET_SHAPES: RegExp[] = [
  rx('mask:aws-key', '\\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\\b', 'g'),
  rx('mask:github', '\\b(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{20,255})', 'g'),
  rx('mask:sk-keys', '\\bsk-(?:ant-|proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,255}', 'g'),
  rx('mask:slack', '\\bxox[abposr]-[A-Za-z0-9-]{10,255}', 'g'),
  rx('mask:stripe', '\\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,255}', 'g'),
  rx('mask:google', '\\bAIza[0-9A-Za-z_-]{35}', 'g'),
  rx('mask:hf', '\\bhf_[A-Za-z0-9]{30,255}', 'g'),
  rx('mask:gitlab-npm', '\\b(?:glpat-[A-Za-z0-9_-]{20,255}|npm_[A-Za-z0-9]{36}|SG\\.[A-Za-z0-9_-]{16,64}\\.[A-Za-z0-9_-]{16,64})', 'g'),
  rx('mask:jwt', '\\beyJ[A-Za-z0-9_-]{8,2000}\\.eyJ[A-Za-z0-9_-]{8,4000}\\.[A-Za-z0-9_-]{8,2000}', 'g'),
  rx('mask:telegram', '\\b\\d{8,10}:AA[A-Za-z0-9_-]{33}\\b', 'g'),
];
const AWS_SECRET = rx('mask:aws-secret', '((?:secret_access_key|secretaccesskey|aws_secret)[\'"]?\\s{0,3}[=:]\\s{0,3}[\'"]?)([A-Za-z0-9/+]{40})', 'gi');
// The password of a URL's userinfo (scheme://user:PASSWORD@host).
const URL_PASSWORD = rx('mask:url-password', '(://[^\\s:/@]{1,64}:)([^\\s@/]{1,128})(@)', 'g');
// Values assigned to secret-named keys.
const ASSIGNED_SECRET = rx(
  'mask:assigned-secret',
  '((?:password|passwd|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|client[_-]?secret|auth)[A-Za-z_-]{0,20}[\'"]?\\s{0,3}[=:]\\s{0,3}[\'"])([^\'"\\s]{6,200})([\'"])',
  'gi',
);
// A labelled value in backticks (markdown): "**API Secret (Consumer Secret)**: `…`".
const LABELLED_SECRET = rx(
  'mask:labelled-secret',
  '((?:password|secret|token|api[ _-]?key|private[ _-]?key|consumer[ _-]?key)[^\\n`:=]{0,40}?[:=][ \\t*]{0,6}`)([^`\\s]{6,200})(`)',
  'gi',
);
const CONTROL = rx('snippet:control', '[\\x00-\\x08\\x0B-\\x1F\\x7F]', 'g');
const INVISIBLE_SHOW = rx(
  'snippet:invisible',
  '[\\u00AD\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF]|\\uDB40[\\uDC00-\\uDDEF]',
  'g',
);

/** Keeps the first and last 4 characters, stars in between (short values: all but 2). */
export function maskValue(v: string): string {
  if (v.length <= 12) return v.slice(0, 2) + '*'.repeat(Math.max(0, v.length - 2));
  return v.slice(0, 4) + '*'.repeat(v.length - 8) + v.slice(-4);
}

/**
 * Required literals of each masking regex (SECRET_SHAPES…, AWS_SECRET, URL_PASSWORD,
 * ASSIGNED_SECRET, LABELLED_SECRET): a regex none of whose literals of one set occurs in the text cannot match, so
 * its replace is skipped. Masking only turns characters into `*`, which no literal contains, so
 * the check on the input holds for every step.
 */
const MASK_GATES: string[][][] = [...SECRET_SHAPES, AWS_SECRET, URL_PASSWORD, ASSIGNED_SECRET, LABELLED_SECRET].map((re) => requiredLiterals(re, 2, 3));
/**
 * All gate literals in one automaton: one pass over the text tells which occur, ASCII case
 * folded. The literals are ASCII and a non-unicode regex never matches a non-ASCII character for
 * an ASCII one (not even with the i flag), so a regex whose gate is closed cannot match.
 */
const MASK_LITERALS: string[] = [...new Set(MASK_GATES.flat(2))];
const MASK_AUTOMATON = new KeywordAutomaton(MASK_LITERALS);
/** The gates as literal indexes into MASK_LITERALS. */
const MASK_GATE_IDS: number[][][] = MASK_GATES.map((gate) => gate.map((set) => set.map((lit) => MASK_LITERALS.indexOf(lit))));
const maskPresent = new Uint8Array(MASK_LITERALS.length);

function mayMatch(gate: readonly (readonly number[])[], present: Uint8Array): boolean {
  if (!ENGINE_SWITCHES.maskGates) return true;
  for (let g = 0; g < gate.length; g++) {
    const set = gate[g];
    let found = false;
    for (let k = 0; k < set.length && !found; k++) found = present[set[k]] === 1;
    if (!found) return false;
  }
  return true;
}

export function maskSecrets(s: string): string {
  let out = s;
  maskPresent.fill(0);
  MASK_AUTOMATON.markPresent(s, maskPresent);
  for (let i = 0; i < SECRET_SHAPES.length; i++) {
    if (!mayMatch(MASK_GATE_IDS[i], maskPresent)) continue;
    const re = SECRET_SHAPES[i];
    re.lastIndex = 0;
    out = out.replace(re, (m) => maskValue(m));
  }
  const k = SECRET_SHAPES.length;
  if (mayMatch(MASK_GATE_IDS[k], maskPresent)) out = out.replace(AWS_SECRET, (_m, a: string, v: string) => a + maskValue(v));
  if (mayMatch(MASK_GATE_IDS[k + 1], maskPresent)) {
    out = out.replace(URL_PASSWORD, (_m, a: string, pw: string, b: string) =>
      pw.startsWith('$') || pw.startsWith('<') || pw.startsWith('{') ? a + pw + b : a + maskValue(pw) + b,
    );
  }
  if (mayMatch(MASK_GATE_IDS[k + 2], maskPresent)) out = out.replace(ASSIGNED_SECRET, (_m, a: string, v: string, b: string) => a + maskValue(v) + b);
  if (mayMatch(MASK_GATE_IDS[k + 3], maskPresent)) out = out.replace(LABELLED_SECRET, (_m, a: string, v: string, b: string) => a + maskValue(v) + b);
  return out;
}

function showInvisible(s: string): string {
  return s.replace(INVISIBLE_SHOW, (ch) => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`);
}

/** Whether `s` has only printable ASCII, tabs and line feeds (nothing for showInvisible or CONTROL to change). */
function plainPrintable(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 32 || c > 126) && c !== 9 && c !== 10) return false;
  }
  return true;
}

/**
 * The snippet of a finding: the trimmed raw line (or a window of at most SNIPPET_MAX characters
 * around the match for long lines), invisible characters made visible, secrets masked.
 */
export function makeSnippet(rawLine: string, normLine: string, matchStart: number): string {
  let s = (rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine).trim();
  if (s.length > SNIPPET_MAX) {
    const src = rawLine === normLine ? rawLine : normLine;
    const from = Math.max(0, Math.min(matchStart - 60, src.length - SNIPPET_MAX));
    s = src.slice(from, from + SNIPPET_MAX).trim();
    if (from > 0) s = '…' + s;
    if (from + SNIPPET_MAX < src.length) s += '…';
  }
  if (!plainPrintable(s)) s = showInvisible(s).replace(CONTROL, ' ');
  if (s.length > SNIPPET_MAX + 80) s = s.slice(0, SNIPPET_MAX + 80) + '…';
  return maskSecrets(s);
}
