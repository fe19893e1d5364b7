import type { Buffer } from 'node:buffer';
import { DomainError, LimitExceeded } from '../errors';

/**
 * Strict structural check of a ZIP archive, run before anything is inflated, so that the files
 * the scanner reads are exactly the files any extractor would list. Readers disagree on
 * ambiguous archives: Python's zipfile walks the central directory by its *size* and shifts
 * every offset by the bytes found before it, Info-ZIP trusts the EOCD *count* and also
 * re-bases, adm-zip trusts the count and reads nothing else, and streaming extractors walk the
 * local headers from the front. A skill whose EOCD declared fewer entries than it held passed
 * with the extra files unscanned. Modelled on yauzl's strict checks, this walk therefore
 * accepts only an archive whose layout leaves nothing to interpretation:
 *
 *   local entry 1 | local entry 2 | … | central directory | EOCD | comment   (nothing else)
 *
 * - EOCD: the last signature in the final 64 KiB; its comment ends exactly at the end of the
 *   buffer (no trailing bytes); single disk; no ZIP64 (a skill within our limits never needs it;
 *   rejected with its own code rather than half-supported).
 * - Central directory: starts at its declared offset and ends exactly where the EOCD begins
 *   (so Python's re-basing offset is 0); walked record by record over its declared size; the
 *   number of records must equal the EOCD count (`ingest.entryCountMismatch`), and is compared
 *   with the entry limit while walking, so a lying count can never bypass it.
 * - Entries: not encrypted; every local header sits where its central record says and agrees
 *   with it on name, method, encryption and (without a data descriptor) CRC and sizes; a data
 *   descriptor (flag bit 3, with or without its signature) must repeat the central values; an
 *   Info-ZIP Unicode Path field must name the same path.
 * - Layout: central records are in data order; the first entry starts at byte 0, each entry
 *   (header, data, descriptor) ends exactly where the next begins and the last where the central
 *   directory begins — no prepended data, no gaps, no overlaps, nothing hidden between entries.
 *
 * What ordinary tools produce passes: Python zipfile, Info-ZIP `zip`, adm-zip, macOS/Java/Go
 * writers (data descriptors, extra fields that differ between local and central headers,
 * archive comments).
 */
export interface ZipRecord {
  /** Raw name bytes of the central record (equal to the local header's). */
  rawName: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  externalAttr: number;
  /** Offset of the local header. */
  localOffset: number;
  /** First byte of the entry's (compressed) data. */
  dataOffset: number;
  /** End of the entry: data plus data descriptor. */
  end: number;
}

const EOCD_SIG = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const CENTRAL_SIG = 0x02014b50;
const CENTRAL_SIZE = 46;
const LOCAL_SIG = 0x04034b50;
const LOCAL_SIZE = 30;
const DESCRIPTOR_SIG = 0x08074b50;
const UNICODE_PATH_EXTRA = 0x7075;
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;
/** Bit 0 = traditional encryption, bit 6 = strong encryption, bit 13 = encrypted central directory. */
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000;
const DESCRIPTOR_FLAG = 0x0008;

const utf8Lenient = new TextDecoder('utf-8', { fatal: false });

/** The entry name for error messages (never trusted as a path). */
export function displayName(raw: Buffer): string {
  return utf8Lenient.decode(raw).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?').slice(0, 200);
}

/** Offset of the end-of-central-directory record, or -1. Scans only the last 64 KiB + 22 bytes. */
export function findEocd(buf: Buffer): number {
  const last = buf.length - EOCD_SIZE;
  const stop = Math.max(0, last - U16_MAX);
  for (let i = last; i >= stop; i--) {
    if (buf[i] === 0x50 && buf.readUInt32LE(i) === EOCD_SIG) return i;
  }
  return -1;
}

const ambiguous = () => new DomainError('ingest.ambiguousZip');

/**
 * Walks and cross-checks the archive's records (see the file comment); returns the central
 * records in directory order. Throws a DomainError on anything ambiguous. Linear in the size
 * of the buffer; reads no entry data.
 */
export function walkZipStructure(buf: Buffer, maxEntries: number): ZipRecord[] {
  const eocd = findEocd(buf);
  if (eocd < 0) throw new DomainError('ingest.notZip');
  const disk = buf.readUInt16LE(eocd + 4);
  const cdDisk = buf.readUInt16LE(eocd + 6);
  const diskEntries = buf.readUInt16LE(eocd + 8);
  const declared = buf.readUInt16LE(eocd + 10);
  const cdSize = buf.readUInt32LE(eocd + 12);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  const commentLength = buf.readUInt16LE(eocd + 20);

  if (
    declared === U16_MAX ||
    diskEntries === U16_MAX ||
    cdSize === U32_MAX ||
    cdOffset === U32_MAX ||
    (eocd >= 20 && buf.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIG)
  ) {
    throw new DomainError('ingest.zip64');
  }
  if (disk !== 0 || cdDisk !== 0 || diskEntries !== declared) throw new DomainError('ingest.multiDisk');
  // Bytes after the comment, or a comment running past the end (the EOCD was found inside data).
  if (eocd + EOCD_SIZE + commentLength !== buf.length) throw ambiguous();
  // Prepended data or a gap before the EOCD: readers re-base offsets differently.
  if (cdOffset + cdSize !== eocd) throw ambiguous();
  if (declared > maxEntries) throw new LimitExceeded('ingest.tooManyEntries', { limit: maxEntries });

  const records: ZipRecord[] = [];
  let p = cdOffset;
  while (p < eocd) {
    if (records.length === maxEntries) throw new LimitExceeded('ingest.tooManyEntries', { limit: maxEntries });
    if (p + CENTRAL_SIZE > eocd || buf.readUInt32LE(p) !== CENTRAL_SIG) throw new DomainError('ingest.notZip');
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const next = p + CENTRAL_SIZE + nameLength + extraLength + commentLen;
    if (next > eocd) throw new DomainError('ingest.notZip');
    const rawName = buf.subarray(p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength);
    const record = {
      rawName,
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      externalAttr: buf.readUInt32LE(p + 38),
      localOffset: buf.readUInt32LE(p + 42),
    };
    const path = displayName(rawName);
    if ((record.flags & ENCRYPTION_FLAGS) !== 0) throw new DomainError('ingest.encryptedEntry', { path });
    if (buf.readUInt16LE(p + 34) !== 0) throw new DomainError('ingest.multiDisk');
    if (record.compressedSize === U32_MAX || record.size === U32_MAX || record.localOffset === U32_MAX) {
      throw new DomainError('ingest.zip64');
    }
    checkExtraFields(buf.subarray(p + CENTRAL_SIZE + nameLength, p + CENTRAL_SIZE + nameLength + extraLength), rawName, path);
    records.push({ ...record, ...checkLocalEntry(buf, record, cdOffset, path) });
    p = next;
  }
  if (records.length !== declared) {
    throw new DomainError('ingest.entryCountMismatch', { declared, actual: records.length });
  }

  // Contiguous, in order, from byte 0 up to the central directory.
  let expected = 0;
  for (const record of records) {
    if (record.localOffset !== expected) throw ambiguous();
    expected = record.end;
  }
  if (expected !== cdOffset) throw ambiguous();
  return records;
}

/** The local header at `record.localOffset` must agree with the central record. */
function checkLocalEntry(
  buf: Buffer,
  record: Omit<ZipRecord, 'dataOffset' | 'end'>,
  cdOffset: number,
  path: string,
): { dataOffset: number; end: number } {
  const at = record.localOffset;
  if (at + LOCAL_SIZE > cdOffset || buf.readUInt32LE(at) !== LOCAL_SIG) throw new DomainError('ingest.corruptEntry', { path });
  const flags = buf.readUInt16LE(at + 6);
  const nameLength = buf.readUInt16LE(at + 26);
  const extraLength = buf.readUInt16LE(at + 28);
  const dataOffset = at + LOCAL_SIZE + nameLength + extraLength;
  if (dataOffset > cdOffset) throw new DomainError('ingest.corruptEntry', { path });
  if ((flags & ENCRYPTION_FLAGS) !== 0) throw new DomainError('ingest.encryptedEntry', { path });
  const mismatch = () => new DomainError('ingest.headerMismatch', { path });
  if (!buf.subarray(at + LOCAL_SIZE, at + LOCAL_SIZE + nameLength).equals(record.rawName)) throw mismatch();
  if (buf.readUInt16LE(at + 8) !== record.method) throw mismatch();
  const hasDescriptor = (record.flags & DESCRIPTOR_FLAG) !== 0;
  if (((flags & DESCRIPTOR_FLAG) !== 0) !== hasDescriptor) throw mismatch();
  const local = [buf.readUInt32LE(at + 14), buf.readUInt32LE(at + 18), buf.readUInt32LE(at + 22)];
  // ZIP64 sizes in the local header only (Python's force_zip64, Info-ZIP reading stdin).
  if (local[1] === U32_MAX || local[2] === U32_MAX) throw new DomainError('ingest.zip64');
  const central = [record.crc, record.compressedSize, record.size];
  // With a data descriptor the local fields may be zero (written before the data was known).
  for (let i = 0; i < 3; i++) {
    if (local[i] !== central[i] && !(hasDescriptor && local[i] === 0)) throw mismatch();
  }

  const dataEnd = dataOffset + record.compressedSize;
  if (dataEnd > cdOffset) throw new DomainError('ingest.corruptEntry', { path });
  if (!hasDescriptor) return { dataOffset, end: dataEnd };
  // The descriptor repeats CRC and sizes, with or without its optional signature.
  const repeats = (o: number) =>
    o + 12 <= cdOffset && buf.readUInt32LE(o) === record.crc && buf.readUInt32LE(o + 4) === record.compressedSize && buf.readUInt32LE(o + 8) === record.size;
  if (dataEnd + 16 <= cdOffset && buf.readUInt32LE(dataEnd) === DESCRIPTOR_SIG && repeats(dataEnd + 4)) return { dataOffset, end: dataEnd + 16 };
  if (repeats(dataEnd)) return { dataOffset, end: dataEnd + 12 };
  throw mismatch();
}

/**
 * The central extra block must parse as (id, length, body) fields exactly (Python rejects a
 * corrupt one); an Info-ZIP Unicode Path field (which Python and Info-ZIP prefer over the raw
 * name) must name the same path as the raw name.
 */
function checkExtraFields(extra: Buffer, rawName: Buffer, path: string): void {
  let p = 0;
  while (p < extra.length) {
    if (p + 4 > extra.length) throw new DomainError('ingest.corruptEntry', { path });
    const id = extra.readUInt16LE(p);
    const length = extra.readUInt16LE(p + 2);
    if (p + 4 + length > extra.length) throw new DomainError('ingest.corruptEntry', { path });
    if (id === UNICODE_PATH_EXTRA && (length < 5 || !extra.subarray(p + 9, p + 4 + length).equals(rawName))) {
      throw new DomainError('ingest.headerMismatch', { path });
    }
    p += 4 + length;
  }
}
