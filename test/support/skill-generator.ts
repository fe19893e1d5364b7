/**
 * The one generator of synthetic skills for the lineage specs, the lineage e2e and the
 * benchmarks (deterministic: every function takes a seed).
 *
 * - {@link makeSkill} / {@link editSkill}: realistic skills (SKILL.md with frontmatter, headings,
 *   lists and fenced examples; a Python and a shell script) and new versions of them.
 * - {@link catalogueSkill}: a skill of a *boilerplate catalogue*: about 35 % carry the same
 *   60-line LICENSE.txt and 30 % one of five shared helper scripts (byte-identical files across
 *   unrelated skills, as real catalogues copy them).
 * - {@link smallCatalogue}: small random families for the brute-force property tests, optionally
 *   with the same kind of boilerplate (shared files across families).
 */
import { createHash } from 'node:crypto';
import type { FileSide } from '../../src/core/lineage';
import { rng } from './rng';

/** path → lines (null lines: a binary file, identified by `tag`). */
export type Skill = Map<string, string[]>;

const WORDS = (
  'the a an to of and or for with from into onto over under when while if then else read write parse load save send fetch ' +
  'file files folder path directory config settings option options user users request response token tokens key keys value ' +
  'values list table row rows column columns report summary chart image images page pages text markdown json yaml csv pdf ' +
  'email message messages channel team project projects task tasks issue issues branch commit review test tests build ' +
  'deploy server client api endpoint query result results error errors warning log logs output input format convert ' +
  'extract merge split sort filter group count compute check validate create update delete rename move copy archive zip ' +
  'invoice customer order orders product products price stock calendar event events meeting notes draft template slides ' +
  'spreadsheet document documents section sections heading headings link links reference guide step steps example examples'
).split(' ');

export interface Gen {
  r: () => number;
  pick<T>(xs: readonly T[]): T;
  sentence(min: number, max: number): string;
}

export function gen(seed: number): Gen {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  return {
    r,
    pick,
    sentence(min, max) {
      const n = min + Math.floor(r() * (max - min + 1));
      const w: string[] = [];
      for (let i = 0; i < n; i++) w.push(pick(WORDS));
      w[0] = w[0][0].toUpperCase() + w[0].slice(1);
      return w.join(' ') + (r() < 0.5 ? ` ${Math.floor(r() * 10_000)}.` : '.');
    },
  };
}

const HEADINGS = ['## Usage', '## Examples', '## Instructions', '## Requirements', '## Notes', '## Overview', '## Output format', '## Limitations'];

/** A skill of roughly `kb` KB: SKILL.md plus scripts/run.py and scripts/run.sh. */
export function makeSkill(seed: number, kb: number): Skill {
  const g = gen(seed);
  const slug = `skill-${seed.toString(36)}`;
  const md: string[] = ['---', `name: ${slug}`, `description: ${g.sentence(8, 16)}`, '---', '', `# ${g.sentence(2, 5).replace(/\.$/, '')}`, ''];
  const targetLines = Math.round((kb * 1024 * 0.55) / 42);
  const headings = [...HEADINGS];
  while (md.length < targetLines) {
    // Section headings: a few of the usual ones (each once), the rest specific to the skill.
    const common = headings.length > 0 && g.r() < 0.3;
    md.push(common ? headings.splice(Math.floor(g.r() * headings.length), 1)[0] : `## ${g.sentence(2, 4).replace(/\.$/, '')}`, '');
    const kind = g.r();
    if (kind < 0.4) {
      for (let i = 0, n = 2 + Math.floor(g.r() * 4); i < n; i++) md.push(g.sentence(8, 18));
    } else if (kind < 0.75) {
      for (let i = 0, n = 3 + Math.floor(g.r() * 5); i < n; i++) md.push(`- ${g.sentence(4, 12)}`);
    } else {
      md.push(g.r() < 0.5 ? '```bash' : '```python');
      for (let i = 0, n = 2 + Math.floor(g.r() * 4); i < n; i++) md.push(`${g.pick(['python3 scripts/run.py', 'bash scripts/run.sh', 'cat'])} --${g.pick(WORDS)} ${g.pick(WORDS)}-${Math.floor(g.r() * 1000)}`);
      md.push('```');
    }
    md.push('');
  }
  const skill: Skill = new Map([['SKILL.md', md]]);
  const scriptLines = Math.round((kb * 1024 * 0.45) / 36);
  const py: string[] = ['#!/usr/bin/env python3', `"""${g.sentence(5, 10)}"""`, 'import os', 'import sys', 'import json', ''];
  while (py.length < scriptLines * 0.6) {
    py.push('', `def ${g.pick(WORDS)}_${g.pick(WORDS)}_${Math.floor(g.r() * 1000)}(${g.pick(['path', 'data', 'config', 'items'])}):`);
    let last = '';
    for (let i = 0, n = 3 + Math.floor(g.r() * 6); i < n; i++) {
      last = `${g.pick(WORDS)}_${Math.floor(g.r() * 100)}`;
      py.push(`    ${last} = ${g.pick(WORDS)}(${g.pick(WORDS)}, ${Math.floor(g.r() * 100)})`);
    }
    py.push(`    return ${last}`);
  }
  py.push('', '', 'def main():', `    ${g.pick(WORDS)}(sys.argv[1:])`, '', '', "if __name__ == '__main__':", '    main()');
  skill.set('scripts/run.py', py);
  const sh: string[] = ['#!/usr/bin/env bash', 'set -euo pipefail', ''];
  while (sh.length < scriptLines * 0.4) {
    const kind = g.r();
    if (kind < 0.3) sh.push(`if [ -f "${g.pick(WORDS)}-${Math.floor(g.r() * 100)}.txt" ]; then`, `  echo "${g.sentence(3, 8)}"`, 'fi');
    else if (kind < 0.6) sh.push(`${g.pick(WORDS).toUpperCase()}_${Math.floor(g.r() * 100)}="\${${g.pick(WORDS).toUpperCase()}:-${g.pick(WORDS)}}"`);
    else sh.push(`${g.pick(['curl -sS', 'jq -r', 'grep -n', 'sed -n', 'python3'])} "${g.pick(WORDS)}-${Math.floor(g.r() * 1000)}" | ${g.pick(['head -n 20', 'sort -u', 'wc -l', 'tee out.txt'])}`);
    if (g.r() < 0.3) sh.push('');
  }
  sh.push('exit 0');
  skill.set('scripts/run.sh', sh);
  return skill;
}

/** A new version: a few scattered line changes, insertions and deletions (shared boilerplate files stay as they are). */
export function editSkill(skill: Skill, seed: number, edits = 1 + (seed % 4)): Skill {
  const g = gen(seed);
  const out: Skill = new Map([...skill].map(([p, l]) => [p, [...l]]));
  const paths = [...out.keys()].filter((p) => !BOILERPLATE_PATHS.has(p));
  for (let e = 0; e < edits; e++) {
    const lines = out.get(g.pick(paths)) as string[];
    const k = 1 + Math.floor(g.r() * (lines.length - 1));
    const op = g.r();
    if (op < 0.5) lines[k] = g.sentence(6, 14);
    else if (op < 0.8) lines.splice(k, 0, g.sentence(6, 14));
    else if (lines.length > 5) lines.splice(k, 1);
  }
  return out;
}

// ---- boilerplate ------------------------------------------------------------------------------

/** The shared 60-line LICENSE.txt (MIT-style text, padded with its usual blank lines). */
export const LICENSE_LINES: readonly string[] = (() => {
  const g = gen(60_060);
  const lines = ['MIT License', '', 'Copyright (c) 2024 The Skill Authors', ''];
  while (lines.length < 60) lines.push(g.r() < 0.2 ? '' : g.sentence(8, 14));
  return lines;
})();

/** Five helper scripts, each copied byte for byte into many unrelated skills. */
export const HELPER_SCRIPTS: ReadonlyArray<{ path: string; lines: readonly string[] }> = ['log', 'retry', 'http', 'paths', 'config'].map((name, k) => {
  const g = gen(70_000 + k);
  const lines = ['#!/usr/bin/env bash', `# shared ${name} helpers`, 'set -euo pipefail', ''];
  for (let f = 0; f < 6; f++) {
    lines.push(`${name}_${g.pick(WORDS)}_${f}() {`);
    for (let i = 0, n = 2 + Math.floor(g.r() * 4); i < n; i++) lines.push(`  ${g.pick(['local', 'echo', 'printf', 'return', 'test'])} "${g.pick(WORDS)}-${Math.floor(g.r() * 100)}"`);
    lines.push('}', '');
  }
  return { path: `scripts/lib/${name}.sh`, lines };
});

const BOILERPLATE_PATHS = new Set(['LICENSE.txt', ...HELPER_SCRIPTS.map((h) => h.path)]);

export interface CatalogueOptions {
  /** Share of skills with the LICENSE.txt (default 0.35). */
  license?: number;
  /** Share of skills with one of the helper scripts (default 0.30). */
  helper?: number;
}

/** A skill of the boilerplate catalogue: {@link makeSkill} plus, by chance, LICENSE.txt and one helper script. */
export function catalogueSkill(seed: number, kb: number, options: CatalogueOptions = {}): Skill {
  const skill = makeSkill(seed, kb);
  const g = gen(seed ^ 0x5bd1e995);
  if (g.r() < (options.license ?? 0.35)) skill.set('LICENSE.txt', [...LICENSE_LINES]);
  if (g.r() < (options.helper ?? 0.3)) {
    const helper = g.pick(HELPER_SCRIPTS);
    skill.set(helper.path, [...helper.lines]);
  }
  return skill;
}

/** Whether a skill carries one of the shared boilerplate files. */
export const hasBoilerplate = (skill: Skill): boolean => [...skill.keys()].some((p) => BOILERPLATE_PATHS.has(p));

// ---- files ------------------------------------------------------------------------------------

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Lines joined with `\n` and a final newline (none for an empty file). */
export const joinLines = (lines: readonly string[]): string => (lines.length === 0 ? '' : lines.join('\n') + '\n');

export const textFile = (path: string, content: string): FileSide => ({ path, hash: sha256(content), size: Buffer.byteLength(content), content });
export const binaryFile = (path: string, tag: string): FileSide => ({ path, hash: sha256('bin:' + tag), size: tag.length, content: null });

export const toFiles = (skill: Skill): FileSide[] => [...skill].map(([path, lines]) => textFile(path, joinLines(lines)));

// ---- small random catalogues for property tests ----------------------------------------------

interface SmallFile {
  lines: string[] | null;
  tag: string;
  crlf: boolean;
}

export interface SmallCatalogueOptions {
  /** Mixed into every non-boilerplate line (keeps e2e runs sharing a database apart). */
  salt?: string;
  /**
   * Shared files across families: a few fixed files (a license, helpers — one of them empty of
   * meaning but not of bytes) copied verbatim into about half the skills, and near-copies of them.
   */
  boilerplate?: boolean;
  /** With `boilerplate`: chance that a skill carries each shared file verbatim (default 0.35). */
  shareRate?: number;
}

/**
 * `count` small scans: several interleaved families (new versions with a few edits, renames,
 * deletions, identical re-submissions) with lines shared by many skills, trivial lines, binary
 * and empty files, and — with `boilerplate` — byte-identical files shared across families.
 */
export function smallCatalogue(seed: number, count: number, options: SmallCatalogueOptions = {}): FileSide[][] {
  const r = rng(seed);
  const salt = options.salt ?? '';
  const shareRate = options.shareRate ?? 0.35;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const trivial = ['', '---', '```', '}', '  ', 'fi'];
  const common = ['# Title', 'import os', 'run the tool', '## Usage', 'x = 1'];
  const line = () => {
    const x = r();
    if (x < 0.35) return pick(trivial);
    if (x < 0.55) return pick(common) + salt;
    return `line ${Math.floor(r() * 30)}${salt}`;
  };
  const paths = ['SKILL.md', 'a.py', 'b.sh', 'lib/c.py', 'data.bin', 'd.md', 'empty.txt'];
  const shared: Array<[string, SmallFile]> = [
    ['LICENSE', { lines: ['MIT', '', `Copyright ${salt}`, 'permission is granted', '', 'as is'], tag: '', crlf: false }],
    ['lib/h.sh', { lines: ['#!/bin/sh', `helper one${salt}`, 'fi'], tag: '', crlf: false }],
    ['lib/k.sh', { lines: [`helper two${salt}`, '', `helper two end${salt}`], tag: '', crlf: false }],
    ['a.py', { lines: ['import os' + salt, `shared a${salt}`], tag: '', crlf: false }],
    ['logo.bin', { lines: null, tag: `logo${salt}`, crlf: false }],
  ];
  const copy = (f: SmallFile): SmallFile => ({ ...f, lines: f.lines && [...f.lines] });
  const withBoilerplate = (s: Map<string, SmallFile>) => {
    if (!options.boilerplate) return;
    for (const [path, f] of shared) {
      const x = r();
      if (x < shareRate) s.set(path, copy(f));
      else if (x < shareRate + 0.07 && f.lines) {
        // A near-copy: the shared file with one line changed.
        const c = copy(f);
        (c.lines as string[])[Math.floor(r() * (c.lines as string[]).length)] = line();
        s.set(path, c);
      }
    }
  };
  const fresh = (): Map<string, SmallFile> => {
    const s = new Map<string, SmallFile>();
    const n = (options.boilerplate ? 0 : 1) + Math.floor(r() * 4);
    for (let i = 0; i < n; i++) {
      const p = pick(paths);
      if (p === 'data.bin') s.set(p, { lines: null, tag: String(Math.floor(r() * 3)) + salt, crlf: false });
      else if (p === 'empty.txt') s.set(p, { lines: [], tag: '', crlf: false });
      else s.set(p, { lines: Array.from({ length: Math.floor(r() * 14) }, line), tag: '', crlf: r() < 0.1 });
    }
    withBoilerplate(s);
    if (s.size === 0) s.set('SKILL.md', { lines: [line()], tag: '', crlf: false });
    return s;
  };
  const edit = (base: Map<string, SmallFile>): Map<string, SmallFile> => {
    const s = new Map([...base].map(([p, f]) => [p, copy(f)]));
    const edits = Math.floor(r() * 4);
    for (let e = 0; e < edits; e++) {
      const op = r();
      const keys = [...s.keys()];
      if (op < 0.1 && keys.length > 0) s.delete(pick(keys));
      else if (op < 0.2) s.set(pick(paths), { lines: Array.from({ length: Math.floor(r() * 6) }, line), tag: '', crlf: false });
      else if (op < 0.3 && keys.length > 0) {
        const from = pick(keys);
        const f = s.get(from) as SmallFile;
        s.delete(from);
        s.set(pick(paths), f);
      } else if (keys.length > 0) {
        const f = s.get(pick(keys)) as SmallFile;
        if (f.lines === null) f.tag = String(Math.floor(r() * 3)) + salt;
        else if (f.lines.length === 0 || r() < 0.4) f.lines.splice(Math.floor(r() * (f.lines.length + 1)), 0, line());
        else if (r() < 0.5) f.lines[Math.floor(r() * f.lines.length)] = line();
        else f.lines.splice(Math.floor(r() * f.lines.length), 1);
      }
    }
    return s;
  };
  const toSides = (s: Map<string, SmallFile>): FileSide[] =>
    [...s].map(([path, f]) =>
      f.lines === null ? binaryFile(path, f.tag) : textFile(path, f.lines.join(f.crlf ? '\r\n' : '\n') + (f.lines.length ? '\n' : '')),
    );
  const heads: Array<Map<string, SmallFile>> = [];
  const out: FileSide[][] = [];
  for (let i = 0; i < count; i++) {
    let skill: Map<string, SmallFile>;
    if (heads.length === 0 || r() < 0.25) {
      skill = fresh();
      heads.push(skill);
    } else {
      const k = Math.floor(r() * heads.length);
      skill = r() < 0.1 ? heads[k] : edit(heads[k]);
      if (r() < 0.8) heads[k] = skill;
    }
    out.push(toSides(skill));
  }
  return out;
}
