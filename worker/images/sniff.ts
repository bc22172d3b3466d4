/** File type by magic bytes, and image dimensions from headers (before any decoding). */
export type FileKind = "pdf" | "png" | "jpeg" | "webp";

export const MIME: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};

export function sniff(b: Uint8Array): FileKind | null {
  // %PDF- may follow a little junk (the spec allows 1024 bytes before it).
  const head = new TextDecoder("latin1").decode(b.subarray(0, 1024));
  if (head.includes("%PDF-")) return "pdf";
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return "png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpeg";
  if (b.length >= 12 && head.startsWith("RIFF") && head.slice(8, 12) === "WEBP") return "webp";
  return null;
}

export interface ImageInfo {
  width: number;
  height: number;
  /** PNG only: colour type (4, 6 carry alpha) and whether a tRNS chunk is present. */
  hasAlpha: boolean;
}

const be32 = (b: Uint8Array, i: number) => ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
const be16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const le16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const le24 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);

/** Reads width/height from the header, or null when the header is missing or broken. */
export function imageInfo(kind: Exclude<FileKind, "pdf">, b: Uint8Array): ImageInfo | null {
  if (kind === "png") {
    if (b.length < 33 || String.fromCharCode(...b.subarray(12, 16)) !== "IHDR") return null;
    const colourType = b[25];
    let hasAlpha = colourType === 4 || colourType === 6;
    // Look for tRNS before the first IDAT.
    for (let i = 8; i + 8 <= b.length; ) {
      const len = be32(b, i);
      const type = String.fromCharCode(...b.subarray(i + 4, i + 8));
      if (type === "tRNS") hasAlpha = true;
      if (type === "IDAT" || type === "IEND") break;
      i += 12 + len;
    }
    return { width: be32(b, 16), height: be32(b, 20), hasAlpha };
  }
  if (kind === "jpeg") {
    for (let i = 2; i + 9 < b.length; ) {
      if (b[i] !== 0xff) return null;
      const marker = b[i + 1];
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      const len = be16(b, i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: be16(b, i + 5), width: be16(b, i + 7), hasAlpha: false };
      }
      if (len < 2) return null;
      i += 2 + len;
    }
    return null;
  }
  // WEBP: VP8 (lossy), VP8L (lossless), VP8X (extended)
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === "VP8 ") return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff, hasAlpha: false };
  if (chunk === "VP8L") {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, hasAlpha: true };
  }
  if (chunk === "VP8X") return { width: le24(b, 24) + 1, height: le24(b, 27) + 1, hasAlpha: true };
  return null;
}
