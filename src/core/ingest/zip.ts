import type { Buffer } from 'node:buffer';
import { crc32, inflateRawSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { DomainError } from '../errors';
import type { IngestLimits } from './ingest.types';
import { assertUniquePaths, isJunkPath, normaliseEntryPath, stripCommonRoot } from './paths';

/**
 * The compression-ratio limit only applies to entries that inflate to more than this many bytes.
 * Small, highly repetitive files (padding, generated tables, a 10 KiB run of spaces) easily exceed
 * 100:1 and are harmless; bombs are about volume, which the per-entry and total caps bound anyway.
 */
export const RATIO_FLOOR_BYTES = 64 * 1024;

const EOCD_SIG = 0x06054b50;
const EOCD_SIZE = 22;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const STORED = 0;
const DEFLATED = 8;

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

/** Offset of the end-of-central-directory record, or -1. Scans only the last 64 KiB + 22 bytes. */
export function findEocd(buf: Buffer): number {
  const last = buf.length - EOCD_SIZE;
  const stop = Math.max(0, last - 0xffff);
  for (let i = last; i >= stop; i--) {
    if (buf[i] === 0x50 && buf.readUInt32LE(i) === EOCD_SIG) return i;
  }
  return -1;
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

function openZip(buf: Buffer, limits: IngestLimits): AdmZip.IZipEntry[] {
  const eocd = findEocd(buf);
  if (eocd < 0) throw new DomainError('ingest.notZip');
  // Entry counts from the EOCD (0xFFFF means ZIP64: counted again after parsing).
  const diskEntries = buf.readUInt16LE(eocd + 8);
  const totalEntries = buf.readUInt16LE(eocd + 10);
  const declared = Math.max(diskEntries, totalEntries);
  if (declared !== 0xffff && declared > limits.maxEntries) {
    throw new DomainError('ingest.tooManyEntries', { limit: limits.maxEntries });
  }
  let entries: AdmZip.IZipEntry[];
  try {
    const zip = new AdmZip(buf, { readEntries: false });
    if (zip.getEntryCount() > limits.maxEntries) {
      throw new DomainError('ingest.tooManyEntries', { limit: limits.maxEntries });
    }
    entries = zip.getEntries();
  } catch (e) {
    if (e instanceof DomainError) throw e;
    if (isAdmZipError(e, 'Duplicate entry name')) throw new DomainError('ingest.duplicatePath');
    throw new DomainError('ingest.notZip');
  }
  if (entries.length > limits.maxEntries) {
    throw new DomainError('ingest.tooManyEntries', { limit: limits.maxEntries });
  }
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
 * never trusted). Steps: EOCD + adm-zip parse (`ingest.notZip`); entry count before anything is
 * inflated (`ingest.tooManyEntries`, all entries incl. directories and junk); every name is
 * normalised and checked (paths.ts), symlinks rejected; directories and OS junk skipped; a single
 * common root folder stripped; duplicates rejected; then each file is copied (stored) or inflated
 * (deflate) with `maxOutputLength` = the tightest of the per-entry, remaining-total and
 * compression-ratio budgets, and its CRC-32 verified.
 */
export function readZip(buf: Buffer, limits: IngestLimits): ZipFileEntry[] {
  const entries = openZip(buf, limits);

  const candidates: Candidate[] = [];
  for (const entry of entries) {
    const { path, isDirectory } = normaliseEntryPath(entryName(entry));
    if (((entry.header.attr >>> 16) & S_IFMT) === S_IFLNK) {
      throw new DomainError('ingest.symlink', { path });
    }
    if (isDirectory || entry.isDirectory || isJunkPath(path)) continue;
    candidates.push({ entry, path });
  }
  if (candidates.length === 0) throw new DomainError('ingest.emptyZip');

  const paths = stripCommonRoot(candidates.map((c) => c.path));
  assertUniquePaths(paths);

  const files: ZipFileEntry[] = [];
  let total = 0;
  for (let i = 0; i < candidates.length; i++) {
    const path = paths[i];
    const data = extractEntry(candidates[i].entry, path, limits, limits.maxTotalBytes - total);
    total += data.length;
    files.push({ path, data });
  }
  return files;
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
  const overLimit = () => new DomainError(code, { path, limit });

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
