import { Buffer } from 'node:buffer';
import * as zlib from 'node:zlib';

/**
 * A small ZIP writer for tests that can forge every structural field a hostile archive might
 * lie about: EOCD counts, central-directory size and offset, local/central mismatches, gaps,
 * prepended and trailing bytes, data descriptors, extra fields, central-directory order.
 * Not used by production code. Layout written:
 *
 *   prefix | (local header, name, extra, payload, [descriptor], gapAfter)* | central records | [zip64 locator] | EOCD | comment | trailing
 */
export interface ZipWriterEntry {
  name: string | Buffer;
  /** Uncompressed content. */
  data?: Buffer | string;
  /** 0 = stored, 8 = deflate (default); any other value is written as-is with the data stored. */
  method?: number;
  /** General-purpose flags of both headers (bit 11, UTF-8, is always set). */
  flags?: number;
  /** Write a data descriptor after the payload (sets flag bit 3; local crc/sizes become 0). */
  descriptor?: 'signed' | 'unsigned';
  /** Unix mode in the external attributes (default 0o100644). */
  mode?: number;
  /** Extra fields, raw (already id+length framed). */
  centralExtra?: Buffer;
  localExtra?: Buffer;
  /** Overrides of what only the local header says. */
  local?: { name?: string | Buffer; method?: number; flags?: number; crc?: number; compressedSize?: number; size?: number };
  /** Overrides of what only the central record says. */
  central?: { crc?: number; compressedSize?: number; size?: number; offset?: number; diskStart?: number };
  /** Bytes written after this entry (and its descriptor), before the next one. */
  gapAfter?: Buffer;
  /** Written in the data area only: no central record (a "hidden" local entry). */
  localOnly?: boolean;
}

export interface ZipWriterOptions {
  prefix?: Buffer;
  /** Central records in this order of entry indexes (default: data order). */
  centralOrder?: number[];
  /** Entry counts of the EOCD (both fields unless `diskEntries` is given). */
  declaredEntries?: number;
  diskEntries?: number;
  /** Added to the true central-directory size / overrides its offset. */
  cdSizeDelta?: number;
  cdOffset?: number;
  diskNumber?: number;
  cdDisk?: number;
  /** Bytes between the central directory and the EOCD. */
  beforeEocd?: Buffer;
  /** Write a ZIP64 EOCD locator before the EOCD. */
  zip64Locator?: boolean;
  comment?: Buffer | string;
  /** Comment length field override (default: the comment's length). */
  commentLength?: number;
  trailing?: Buffer;
}

const UTF8_FLAG = 0x0800;
const DESCRIPTOR_FLAG = 0x0008;

const bytes = (v: string | Buffer | undefined): Buffer => (typeof v === 'string' ? Buffer.from(v, 'utf8') : (v ?? Buffer.alloc(0)));

export function writeZip(entries: ZipWriterEntry[], options: ZipWriterOptions = {}): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  const push = (b: Buffer) => {
    parts.push(b);
    offset += b.length;
  };
  if (options.prefix) push(options.prefix);

  const records: Array<Buffer | null> = [];
  for (const e of entries) {
    const name = bytes(e.name);
    const data = bytes(e.data);
    const method = e.method ?? 8;
    const payload = method === 8 ? zlib.deflateRawSync(data) : data;
    const crc = zlib.crc32(data) >>> 0;
    const flags = (e.flags ?? 0) | UTF8_FLAG | (e.descriptor ? DESCRIPTOR_FLAG : 0);
    const localExtra = e.localExtra ?? Buffer.alloc(0);
    const centralExtra = e.centralExtra ?? Buffer.alloc(0);
    const localName = e.local?.name !== undefined ? bytes(e.local.name) : name;
    const start = offset;

    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE((e.local?.flags ?? flags) | UTF8_FLAG, 6);
    lh.writeUInt16LE(e.local?.method ?? method, 8);
    lh.writeUInt16LE(0, 10);
    lh.writeUInt16LE((44 << 9) | (1 << 5) | 1, 12);
    lh.writeUInt32LE((e.local?.crc ?? (e.descriptor ? 0 : crc)) >>> 0, 14);
    lh.writeUInt32LE((e.local?.compressedSize ?? (e.descriptor ? 0 : payload.length)) >>> 0, 18);
    lh.writeUInt32LE((e.local?.size ?? (e.descriptor ? 0 : data.length)) >>> 0, 22);
    lh.writeUInt16LE(localName.length, 26);
    lh.writeUInt16LE(localExtra.length, 28);
    push(Buffer.concat([lh, localName, localExtra, payload]));
    if (e.descriptor) {
      const d = Buffer.alloc(16);
      d.writeUInt32LE(0x08074b50, 0);
      d.writeUInt32LE(crc, 4);
      d.writeUInt32LE(payload.length, 8);
      d.writeUInt32LE(data.length, 12);
      push(e.descriptor === 'signed' ? d : d.subarray(4));
    }
    if (e.gapAfter) push(e.gapAfter);
    if (e.localOnly) {
      records.push(null);
      continue;
    }

    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE((3 << 8) | 20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(flags, 8);
    ch.writeUInt16LE(method, 10);
    ch.writeUInt16LE(0, 12);
    ch.writeUInt16LE((44 << 9) | (1 << 5) | 1, 14);
    ch.writeUInt32LE((e.central?.crc ?? crc) >>> 0, 16);
    ch.writeUInt32LE((e.central?.compressedSize ?? payload.length) >>> 0, 20);
    ch.writeUInt32LE((e.central?.size ?? data.length) >>> 0, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt16LE(centralExtra.length, 30);
    ch.writeUInt16LE(0, 32);
    ch.writeUInt16LE(e.central?.diskStart ?? 0, 34);
    ch.writeUInt16LE(0, 36);
    ch.writeUInt32LE((((e.mode ?? 0o100644) << 16) | (name.at(-1) === 0x2f ? 0x10 : 0)) >>> 0, 38);
    ch.writeUInt32LE((e.central?.offset ?? start) >>> 0, 42);
    records.push(Buffer.concat([ch, name, centralExtra]));
  }

  const order = options.centralOrder ?? records.map((_, i) => i);
  const cd = Buffer.concat(order.map((i) => records[i]).filter((r): r is Buffer => r !== null));
  const cdOffset = offset;
  push(cd);
  if (options.beforeEocd) push(options.beforeEocd);
  if (options.zip64Locator) {
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeUInt32LE(0, 4);
    loc.writeBigUInt64LE(BigInt(cdOffset + cd.length), 8);
    loc.writeUInt32LE(1, 16);
    push(loc);
  }
  const count = order.filter((i) => records[i] !== null).length;
  const comment = bytes(options.comment);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(options.diskNumber ?? 0, 4);
  eocd.writeUInt16LE(options.cdDisk ?? 0, 6);
  eocd.writeUInt16LE(options.diskEntries ?? options.declaredEntries ?? count, 8);
  eocd.writeUInt16LE(options.declaredEntries ?? count, 10);
  eocd.writeUInt32LE((cd.length + (options.cdSizeDelta ?? 0)) >>> 0, 12);
  eocd.writeUInt32LE((options.cdOffset ?? cdOffset) >>> 0, 16);
  eocd.writeUInt16LE(options.commentLength ?? comment.length, 20);
  push(Buffer.concat([eocd, comment]));
  if (options.trailing) push(options.trailing);
  return Buffer.concat(parts);
}

/** One extra field: id, length, body. */
export function extraField(id: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(id, 0);
  head.writeUInt16LE(body.length, 2);
  return Buffer.concat([head, body]);
}

/** Info-ZIP Unicode Path extra field (0x7075) naming `unicodeName` for the raw name `rawName`. */
export function unicodePathExtra(rawName: string, unicodeName: string): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(1, 0);
  head.writeUInt32LE(zlib.crc32(Buffer.from(rawName, 'utf8')) >>> 0, 1);
  return extraField(0x7075, Buffer.concat([head, Buffer.from(unicodeName, 'utf8')]));
}
