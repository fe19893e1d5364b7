import { Buffer } from 'node:buffer';
import { DomainError } from '../errors';

/** Path used for a text paste and for a single-file upload without a usable filename. */
export const DEFAULT_SKILL_PATH = 'SKILL.md';

// C0 controls (incl. NUL, tab, CR, LF), DEL and C1 controls.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const DRIVE = /^[A-Za-z]:/;

export interface NormalisedPath {
  /** POSIX path relative to the archive root, without a trailing slash ('' for a root dir entry). */
  path: string;
  /** The raw name ended with `/` (or `\`). */
  isDirectory: boolean;
}

/**
 * Normalises one ZIP entry name (or a filename basename) and rejects unsafe names.
 *
 * Order: control characters (→ `ingest.invalidPath`); backslashes become `/`; NFC; absolute
 * (`/x`, `//server/share`, i.e. `\\server\share`) or drive (`C:`, `C:\x`, `c:x`) paths
 * (→ `ingest.absolutePath`); leading `./` prefixes are stripped; a single trailing `/` marks a
 * directory; any `..` segment (→ `ingest.pathTraversal`); any empty or `.` segment
 * (→ `ingest.invalidPath`).
 */
export function normaliseEntryPath(name: string): NormalisedPath {
  if (CONTROL.test(name)) throw new DomainError('ingest.invalidPath');
  let p = name.replace(/\\/g, '/').normalize('NFC');
  if (p.startsWith('/') || DRIVE.test(p)) throw new DomainError('ingest.absolutePath');
  const isDirectory = p.endsWith('/');
  while (p.startsWith('./')) p = p.slice(2);
  if (isDirectory && p !== '') p = p.slice(0, -1);
  if (p === '') {
    if (isDirectory) return { path: '', isDirectory }; // `./` — the root itself
    throw new DomainError('ingest.invalidPath');
  }
  const segments = p.split('/');
  if (segments.includes('..')) throw new DomainError('ingest.pathTraversal');
  if (segments.some((s) => s === '' || s === '.')) throw new DomainError('ingest.invalidPath');
  return { path: p, isDirectory };
}

/**
 * The path of a single uploaded file: the sanitised basename of `filename` (directories are
 * dropped, `C:\Users\me\skill.md` → `skill.md`). Missing, non-string or blank → `SKILL.md`.
 * The basename then goes through {@link normaliseEntryPath} (so `..` → `ingest.pathTraversal`,
 * `dir/` → `ingest.invalidPath`, `C:x` → `ingest.absolutePath`).
 */
export function sanitiseFilename(filename: unknown): string {
  if (typeof filename !== 'string' || filename.trim() === '') return DEFAULT_SKILL_PATH;
  if (CONTROL.test(filename)) throw new DomainError('ingest.invalidPath');
  const p = filename.replace(/\\/g, '/').normalize('NFC');
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (base === '') throw new DomainError('ingest.invalidPath');
  const { path, isDirectory } = normaliseEntryPath(base);
  if (isDirectory || path === '') throw new DomainError('ingest.invalidPath');
  return path;
}

/**
 * Paths where macOS leaves junk: anything under a top-level `__MACOSX/` folder (resource forks)
 * and every `.DS_Store` file. Whether such a file is skipped is decided by {@link isOsJunk}.
 */
export function isJunkPath(path: string): boolean {
  if (path === '__MACOSX' || path.startsWith('__MACOSX/')) return true;
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base === '.DS_Store';
}

const APPLE_DOUBLE_MAGIC = Buffer.from([0x00, 0x05, 0x16, 0x07]);
const DS_STORE_MAGIC = Buffer.from([0x00, 0x00, 0x00, 0x01, 0x42, 0x75, 0x64, 0x31]); // \0\0\0\1Bud1

/**
 * OS junk that is skipped (not scanned, not fingerprinted): a junk path ({@link isJunkPath}) whose
 * content is what macOS writes there — an AppleDouble file (`__MACOSX/…`) or a `.DS_Store`
 * "Bud1" store. Anything else under such a name is an ordinary file: every extractor unpacks it,
 * so the scanner must see it (a `__MACOSX/run.sh` is scanned).
 */
export function isOsJunk(path: string, data: Buffer): boolean {
  if (!isJunkPath(path)) return false;
  const base = path.slice(path.lastIndexOf('/') + 1);
  const magic = base === '.DS_Store' ? DS_STORE_MAGIC : APPLE_DOUBLE_MAGIC;
  return data.length >= magic.length && data.subarray(0, magic.length).equals(magic);
}

/**
 * If every path sits under one common top-level folder (`my-skill/SKILL.md`,
 * `my-skill/scripts/x.py`), returns the paths with that folder removed; otherwise returns them
 * unchanged. Exactly one level is stripped. Makes "zip the folder" and "zip its contents" yield
 * the same paths and hence the same fingerprint.
 */
export function stripCommonRoot(paths: readonly string[]): string[] {
  if (paths.length === 0) return [];
  const first = paths[0];
  const slash = first.indexOf('/');
  if (slash <= 0) return [...paths];
  const prefix = first.slice(0, slash + 1);
  if (!paths.every((p) => p.startsWith(prefix) && p.length > prefix.length)) return [...paths];
  return paths.map((p) => p.slice(prefix.length));
}

/**
 * Throws `ingest.duplicatePath` when two paths are equal (case-sensitive, after normalisation) or
 * when a file path is also used as a folder of another file (`a` and `a/b`), which no file system
 * can represent. Paths differing only in case are allowed (distinct on POSIX; both are scanned).
 */
export function assertUniquePaths(paths: readonly string[]): void {
  const files = new Set<string>();
  const dirs = new Set<string>();
  for (const p of paths) {
    if (files.has(p)) throw new DomainError('ingest.duplicatePath', { path: p });
    files.add(p);
  }
  for (const p of paths) {
    let i = p.indexOf('/');
    while (i !== -1) {
      const dir = p.slice(0, i);
      if (files.has(dir)) throw new DomainError('ingest.duplicatePath', { path: dir });
      dirs.add(dir);
      i = p.indexOf('/', i + 1);
    }
  }
}
