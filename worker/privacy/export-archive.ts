import { constants, crc32, deflateRawSync } from "node:zlib";
import { centralHeader, dataDescriptor, endOfArchive, localHeader, type ZipEntry, type ZipMethod } from "./zip";

/**
 * A ZIP archive written into one R2 object through a multipart upload, a part at a time, that can stop after any
 * entry or inside one (a large original, a long labels file) and go on in another queue message from its saved
 * state (ArchiveState, kept in D1 by export-build.ts). Memory: one part (8 MiB) and what the caller writes at once.
 *
 * R2 wants every part but the last of one size (at least 5 MiB), so bytes are gathered into parts of PART_BYTES; what
 * is left when a message stops (less than a part) is kept as an object of its own (`carry-<n>`), and the central
 * directory's records of the entries finished in a message as another (`central-<n>`). Each saved state names only
 * objects written before it, with numbers of its own, so a message that fails after writing some leaves the last
 * saved state whole: the retry writes the same part numbers and object names again.
 */

export const PART_BYTES = 8 * 1024 * 1024;

/** A deflated entry's pieces are separate DEFLATE streams ended by a sync flush (non-final, byte-aligned), which may be
 * concatenated; the entry then ends with an empty final block. So compression too can stop between two writes. */
const FINAL_BLOCK = deflateRawSync(new Uint8Array(0));

export interface ArchiveState {
  /** Where the finished archive goes; the pieces are under `${key}.build/`. */
  key: string;
  uploadId: string;
  parts: { partNumber: number; etag: string }[];
  /** Bytes of the archive so far (the parts and the carry). */
  written: number;
  /** The save count: names the carry and central-directory objects of each save. */
  saves: number;
  /** Bytes in the carry object of the last save (under a part). */
  carryBytes: number;
  /** The central directory so far: its objects (one per save that finished entries), bytes and entries. */
  central: { chunks: number[]; bytes: number; entries: number };
  /** An entry begun and not yet closed. */
  open: ZipEntry | null;
}

const pieceKey = (key: string, piece: string) => `${key}.build/${piece}`;

export class ArchiveWriter {
  private readonly part = new Uint8Array(PART_BYTES);
  private filled = 0;
  private pendingCentral: Uint8Array[] = [];

  private constructor(
    private readonly bucket: R2Bucket,
    private readonly upload: R2MultipartUpload,
    private state: ArchiveState,
  ) {}

  /** A new archive at `key`. */
  static async start(bucket: R2Bucket, key: string): Promise<ArchiveWriter> {
    const upload = await bucket.createMultipartUpload(key, { httpMetadata: { contentType: "application/zip" } });
    return new ArchiveWriter(bucket, upload, { key, uploadId: upload.uploadId, parts: [], written: 0, saves: 0, carryBytes: 0, central: { chunks: [], bytes: 0, entries: 0 }, open: null });
  }

  /** Goes on from a saved state: the carry becomes the start of the next part. */
  static async resume(bucket: R2Bucket, state: ArchiveState): Promise<ArchiveWriter> {
    const writer = new ArchiveWriter(bucket, bucket.resumeMultipartUpload(state.key, state.uploadId), structuredClone(state));
    if (state.carryBytes) {
      const carry = await bucket.get(pieceKey(state.key, `carry-${state.saves}`));
      if (!carry) throw new Error("export carry object missing");
      const bytes = new Uint8Array(await carry.arrayBuffer());
      if (bytes.length !== state.carryBytes) throw new Error("export carry object has the wrong size");
      writer.part.set(bytes);
      writer.filled = bytes.length;
    }
    return writer;
  }

  get bytesWritten(): number {
    return this.state.written;
  }

  get openEntry(): Readonly<ZipEntry> | null {
    return this.state.open;
  }

  /** Begins an entry; write its bytes with write(), end it with close(). */
  async open(name: string, method: ZipMethod, modified: number): Promise<void> {
    if (this.state.open) throw new Error(`entry ${this.state.open.name} is still open`);
    const offset = this.state.written;
    this.state.open = { name, method, modified, crc: 0, compressed: 0, size: 0, offset };
    await this.append(localHeader({ name, method, modified }));
  }

  /** Adds bytes to the open entry. A deflated entry compresses each call on its own: pass pages, not lines. */
  async write(bytes: Uint8Array): Promise<void> {
    const entry = this.state.open;
    if (!entry) throw new Error("no entry is open");
    if (!bytes.length) return;
    entry.crc = crc32(bytes, entry.crc);
    entry.size += bytes.length;
    const stored = entry.method === 8 ? deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) : bytes;
    entry.compressed += stored.length;
    await this.append(stored);
  }

  /** Ends the open entry: its data descriptor, and its record for the central directory. */
  async close(): Promise<void> {
    const entry = this.state.open;
    if (!entry) throw new Error("no entry is open");
    if (entry.method === 8) {
      entry.compressed += FINAL_BLOCK.length;
      await this.append(FINAL_BLOCK);
    }
    await this.append(dataDescriptor(entry));
    const record = centralHeader(entry);
    this.pendingCentral.push(record);
    this.state.central.bytes += record.length;
    this.state.central.entries++;
    this.state.open = null;
  }

  /** One whole entry from bytes in memory. */
  async add(name: string, method: ZipMethod, modified: number, bytes: Uint8Array): Promise<void> {
    await this.open(name, method, modified);
    await this.write(bytes);
    await this.close();
  }

  private async append(bytes: Uint8Array): Promise<void> {
    let from = 0;
    while (from < bytes.length) {
      const n = Math.min(bytes.length - from, PART_BYTES - this.filled);
      this.part.set(bytes.subarray(from, from + n), this.filled);
      this.filled += n;
      from += n;
      if (this.filled === PART_BYTES) await this.uploadPart(this.part);
    }
    this.state.written += bytes.length;
  }

  private async uploadPart(bytes: Uint8Array): Promise<void> {
    const partNumber = this.state.parts.length + 1;
    const part = await this.upload.uploadPart(partNumber, bytes);
    this.state.parts.push({ partNumber, etag: part.etag });
    this.filled = 0;
  }

  /**
   * Writes what must outlive this message (the carry, the new central-directory records) and answers the state to
   * keep. Once that state is stored, `forget(previous)` removes the previous save's carry.
   */
  async save(): Promise<ArchiveState> {
    const saves = this.state.saves + 1;
    if (this.filled) await this.bucket.put(pieceKey(this.state.key, `carry-${saves}`), this.part.subarray(0, this.filled));
    const chunks = [...this.state.central.chunks];
    if (this.pendingCentral.length) {
      await this.bucket.put(pieceKey(this.state.key, `central-${saves}`), concat(this.pendingCentral));
      chunks.push(saves);
    }
    return structuredClone({ ...this.state, saves, carryBytes: this.filled, central: { ...this.state.central, chunks } });
  }

  /** Removes the carry of a state no longer needed (the one before the last stored). */
  async forget(previous: ArchiveState): Promise<void> {
    if (previous.carryBytes) await this.bucket.delete(pieceKey(previous.key, `carry-${previous.saves}`));
  }

  /**
   * Ends the archive: the central directory (the saved chunks, then this message's records), the end records, the
   * last part, and the upload completed. Answers the archive's size. The build's pieces are then removed.
   */
  async finish(): Promise<number> {
    if (this.state.open) throw new Error(`entry ${this.state.open.name} is still open`);
    const offset = this.state.written;
    for (const n of this.state.central.chunks) {
      const chunk = await this.bucket.get(pieceKey(this.state.key, `central-${n}`));
      if (!chunk) throw new Error("export central directory piece missing");
      await this.append(new Uint8Array(await chunk.arrayBuffer()));
    }
    for (const record of this.pendingCentral) await this.append(record);
    await this.append(endOfArchive(this.state.central.entries, offset, this.state.central.bytes));
    if (this.filled) await this.uploadPart(this.part.slice(0, this.filled));
    await this.upload.complete(this.state.parts);
    await removeBuildPieces(this.bucket, this.state.key);
    return this.state.written;
  }
}

/** Removes everything a build left under its archive's key (carries, central-directory pieces). */
export async function removeBuildPieces(bucket: R2Bucket, key: string): Promise<void> {
  for (;;) {
    const listed = await bucket.list({ prefix: pieceKey(key, "") });
    if (listed.objects.length) await bucket.delete(listed.objects.map((o) => o.key));
    if (!listed.truncated) return;
  }
}

/** Stops an unfinished upload and removes its pieces (an export that failed, expired or was deleted while building). */
export async function abortArchive(bucket: R2Bucket, state: ArchiveState): Promise<void> {
  await bucket
    .resumeMultipartUpload(state.key, state.uploadId)
    .abort()
    .catch(() => {});
  await removeBuildPieces(bucket, state.key);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
