/**
 * The ZIP format (PKWARE APPNOTE 6.3.x) as far as 'Download my data' writes it: entries streamed with a data
 * descriptor (their CRC and sizes follow their bytes), names in UTF-8, ZIP64 sizes and offsets, so an archive may
 * pass 4 GB and hold more than 65,535 entries. Pure functions over bytes: whoever writes the archive keeps its own
 * state (offsets, CRCs, the central directory) and can stop and go on in another invocation (export-archive.ts).
 *
 * Why not a package: the archive is built over many queue messages, and between two of them the writer's whole state
 * must be saved. fflate, client-zip and zip.js keep theirs in closures and streams that cannot be saved (and fflate
 * writes no ZIP64); what they would add here is this file's hundred lines of headers.
 */

/** 'stored' (0): the bytes as they are (originals: PDFs and images are compressed already); 'deflated' (8). */
export type ZipMethod = 0 | 8;

export interface ZipEntry {
  name: string;
  method: ZipMethod;
  /** CRC-32 of the uncompressed bytes. */
  crc: number;
  /** Bytes as stored in the archive. */
  compressed: number;
  /** Bytes once extracted. */
  size: number;
  /** Offset of the entry's local header from the start of the archive. */
  offset: number;
  /** Last modified, epoch ms. */
  modified: number;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** Version 4.5: ZIP64. */
const VERSION_NEEDED = 45;
/** Made by Unix (3), version 4.5: external attributes are Unix modes. */
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
/** A regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

const encoder = new TextEncoder();

/** MS-DOS date and time (local time in the format; the archive's are UTC, as most writers in a server do). */
function dosDateTime(ms: number): { time: number; date: number } {
  const d = new Date(Math.max(ms, Date.UTC(1980, 0, 1)));
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

class Bytes {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  private at = 0;
  constructor(length: number) {
    this.bytes = new Uint8Array(length);
    this.view = new DataView(this.bytes.buffer);
  }
  u16(v: number) {
    this.view.setUint16(this.at, v, true);
    this.at += 2;
    return this;
  }
  u32(v: number) {
    this.view.setUint32(this.at, v >>> 0, true);
    this.at += 4;
    return this;
  }
  u64(v: number) {
    this.view.setBigUint64(this.at, BigInt(v), true);
    this.at += 8;
    return this;
  }
  raw(b: Uint8Array) {
    this.bytes.set(b, this.at);
    this.at += b.length;
    return this;
  }
}

/** The local file header that opens an entry; its CRC and sizes come after its data (dataDescriptor). */
export function localHeader(entry: Pick<ZipEntry, "name" | "method" | "modified">): Uint8Array {
  const name = encoder.encode(entry.name);
  const { time, date } = dosDateTime(entry.modified);
  // Sizes 0xFFFFFFFF with a ZIP64 extra field: the data descriptor then carries 8-byte sizes, whatever they come to.
  return new Bytes(30 + name.length + 20)
    .u32(0x04034b50)
    .u16(VERSION_NEEDED)
    .u16(FLAGS)
    .u16(entry.method)
    .u16(time)
    .u16(date)
    .u32(0)
    .u32(MAX32)
    .u32(MAX32)
    .u16(name.length)
    .u16(20)
    .raw(name)
    .u16(0x0001)
    .u16(16)
    .u64(0)
    .u64(0).bytes;
}

/** The data descriptor that closes an entry: its CRC and its sizes, 8 bytes each (ZIP64). */
export function dataDescriptor(entry: Pick<ZipEntry, "crc" | "compressed" | "size">): Uint8Array {
  return new Bytes(24).u32(0x08074b50).u32(entry.crc).u64(entry.compressed).u64(entry.size).bytes;
}

/** The entry's record in the central directory; ZIP64 fields only where a value does not fit in 32 bits. */
export function centralHeader(entry: ZipEntry): Uint8Array {
  const name = encoder.encode(entry.name);
  const { time, date } = dosDateTime(entry.modified);
  const wide = [entry.size, entry.compressed, entry.offset].map((v) => v >= MAX32);
  const extraValues = [entry.size, entry.compressed, entry.offset].filter((_, i) => wide[i]);
  const extraLength = extraValues.length ? 4 + 8 * extraValues.length : 0;
  const out = new Bytes(46 + name.length + extraLength)
    .u32(0x02014b50)
    .u16(VERSION_MADE_BY)
    .u16(VERSION_NEEDED)
    .u16(FLAGS)
    .u16(entry.method)
    .u16(time)
    .u16(date)
    .u32(entry.crc)
    .u32(wide[1] ? MAX32 : entry.compressed)
    .u32(wide[0] ? MAX32 : entry.size)
    .u16(name.length)
    .u16(extraLength)
    .u16(0)
    .u16(0)
    .u16(0)
    .u32(FILE_MODE * 0x10000)
    .u32(wide[2] ? MAX32 : entry.offset)
    .raw(name);
  if (extraValues.length) {
    out.u16(0x0001).u16(8 * extraValues.length);
    for (const v of extraValues) out.u64(v);
  }
  return out.bytes;
}

/**
 * The end of the archive after its central directory (`count` entries, `size` bytes from `offset`): the ZIP64 end
 * record and its locator when a figure does not fit the classic record, then the classic record.
 */
export function endOfArchive(count: number, offset: number, size: number): Uint8Array {
  const zip64 = count >= MAX16 || offset >= MAX32 || size >= MAX32;
  const end = new Bytes(22)
    .u32(0x06054b50)
    .u16(0)
    .u16(0)
    .u16(zip64 ? MAX16 : count)
    .u16(zip64 ? MAX16 : count)
    .u32(zip64 ? MAX32 : size)
    .u32(zip64 ? MAX32 : offset)
    .u16(0).bytes;
  if (!zip64) return end;
  const record = new Bytes(56)
    .u32(0x06064b50)
    .u64(44)
    .u16(VERSION_MADE_BY)
    .u16(VERSION_NEEDED)
    .u32(0)
    .u32(0)
    .u64(count)
    .u64(count)
    .u64(size)
    .u64(offset).bytes;
  const locator = new Bytes(20)
    .u32(0x07064b50)
    .u32(0)
    .u64(offset + size)
    .u32(1).bytes;
  const out = new Uint8Array(record.length + locator.length + end.length);
  out.set(record, 0);
  out.set(locator, record.length);
  out.set(end, record.length + locator.length);
  return out;
}
