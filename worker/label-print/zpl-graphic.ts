import { renderPages } from "../label-import/pdfium";
import { type Pixmap, rotateGrey, toGrey } from "../images/raster";
import { labelPixels } from "../label-import/label-pixels";
import { sniff } from "../images/sniff";

/**
 * A carrier's original label (a PDF page, a PNG, JPEG or WEBP) as a ZPL graphic: rendered or decoded, turned a quarter
 * when it lies landscape, scaled down (never up) by area averaging to fit the 812 x 1218 dot label, thresholded to black and white dots, and sent as
 * ^GFA hex data compressed with ZPL's alternative compression scheme (runs, ',' for a row ending in white, ':' for
 * a row like the one before), so a mostly white label stays a few kilobytes. This is what a printer driver does
 * with a file; the original's own barcodes come out at the printer's resolution.
 */

const WIDTH = 812;
const HEIGHT = 1218;

/** Run counts: G..Y are 1..19, g..z are 20..400 in steps of 20. */
function runCount(n: number): string {
  let out = "";
  while (n >= 400) {
    out += "z";
    n -= 400;
  }
  if (n >= 20) out += String.fromCharCode("g".charCodeAt(0) + Math.floor(n / 20) - 1);
  if (n % 20) out += String.fromCharCode("G".charCodeAt(0) + (n % 20) - 1);
  return out;
}

/** One row of hex digits in the alternative compression scheme. */
function compressRow(hex: string): string {
  const body = hex.replace(/0+$/, "");
  if (!body) return ",";
  let out = "";
  for (let i = 0; i < body.length; ) {
    let n = 1;
    while (i + n < body.length && body[i + n] === body[i]) n++;
    out += (n > 1 ? runCount(n) : "") + body[i];
    i += n;
  }
  return body.length < hex.length ? `${out},` : out;
}

const HEX = "0123456789ABCDEF";

/** The original's page (`page`, 1-based, for a PDF) as one ZPL format. */
/** A PDF page rendered straight at the printer's 203 dpi (a 4x6 page is then exactly its dots); an image decoded. */
async function originalPixels(bytes: Uint8Array, page: number): Promise<Pixmap> {
  if (sniff(bytes) !== "pdf") return labelPixels(bytes, page);
  let found: Pixmap | null = null;
  await renderPages(bytes, { dpi: 203, maxSide: HEIGHT, maxPages: page, fromPage: page - 1 }, async (_i, p) => {
    found = p;
  });
  if (!found) throw new Error(`no page ${page}`);
  return found;
}

export async function originalZpl(bytes: Uint8Array, page: number): Promise<string> {
  const pixels = await originalPixels(bytes, page);
  // A landscape original is turned a quarter to fill the portrait label, as for the PDF.
  const turn = pixels.width > pixels.height;
  const [w, h] = turn ? [pixels.height, pixels.width] : [pixels.width, pixels.height];
  const scale = Math.min(1, WIDTH / w, HEIGHT / h);
  const scaled = toGrey(pixels, Math.max(1, Math.floor(Math.max(w, h) * scale)));
  const grey = turn ? rotateGrey(scaled, 1) : scaled;
  const width = Math.min(WIDTH, grey.width);
  const height = Math.min(HEIGHT, grey.height);
  const rowBytes = Math.ceil(width / 8);
  const rows: string[] = [];
  let previous = "";
  for (let y = 0; y < height; y++) {
    let hex = "";
    for (let b = 0; b < rowBytes; b++) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit++) {
        const x = b * 8 + bit;
        // A dot is printed (1) where the pixel is darker than mid-grey.
        if (x < width && grey.data[y * grey.width + x] < 128) byte |= 0x80 >> bit;
      }
      hex += HEX[byte >> 4] + HEX[byte & 15];
    }
    rows.push(hex === previous ? ":" : compressRow(hex));
    previous = hex;
  }
  const total = rowBytes * height;
  const x = Math.floor((WIDTH - width) / 2);
  const y = Math.floor((HEIGHT - height) / 2);
  return ["^XA", `^PW${WIDTH}`, `^LL${HEIGHT}`, "^LH0,0", `^FO${x},${y}^GFA,${total},${total},${rowBytes},${rows.join("")}^FS`, "^XZ"].join("\n");
}
