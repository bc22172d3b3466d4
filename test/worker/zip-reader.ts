import { crc32, inflateRawSync } from "node:zlib";

// A ZIP reader for the tests, written from PKWARE's APPNOTE apart from the writer (worker/privacy/zip.ts): it finds
// the end records (ZIP64 too), walks the central directory, checks each local header against it, inflates, and
// checks every entry's CRC-32 and sizes, so a wrong offset, size or checksum in an archive fails here.

export interface ZipFileEntry {
  name: string;
  method: number;
  bytes: Uint8Array;
  modified: Date;
}

const u16 = (b: DataView, at: number) => b.getUint16(at, true);
const u32 = (b: DataView, at: number) => b.getUint32(at, true);
const u64 = (b: DataView, at: number) => Number(b.getBigUint64(at, true));

export function readZip(archive: Uint8Array): ZipFileEntry[] {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  let end = -1;
  for (let i = archive.length - 22; i >= Math.max(0, archive.length - 22 - 65535); i--) {
    if (u32(view, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("no end of central directory record");
  let count = u16(view, end + 10);
  let cdSize = u32(view, end + 12);
  let cdOffset = u32(view, end + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locator = end - 20;
    if (u32(view, locator) !== 0x07064b50) throw new Error("no ZIP64 end locator");
    const record = u64(view, locator + 8);
    if (u32(view, record) !== 0x06064b50) throw new Error("no ZIP64 end record");
    count = u64(view, record + 32);
    cdSize = u64(view, record + 40);
    cdOffset = u64(view, record + 48);
  }
  const entries: ZipFileEntry[] = [];
  let at = cdOffset;
  for (let n = 0; n < count; n++) {
    if (u32(view, at) !== 0x02014b50) throw new Error(`no central header at ${at}`);
    const flags = u16(view, at + 8);
    const method = u16(view, at + 10);
    const time = u16(view, at + 12);
    const date = u16(view, at + 14);
    const crc = u32(view, at + 16);
    let compressed = u32(view, at + 20);
    let size = u32(view, at + 24);
    const nameLength = u16(view, at + 28);
    const extraLength = u16(view, at + 30);
    const commentLength = u16(view, at + 32);
    let offset = u32(view, at + 42);
    const name = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(archive.subarray(at + 46, at + 46 + nameLength));
    if (!(flags & 0x0800)) throw new Error(`${name}: name not flagged UTF-8`);
    // ZIP64 extra field: only the values that are 0xFFFFFFFF above, in order.
    for (let e = at + 46 + nameLength; e < at + 46 + nameLength + extraLength; ) {
      const id = u16(view, e);
      const length = u16(view, e + 2);
      if (id === 0x0001) {
        let v = e + 4;
        if (size === 0xffffffff) {
          size = u64(view, v);
          v += 8;
        }
        if (compressed === 0xffffffff) {
          compressed = u64(view, v);
          v += 8;
        }
        if (offset === 0xffffffff) offset = u64(view, v);
      }
      e += 4 + length;
    }
    if (u32(view, offset) !== 0x04034b50) throw new Error(`${name}: no local header at ${offset}`);
    const localNameLength = u16(view, offset + 26);
    const localExtraLength = u16(view, offset + 28);
    const localName = new TextDecoder().decode(archive.subarray(offset + 30, offset + 30 + localNameLength));
    if (localName !== name) throw new Error(`${name}: local header names ${localName}`);
    const dataAt = offset + 30 + localNameLength + localExtraLength;
    const stored = archive.subarray(dataAt, dataAt + compressed);
    // The data descriptor after the data repeats the CRC and (8-byte) sizes.
    const descriptor = dataAt + compressed;
    if (u32(view, descriptor) !== 0x08074b50 || u32(view, descriptor + 4) !== crc || u64(view, descriptor + 8) !== compressed || u64(view, descriptor + 16) !== size) {
      throw new Error(`${name}: data descriptor does not match the central directory`);
    }
    const bytes = method === 8 ? new Uint8Array(inflateRawSync(stored)) : method === 0 ? stored.slice() : null;
    if (!bytes) throw new Error(`${name}: method ${method}`);
    if (bytes.length !== size) throw new Error(`${name}: ${bytes.length} bytes, ${size} in the directory`);
    if (crc32(bytes) >>> 0 !== crc) throw new Error(`${name}: CRC mismatch`);
    const modified = new Date(Date.UTC(1980 + (date >> 9), ((date >> 5) & 15) - 1, date & 31, time >> 11, (time >> 5) & 63, (time & 31) * 2));
    entries.push({ name, method, bytes, modified });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== cdOffset + cdSize) throw new Error("central directory size does not match its records");
  return entries;
}

export const text = (entry: ZipFileEntry | undefined) => (entry ? new TextDecoder().decode(entry.bytes) : "");
