import { Buffer } from 'node:buffer';
import * as zlib from 'node:zlib';

/**
 * A tiny ZIP writer for tests that can lie in its headers. Not used by production code.
 * Every field that a hostile archive might forge can be overridden per entry.
 */
export interface BuilderEntry {
  name: string | Buffer;
  /** Uncompressed content (ignored for the payload when `rawData` is given). */
  data?: Buffer | string;
  /** 0 = stored, 8 = deflate (default), anything else is written as-is (payload stored). */
  method?: number;
  /** Deflate level for method 8. */
  level?: number;
  /** Exact payload bytes written after the local header (skips compression). */
  rawData?: Buffer;
  /** Override the declared uncompressed size (both headers). */
  declaredSize?: number;
  /** Override the declared compressed size (both headers) — also changes what readers slice. */
  declaredCompressedSize?: number;
  /** Override the CRC-32 (both headers). */
  crc?: number;
  /** General-purpose flags (bit 0 = encrypted; bit 11 = UTF-8 is always OR-ed in). */
  flags?: number;
  /** Flags of the local header only (defaults to `flags`). */
  localFlags?: number;
  /** Method written in the local header only (defaults to `method`). */
  localMethod?: number;
  /** External attributes; e.g. `(0o120777 << 16) >>> 0` for a symlink. */
  externalAttr?: number;
  /** Version made by (high byte = host system, 3 = Unix). */
  madeBy?: number;
  /** DOS time and date fields. */
  dosTime?: number;
  dosDate?: number;
}

export interface BuildOptions {
  /** Override the entry counts written to the end-of-central-directory record. */
  declaredEntries?: number;
  /** Bytes before the first local header. */
  prefix?: Buffer;
}

function crc32(data: Buffer): number {
  return zlib.crc32(data) >>> 0;
}

export function buildZip(entries: BuilderEntry[], options: BuildOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = options.prefix?.length ?? 0;
  if (options.prefix) locals.push(options.prefix);

  for (const e of entries) {
    const name = typeof e.name === 'string' ? Buffer.from(e.name, 'utf8') : e.name;
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
    const method = e.method ?? 8;
    let payload: Buffer;
    if (e.rawData) payload = e.rawData;
    else if (method === 8) payload = zlib.deflateRawSync(data, { level: e.level ?? 6 });
    else payload = data;

    const flags = (e.flags ?? 0) | 0x0800;
    const localFlags = (e.localFlags ?? e.flags ?? 0) | 0x0800;
    const crc = e.crc ?? crc32(data);
    const size = e.declaredSize ?? data.length;
    const csize = e.declaredCompressedSize ?? payload.length;
    const time = e.dosTime ?? 0;
    const date = e.dosDate ?? ((2024 - 1980) << 9) | (1 << 5) | 1;

    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(localFlags, 6);
    lh.writeUInt16LE(e.localMethod ?? method, 8);
    lh.writeUInt16LE(time, 10);
    lh.writeUInt16LE(date, 12);
    lh.writeUInt32LE(crc >>> 0, 14);
    lh.writeUInt32LE(csize >>> 0, 18);
    lh.writeUInt32LE(size >>> 0, 22);
    lh.writeUInt16LE(name.length, 26);
    lh.writeUInt16LE(0, 28);
    locals.push(lh, name, payload);

    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(e.madeBy ?? (3 << 8) | 20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(flags, 8);
    ch.writeUInt16LE(method, 10);
    ch.writeUInt16LE(time, 12);
    ch.writeUInt16LE(date, 14);
    ch.writeUInt32LE(crc >>> 0, 16);
    ch.writeUInt32LE(csize >>> 0, 20);
    ch.writeUInt32LE(size >>> 0, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt16LE(0, 30); // extra
    ch.writeUInt16LE(0, 32); // comment
    ch.writeUInt16LE(0, 34); // disk
    ch.writeUInt16LE(0, 36); // internal attrs
    ch.writeUInt32LE((e.externalAttr ?? (0o100644 << 16)) >>> 0, 38);
    ch.writeUInt32LE(offset, 42);
    centrals.push(ch, name);

    offset += lh.length + name.length + payload.length;
  }

  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  const count = options.declaredEntries ?? entries.length;
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(count, 8);
  eocd.writeUInt16LE(count, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
