/**
 * A small path glob for suppressions, matched without regular expressions (so a pattern can
 * neither inject regex syntax nor backtrack): `*` any characters except `/`, `?` one character
 * except `/`, `**` any characters including `/`, `**` followed by `/` zero or more whole
 * directories (`**\/x.py` matches `x.py` and `a/b/x.py`). Every other character is literal.
 * Work is O(pattern tokens × path length) with two rows of booleans.
 */
export const MAX_GLOB_LENGTH = 256;

type Token = { kind: 'char'; char: string } | { kind: 'any1' } | { kind: 'star' } | { kind: 'globstar' } | { kind: 'dirs' };

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      while (pattern[i + 1] === '*') i++;
      if (pattern[i + 1] === '/') {
        tokens.push({ kind: 'dirs' });
        i++;
      } else tokens.push({ kind: 'globstar' });
    } else if (c === '*') tokens.push({ kind: 'star' });
    else if (c === '?') tokens.push({ kind: 'any1' });
    else tokens.push({ kind: 'char', char: c });
  }
  return tokens;
}

/** Whether `path` matches the glob `pattern` as a whole. Patterns longer than MAX_GLOB_LENGTH never match. */
export function matchesGlob(pattern: string, path: string): boolean {
  if (pattern.length > MAX_GLOB_LENGTH) return false;
  const tokens = tokenize(pattern);
  const n = path.length;
  // prev[j]: the tokens so far match path[0, j).
  let prev = new Uint8Array(n + 1);
  let next = new Uint8Array(n + 1);
  prev[0] = 1;
  for (const token of tokens) {
    next.fill(0);
    let anyBefore = 0; // some prev[k] with k ≤ j - 1 (for `**/`)
    for (let j = 0; j <= n; j++) {
      const c = j > 0 ? path[j - 1] : '';
      let ok = 0;
      switch (token.kind) {
        case 'char':
          ok = j > 0 && prev[j - 1] && c === token.char ? 1 : 0;
          break;
        case 'any1':
          ok = j > 0 && prev[j - 1] && c !== '/' ? 1 : 0;
          break;
        case 'star':
          ok = prev[j] || (j > 0 && next[j - 1] && c !== '/') ? 1 : 0;
          break;
        case 'globstar':
          ok = prev[j] || (j > 0 && next[j - 1]) ? 1 : 0;
          break;
        case 'dirs':
          ok = prev[j] || (j > 0 && anyBefore && c === '/') ? 1 : 0;
          break;
      }
      next[j] = ok;
      if (prev[j]) anyBefore = 1;
    }
    [prev, next] = [next, prev];
  }
  return prev[n] === 1;
}
