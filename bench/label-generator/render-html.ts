/**
 * The second toolchain: the same drawings as HTML/CSS, printed to PDF by Chromium (its text layer
 * is Type0/CID fonts with glyph runs positioned by Skia, unlike pdf-lib's one string per line) and
 * screenshotted for images. Faces come from the system's fonts (Liberation, DejaVu) by CSS stack.
 */
import sharp from "sharp";
import { barcodeSvg } from "./barcodes.ts";
import type { BarcodeItem, Drawing, FileSpec, FontFace, Item, PageSpec } from "./layout.ts";
import { logoPng } from "./logo.ts";
import type { Rng } from "./random.ts";

export interface HtmlStyle {
  fonts: Record<FontFace, string>;
  /** Barcodes as inline SVG (vector in the PDF) or as PNG images (raster, as many web tools embed them). */
  barcodes: "svg" | "png";
}

const STACKS: Record<FontFace, string[]> = {
  sans: ["'Liberation Sans', Arial, Helvetica, sans-serif", "'DejaVu Sans', Verdana, sans-serif", "Arial, Helvetica, sans-serif"],
  serif: ["'Liberation Serif', 'Times New Roman', serif", "'DejaVu Serif', Georgia, serif"],
  mono: ["'Liberation Mono', 'Courier New', monospace", "'DejaVu Sans Mono', monospace"],
  narrow: ["'Liberation Sans Narrow', 'Arial Narrow', sans-serif", "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif"],
};

export function htmlStyle(rng: Rng): HtmlStyle {
  const fonts = Object.fromEntries(Object.entries(STACKS).map(([k, v]) => [k, rng.pick(v)])) as Record<FontFace, string>;
  return { fonts, barcodes: rng.chance(0.7) ? "svg" : "png" };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const pt = (v: number) => `${v.toFixed(2)}pt`;

async function barcodePng(b: BarcodeItem): Promise<string> {
  // Drawn at 4 px per point (288 dpi), the way web label tools embed barcode images.
  const svg = barcodeSvg(b);
  const png = await sharp(Buffer.from(svg), { density: 72 * 4 }).flatten({ background: "#fff" }).png().toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

async function itemHtml(i: Item, style: HtmlStyle): Promise<string> {
  if (i.t === "text") {
    const align = i.align && i.w ? `width:${pt(i.w)};text-align:${i.align};` : "";
    const stretch = i.font === "narrow" ? "font-stretch:condensed;" : "";
    return `<div class="t" style="left:${pt(i.x)};top:${pt(i.y)};font-size:${pt(i.size)};font-family:${style.fonts[i.font]};${stretch}${i.bold ? "font-weight:bold;" : ""}${i.white ? "color:#fff;" : ""}${align}">${esc(i.text)}</div>`;
  }
  if (i.t === "rect") {
    const g = Math.round(255 * (i.grey ?? 0));
    const fill = i.fill ? `background:rgb(${g},${g},${g});` : "";
    const border = i.line ? `border:${pt(i.line)} ${i.dash ? "dashed" : "solid"} #000;` : "";
    return `<div class="r" style="left:${pt(i.x)};top:${pt(i.y)};width:${pt(i.w)};height:${pt(i.h)};${fill}${border}"></div>`;
  }
  if (i.t === "line") {
    const horizontal = Math.abs(i.y2 - i.y1) < Math.abs(i.x2 - i.x1);
    const b = `${pt(i.width)} ${i.dash ? "dashed" : "solid"} #000`;
    return horizontal
      ? `<div class="r" style="left:${pt(Math.min(i.x1, i.x2))};top:${pt(i.y1)};width:${pt(Math.abs(i.x2 - i.x1))};height:0;border-top:${b}"></div>`
      : `<div class="r" style="left:${pt(i.x1)};top:${pt(Math.min(i.y1, i.y2))};width:0;height:${pt(Math.abs(i.y2 - i.y1))};border-left:${b}"></div>`;
  }
  if (i.t === "logo") return `<img class="r" alt="" style="left:${pt(i.x)};top:${pt(i.y)};width:${pt(i.w)};height:${pt(i.h)}" src="data:image/png;base64,${(await logoPng(i)).toString("base64")}">`;
  if (style.barcodes === "png") return `<img class="r" alt="" style="left:${pt(i.x)};top:${pt(i.y)};width:${pt(i.w)};height:${pt(i.h)}" src="${await barcodePng(i)}">`;
  return `<div class="r" style="left:${pt(i.x)};top:${pt(i.y)}">${barcodeSvg(i)}</div>`;
}

/** One drawing as a positioned box of its own size (for pages and for screenshots). */
export async function drawingHtml(d: Pick<Drawing, "w" | "h" | "items">, style: HtmlStyle, css = ""): Promise<string> {
  const parts = await Promise.all(d.items.map((i) => itemHtml(i, style)));
  return `<div class="d" style="width:${pt(d.w)};height:${pt(d.h)};${css}">${parts.join("")}</div>`;
}

const BASE_CSS = `*{margin:0;padding:0;box-sizing:border-box}html,body{background:#fff}
.t{position:absolute;white-space:pre;line-height:1.15;color:#000}.r{position:absolute}.d{position:relative;overflow:hidden}
.page{position:relative;overflow:hidden;break-after:page}.page:last-child{break-after:auto}`;

async function pageHtml(p: PageSpec, style: HtmlStyle): Promise<string> {
  // Scaled with CSS zoom inside a box of the scaled size: a transform keeps the unscaled box for
  // layout, and Chromium's printing then cuts a label that reaches past the page bottom unscaled.
  const placed = await Promise.all(
    p.placements.map(
      async (pl) =>
        `<div style="position:absolute;left:${pt(pl.x)};top:${pt(pl.y)};width:${pt(pl.drawing.w * pl.scale)};height:${pt(pl.drawing.h * pl.scale)};overflow:hidden">${await drawingHtml(pl.drawing, style, `zoom:${pl.scale}`)}</div>`,
    ),
  );
  const inner = `<div class="d" style="width:${pt(p.w)};height:${pt(p.h)}">${(await drawingHtml({ w: p.w, h: p.h, items: p.items }, style, "position:absolute;left:0;top:0")) + placed.join("")}</div>`;
  if (p.storage !== "turned") return `<div class="page" style="width:${pt(p.w)};height:${pt(p.h)}">${inner}</div>`;
  // Landscape sheet, the label a quarter anticlockwise: /Rotate 90 is added after printing.
  return `<div class="page" style="width:${pt(p.h)};height:${pt(p.w)}"><div style="position:absolute;left:0;top:0;transform:translate(0,${pt(p.w)}) rotate(-90deg);transform-origin:0 0">${inner}</div></div>`;
}

/** A whole file as one HTML document; every page of a file has the same size. */
export async function fileHtml(file: FileSpec, style: HtmlStyle): Promise<string> {
  const pages = await Promise.all(file.pages.map((p) => pageHtml(p, style)));
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><style>${BASE_CSS}</style></head><body>${pages.join("")}</body></html>`;
}

