import type { Buffer } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { DomainError, LimitExceeded } from '../errors';
import type { IngestLimits } from './ingest.types';
import { assertUniquePaths, isOsJunk, normaliseEntryPath, stripCommonRoot } from './paths';
import { walkZipStructure } from './zip-structure';

/**
 * The compression-ratio limit only applies to entries that inflate to more than this many bytes.
 * Small, highly repetitive files (padding, generated tables, a 10 KiB run of spaces) easily exceed
 * 100:1 and are harmless; bombs are about volume, which the per-entry and total caps bound anyway.
 */
export const RATIO_FLOOR_BYTES = 64 * 1024;

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const STORED = 0;
const DEFLATED = 8;

export { findEocd } from './zip-structure';

export interface ZipFileEntry {
  /** Normalised path relative to the skill root (common top-level folder stripped). */
  path: string;
  /** Inflated bytes (for stored entries a view into the input buffer). */
  data: Buffer;
}

interface Candidate {
  entry: AdmZip.IZipEntry;
  path: string;
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function entryName(entry: AdmZip.IZipEntry): string {
  try {
    return utf8Strict.decode(entry.rawEntryName);
  } catch {
    // Names must be UTF-8 (legacy CP437 names are not guessed).
    throw new DomainError('ingest.invalidPath');
  }
}

function isAdmZipError(e: unknown, message: string): boolean {
  return e instanceof Error && e.message.startsWith(`ADM-ZIP: ${message}`);
}

/**
 * The structure is walked and cross-checked first (zip-structure.ts: counts, layout, local
 * headers, limits); only then does adm-zip parse the same central directory. Its entries must be
 * exactly the walked records — if the two readers ever disagreed, the archive is ambiguous.
 */
function openZip(buf: Buffer, limits: IngestLimits): AdmZip.IZipEntry[] {
  const records = walkZipStructure(buf, limits.maxEntries);
  let entries: AdmZip.IZipEntry[];
  try {
    entries = new AdmZip(buf, { readEntries: false }).getEntries();
  } catch (e) {
    if (isAdmZipError(e, 'Duplicate entry name')) throw new DomainError('ingest.duplicatePath');
    throw new DomainError('ingest.notZip');
  }
  const agree =
    entries.length === records.length &&
    entries.every((entry, i) => entry.rawEntryName.equals(records[i].rawName) && entry.header.offset === records[i].localOffset);
  if (!agree) throw new DomainError('ingest.ambiguousZip');
  return entries;
}

/** zlib's `maxOutputLength` overflow (RangeError ERR_BUFFER_TOO_LARGE; checked by code/name, not realm). */
function isOutputLimitError(e: unknown): boolean {
  const err = e as { code?: unknown; name?: unknown } | null;
  return e instanceof RangeError || err?.code === 'ERR_BUFFER_TOO_LARGE' || err?.name === 'RangeError';
}

type LimitCode = 'ingest.entryTooLarge' | 'ingest.totalTooLarge' | 'ingest.compressionRatio';

/**
 * Extracts the files of a ZIP with hard limits on the bytes actually produced (header sizes are
 * never trusted). Steps: the structural walk (zip-structure.ts: EOCD, central directory, local
 * headers, layout; entry count against the limit, all entries incl. directories and junk) and
 * the adm-zip parse, before anything is inflated; every name is normalised and checked
 * (paths.ts), symlinks rejected, directories skipped, duplicates rejected; then each file is
 * copied (stored) or inflated (deflate) with `maxOutputLength` = the tightest of the per-entry,
 * remaining-total and compression-ratio budgets, and its CRC-32 verified; genuine macOS junk
 * (`__MACOSX/` AppleDouble files, `.DS_Store` stores) is dropped; a single common root folder is
 * stripped.
 */
export function readZip(buf: Buffer, limits: IngestLimits): ZipFileEntry[] {
  const entries = openZip(buf, limits);

  const candidates: Candidate[] = [];
  for (const entry of entries) {
    const { path, isDirectory } = normaliseEntryPath(entryName(entry));
    if (((entry.header.attr >>> 16) & S_IFMT) === S_IFLNK) {
      throw new DomainError('ingest.symlink', { path });
    }
    if (isDirectory || entry.isDirectory) continue;
    candidates.push({ entry, path });
  }
  if (candidates.length === 0) throw new DomainError('ingest.emptyZip');
  // Duplicates are refused before anything is inflated (junk-looking paths included).
  assertUniquePaths(candidates.map((c) => c.path));

  const kept: ZipFileEntry[] = [];
  let total = 0;
  for (const { entry, path } of candidates) {
    const data = extractEntry(entry, path, limits, limits.maxTotalBytes - total);
    total += data.length;
    if (!isOsJunk(path, data)) kept.push({ path, data });
  }
  if (kept.length === 0) throw new DomainError('ingest.emptyZip');

  const paths = stripCommonRoot(kept.map((f) => f.path));
  return kept.map((f, i) => ({ path: paths[i], data: f.data }));
}

function extractEntry(entry: AdmZip.IZipEntry, path: string, limits: IngestLimits, remaining: number): Buffer {
  const header = entry.header;
  if (header.encrypted) throw new DomainError('ingest.encryptedEntry', { path });
  const method = header.method;
  if (method !== STORED && method !== DEFLATED) {
    throw new DomainError('ingest.unsupportedCompression', { path, method });
  }

  let raw: Buffer;
  try {
    raw = entry.getCompressedData(); // a view of the declared compressed extent, bounds-checked
  } catch {
    throw new DomainError('ingest.corruptEntry', { path });
  }
  const local = header.localHeader;
  if (typeof local.flags === 'number' && (local.flags & 1) !== 0) {
    throw new DomainError('ingest.encryptedEntry', { path });
  }
  if (local.method !== method) throw new DomainError('ingest.corruptEntry', { path });

  const ratioBudget = Math.max(RATIO_FLOOR_BYTES, raw.length * limits.maxCompressionRatio);
  // [byte budget, error code, limit reported in the error params]
  const budgets: Array<[number, LimitCode, number]> = [
    [limits.maxEntryBytes, 'ingest.entryTooLarge', limits.maxEntryBytes],
    [Math.max(0, remaining), 'ingest.totalTooLarge', limits.maxTotalBytes],
  ];
  if (method === DEFLATED) budgets.push([ratioBudget, 'ingest.compressionRatio', limits.maxCompressionRatio]);
  // Tightest budget wins; on ties the order above (entry, total, ratio) names the error.
  let [cap, code, limit] = budgets[0];
  for (const [b, c, l] of budgets) if (b < cap) [cap, code, limit] = [b, c, l];
  const overLimit = () => new LimitExceeded(code, { path, limit });

  let data: Buffer;
  if (method === STORED) {
    data = raw;
    if (data.length > cap) throw overLimit();
  } else {
    try {
      data = inflateRawSync(raw, { maxOutputLength: cap + 1 });
    } catch (e) {
      if (isOutputLimitError(e)) throw overLimit();
      throw new DomainError('ingest.corruptEntry', { path });
    }
    if (data.length > cap) throw overLimit();
  }

  if (typeof crc32 === 'function' && crc32(data) !== header.crc >>> 0) {
    throw new DomainError('ingest.corruptEntry', { path });
  }
  return data;
}
