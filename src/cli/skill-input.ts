import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import AdmZip from 'adm-zip';
import { DomainError } from '../core/errors';
import type { IngestInput, IngestLimits } from '../core/ingest/ingest.types';
import { RATIO_FLOOR_BYTES } from '../core/ingest/zip';

/** A PATH of `skill-audit scan` as the body of POST /api/scans (and the input of local ingestion). */
export interface CliScanInput extends IngestInput {
  source: 'zip' | 'file';
  contentBase64: string;
  filename: string;
  /** Bytes read: the folder's files (uncompressed) or the file as given (a `.zip` compressed). */
  bytes: number;
}

/** Thrown for a PATH that cannot be read as a skill; `message` is one line for stderr. */
export class InputError extends Error {}

/**
 * PATH → scan input: a folder is zipped in memory (every regular file below it, paths relative to
 * it), a `.zip` is sent as is, any other file (e.g. a single `.md`) as source `file`. Folders are
 * held to the server's ZIP limits while they are read (entry count, bytes per file, bytes in
 * total), so an oversized folder stops early instead of being read whole; symbolic links are
 * refused like the server refuses them in archives.
 */
export function scanInputOf(path: string, limits: IngestLimits): CliScanInput {
  const absolute = resolve(path);
  let stat;
  try {
    stat = statSync(absolute);
  } catch {
    throw new InputError(`cannot read ${path}`);
  }
  if (stat.isDirectory()) {
    const zipped = zipFolder(absolute, limits);
    return { source: 'zip', contentBase64: zipped.zip.toString('base64'), filename: `${basename(absolute)}.zip`, bytes: zipped.bytes };
  }
  if (!stat.isFile()) throw new InputError(`${path} is neither a file nor a folder`);
  const source = absolute.toLowerCase().endsWith('.zip') ? 'zip' : 'file';
  const cap = source === 'zip' ? limits.maxTotalBytes : limits.maxEntryBytes;
  if (stat.size > cap) throw new DomainError(source === 'zip' ? 'ingest.totalTooLarge' : 'ingest.fileTooLarge', { limit: cap });
  return { source, contentBase64: readFileSync(absolute).toString('base64'), filename: basename(absolute), bytes: stat.size };
}

/** The folder's regular files as one in-memory ZIP (deflated), in path order, and their size. */
export function zipFolder(root: string, limits: IngestLimits): { zip: Buffer; bytes: number } {
  const zip = new AdmZip();
  let entries = 0;
  let total = 0;
  const walk = (dir: string): void => {
    const names = readdirSync(dir).sort();
    for (const name of names) {
      const full = join(dir, name);
      const rel = relative(root, full).split(sep).join('/');
      const info = lstatSync(full);
      if (info.isSymbolicLink()) throw new DomainError('ingest.symlink', { path: rel });
      if (info.isDirectory()) {
        walk(full);
        continue;
      }
      if (!info.isFile()) continue;
      if (++entries > limits.maxEntries) throw new DomainError('ingest.tooManyEntries', { limit: limits.maxEntries });
      if (info.size > limits.maxEntryBytes) throw new DomainError('ingest.entryTooLarge', { path: rel, limit: limits.maxEntryBytes });
      total += info.size;
      if (total > limits.maxTotalBytes) throw new DomainError('ingest.totalTooLarge', { limit: limits.maxTotalBytes });
      const data = readFileSync(full);
      zip.addFile(rel, data);
      // The server refuses entries inflating beyond its ratio (zip-bomb check, above the floor):
      // a file that compresses that well travels stored instead.
      if (data.length > RATIO_FLOOR_BYTES && data.length > deflateRawSync(data).length * limits.maxCompressionRatio) {
        zip.getEntry(rel)!.header.method = 0;
      }
    }
  };
  walk(root);
  if (entries === 0) throw new DomainError('ingest.emptyZip');
  return { zip: zip.toBuffer(), bytes: total };
}
