/**
 * Every barcode of one label page, from its pixels (a rendered PDF page or a decoded image) or
 * straight from an image file's bytes: the import and the OCR job read pages through here, so both
 * see the same codes (a small image's 1D code looked for enlarged in both). One zxing pass over the
 * page first; then, only for what it missed, a search of the quadrants for a small 2D symbol and of
 * the bars for a 1D code whose quiet zone a frame or text cuts into (barcode-crop.ts).
 */
import { framedLinearBarcodes } from "./barcode-crop";
import { type Grey, type Pixmap, imagePixels, scaleGrey, toGrey } from "../images/raster";
import { decodePngOnWhite } from "../images/png";
import type { FileKind } from "../images/sniff";
import type { TextLine } from "../label-reading/text";
import { decodeBarcodes, TWO_D_ONLY, type Barcode } from "../images/zxing";
import { evenLight, paperQuad, pictureOf, rectifiedPaper } from "./ocr/quad";

const is2D = (b: Barcode) => b.format === "PDF417" || b.format === "DataMatrix" || b.format === "QRCode";
/**
 * A 1D code read whole. ITF carries no check character and zxing gives a run of its pairs as a code: across the bars of
 * a photo taken at a slant, a piece of an Evri legacy code ('238879' of 16 digits, the far bars too narrow to resolve).
 * The only ITF a label this app reads carries is an Evri legacy code of 16 digits (LABELS.md): a shorter one is a piece,
 * and the searches below still run (a piece of 14 digits came back from a slanted photo too).
 */
const isLinear = (b: Barcode) => b.format === "Code128" || (b.format === "ITF" && b.text.length >= 16);

function add(found: Barcode[], more: Barcode[]): Barcode[] {
  for (const b of more) if (!found.some((f) => f.text === b.text)) found.push(b);
  return found;
}

/**
 * Barcodes of a rendered page. A decoder pass over a whole page can miss a small 2D symbol (some
 * zxing versions search outward from the centre): when the page has a 1D code or text but no 2D
 * symbol, the quadrants are searched again for 2D symbols only (a tenth of the cost of a full pass).
 */
export async function pageBarcodes(pixmap: Pixmap, lines: TextLine[]): Promise<Barcode[]> {
  const found = await decodeBarcodes(pixmap);
  if (!found.some(isLinear)) add(found, await framedLinearBarcodes(pixmap));
  // An image read by the OCR job (no text layer): a small one's 1D code is looked for enlarged, as the upload did
  // (imageBarcodes), or the job finds no code to trust and drops its whole reading.
  if (!found.some(isLinear) && !lines.length && isSmall(pixmap)) add(found, await enlargedBarcodes(pixmap));
  if (!found.some(isLinear) && !lines.length) add(found, await rectifiedBarcodes(pixmap));
  if (!found.some(isLinear) && !lines.length) add(found, await evenLitBarcodes(pixmap));
  if (found.some(is2D) || (!found.length && !lines.length)) return found;
  const { width, height } = pixmap;
  const hw = Math.ceil(width / 2);
  const hh = Math.ceil(height / 2);
  for (const [x, y] of [[0, 0], [hw, 0], [0, hh], [hw, hh]]) {
    const region = crop(pixmap, x, y, Math.min(hw + 40, width - x), Math.min(hh + 40, height - y));
    add(found, (await decodeBarcodes(region, TWO_D_ONLY)).map((b) => ({ ...b, box: { ...b.box, x: b.box.x + x, y: b.box.y + y } })));
  }
  return found;
}

function crop(p: Pixmap, x0: number, y0: number, w: number, h: number): Pixmap {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) data.set(p.data.subarray(((y0 + y) * p.width + x0) * 4, ((y0 + y) * p.width + x0 + w) * 4), y * w * 4);
  return { data, width: w, height: h };
}

/**
 * Barcodes of an uploaded image. zxing decodes PNG and JPEG bytes itself (fastest); a WEBP, or a PNG
 * with transparency (flattened onto white), is decoded here first. The image is decoded here too
 * when no 1D code was found, for the search of its bars.
 */
export async function imageBarcodes(kind: Exclude<FileKind, "pdf">, bytes: Uint8Array, hasAlpha: boolean): Promise<Barcode[]> {
  let pixels: Pixmap | null = null;
  if (kind === "webp") pixels = await imagePixels(kind, bytes);
  else if (kind === "png" && hasAlpha) pixels = await decodePngOnWhite(bytes);
  const found = await decodeBarcodes(pixels ?? bytes);
  if (found.some(isLinear)) return found;
  pixels ??= await imagePixels(kind, bytes);
  add(found, await framedLinearBarcodes(pixels));
  if (isSmall(pixels)) add(found, await enlargedBarcodes(pixels));
  if (!found.some(isLinear)) add(found, await rectifiedBarcodes(pixels));
  return found.some(isLinear) ? found : add(found, await evenLitBarcodes(pixels));
}

/** The long side of an image under about 180 DPI for a 4x6 label (a screenshot at 96-144 DPI, a 150 DPI scan). */
const SMALL_IMAGE = 1100;
const isSmall = (p: Pixmap) => Math.max(p.width, p.height) <= SMALL_IMAGE;

/**
 * Barcodes of a small image read at twice its size, then three times: a screenshot at 96-144 DPI
 * draws a module in one or two pixels, which zxing does not resolve (a 96 DPI Code128 and Data
 * Matrix and a 144 DPI ITF, refused as no label, decode at twice the size; a 96 DPI Evri Code128
 * in a viewer's screenshot only at three times). Only when no 1D code decoded (a 2D symbol beside
 * it, larger, may have); boxes in the image's pixels.
 */
export async function enlargedBarcodes(p: Pixmap): Promise<Barcode[]> {
  const grey = toGrey(p, Math.max(p.width, p.height));
  let found: Barcode[] = [];
  for (const k of [2, 3]) {
    const g = scaleGrey(grey, k);
    found = (await decodeBarcodes(rgbaOf(g))).map((b) => ({ ...b, box: { x: b.box.x / k, y: b.box.y / k, w: b.box.w / k, h: b.box.h / k } }));
    if (found.some(isLinear)) break;
  }
  return found;
}

/** A 4 in label side at 200 DPI, in pixels. */
const PAPER_200_DPI = 800;

/**
 * Barcodes of a phone photo of a label lying on a table, on its paper drawn again upright (ocr/quad.ts): the camera's
 * slant makes a 1D code's bars converge and narrows its modules at the far end, and at 150-200 DPI zxing then reads
 * nothing (fixed seed 3217537065, files 2429 and 2838: table photos refused as no label). Only when nothing else found a
 * 1D code and the picture is clearly such a photo; drawn twice as large too when the paper is small. Boxes in the picture's pixels
 * (their corners mapped back), rotations as on the paper drawn upright (what the OCR job turns). With `even`, the paper
 * drawn upright has its light made even first (evenLitBarcodes).
 */
export async function rectifiedBarcodes(p: Pixmap, even = false): Promise<Barcode[]> {
  const quad = paperQuad(p);
  if (!quad) return [];
  const grey = toGrey(p, Math.max(p.width, p.height));
  for (const k of [1, 2]) {
    const g = rectifiedPaper(grey, quad, k);
    if (!g) return [];
    // Drawn twice as large only when the paper is under 200 DPI (a 4 in side under 800 px): modules of two pixels or less.
    if (k === 2 && Math.min(g.width, g.height) >= 2 * PAPER_200_DPI) return [];
    const found = await decodeBarcodes(rgbaOf(even ? evenLight(g, true) : g));
    if (found.some(isLinear)) {
      return found.map((b) => {
        const corners = [[b.box.x, b.box.y], [b.box.x + b.box.w, b.box.y], [b.box.x, b.box.y + b.box.h], [b.box.x + b.box.w, b.box.y + b.box.h]].map(([x, y]) => pictureOf(quad, g.width, g.height, [x, y]));
        const [xs, ys] = [corners.map((c) => c[0]), corners.map((c) => c[1])];
        return { ...b, box: { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) } };
      });
    }
  }
  return [];
}

/**
 * Barcodes of a picture with its light made even (ocr/quad.ts evenLight, sharp: closed, not smoothed), then of its
 * paper drawn again upright with its light made even: a shadow whose edge runs across a 1D code's bars leaves the shaded
 * paper between them half as light as the rest, and zxing's threshold for a row of a 1D code is one for the whole row, set
 * between the two papers: the shaded spaces read as bars and the code is not read at all (fresh SEED=969544535, files 3016
 * and 3599, table photos at 200 and 240 DPI, and SEED=258096912, file 640, at 300 DPI: a lamp's shadow over half the code,
 * the labels refused or lost whole; each reads with the light made even). Only when nothing else found a 1D code, and only
 * in a photo of paper lying on something (paperQuad: a scan or a screenshot casts no shadow), so a picture with no code
 * that is no such photo is refused as fast as before (a photo with none pays 0.5-1.1 s more, in node under load); the
 * picture at most OCR_LIMITS.maxOcrSide on its long side (a 600 DPI photo's modules stay several pixels wide), boxes in
 * the picture's pixels.
 */
async function evenLitBarcodes(p: Pixmap): Promise<Barcode[]> {
  if (!paperQuad(p)) return [];
  const g = evenLight(toGrey(p), true);
  const [sx, sy] = [p.width / g.width, p.height / g.height];
  const found = (await decodeBarcodes(rgbaOf(g))).map((b) => ({ ...b, box: { x: b.box.x * sx, y: b.box.y * sy, w: b.box.w * sx, h: b.box.h * sy } }));
  return found.some(isLinear) ? found : add(found, await rectifiedBarcodes(p, true));
}

/** Grey pixels as RGBA, for zxing (it takes RGBA pixels or encoded bytes only). */
function rgbaOf(g: Grey): Pixmap {
  const data = new Uint8ClampedArray(g.data.length * 4);
  for (let i = 0; i < g.data.length; i++) {
    data.fill(g.data[i], 4 * i, 4 * i + 3);
    data[4 * i + 3] = 255;
  }
  return { data, width: g.width, height: g.height };
}
