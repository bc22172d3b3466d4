/**
 * Labels as images: a Chromium screenshot of the HTML label at the chosen resolution, inside a
 * scene (a flatbed scan, a PDF viewer screenshot, a photo on a desk with a 3D CSS tilt and uneven
 * light, a phone photo of a label lying on a table: taken at a slant, the label turned any way on
 * wood or cloth, a shadow across it), then sharp for what scanners, cameras and thermal printers do:
 * small rotation, blur, noise, faded print, 1-bit thresholding, JPEG/WEBP compression, a quarter turn.
 * Not modelled: lens distortion, creases and glare; the perspective is a CSS 3D transform of a flat
 * label (a pinhole camera without a lens).
 */
import sharp from "sharp";
import type { Chromium } from "./chromium.ts";
import type { Drawing } from "./layout.ts";
import type { Rng } from "./random.ts";
import { drawingHtml, type HtmlStyle } from "./render-html.ts";

export type ImageKind = "scan" | "photo" | "thermal" | "screenshot" | "table";

export interface ImageChoice {
  kind: ImageKind;
  dpi: number;
  format: "png" | "jpeg" | "webp";
  quality: number;
  grey: boolean;
  /** Degrees, small (a scan not quite straight). */
  angle: number;
  /** A quarter turn of the whole file (a label saved sideways). */
  quarter: 0 | 90 | 180 | 270;
  blur: number;
  /** Standard deviation of added noise, in grey levels. */
  noise: number;
  /** Faded print: black printed as this grey (0 none). */
  fade: number;
  /** Photo tilt (degrees about x, y and z); on a table, z is the label's turn on it (any way round). */
  tilt: [number, number, number];
  /**
   * Words set tight (em added to the word space, negative): label printers that justify or condense their type
   * leave a gap of a tenth of an em, which a phone photo's blur closes up. Photos only; 0 for normal spacing.
   */
  wordGap?: number;
}

/** Pixels an upload may have (the import refuses images above 12 Mpx): images stay under. */
const MAX_PIXELS = 11_000_000;

/**
 * One image's making. `table` draws phone photos of a label lying on a table too (a draft medium: the
 * bench draws it, the gate not yet).
 */
export function imageChoice(rng: Rng, o: { table?: boolean } = {}): ImageChoice {
  const kinds: [ImageKind, number][] = [["scan", 45], ["photo", 25], ["thermal", 18], ["screenshot", 12]];
  const kind = rng.weighted<ImageKind>(o.table ? [...kinds, ["table", 14]] : kinds);
  if (kind === "table") return tableChoice(rng);
  const dpi = kind === "thermal" ? rng.pick([203, 203, 300]) : kind === "screenshot" ? rng.pick([96, 120, 144, 192, 203]) : rng.weighted([[150, 2], [200, 3], [240, 1], [300, 5], [400, 1], [600, 1]] as const);
  // Phones save photos as JPEG (or WEBP); a colour PNG over 300 DPI would pass the import's 16 MB limit.
  const format = kind === "thermal" ? "png" : kind === "screenshot" ? rng.pick(["png", "png", "jpeg"] as const) : kind === "photo" ? rng.weighted([["jpeg", 8], ["webp", 2]] as const) : rng.weighted([["jpeg", 6], ["png", 3], ["webp", 1]] as const);
  const grey = kind === "thermal" || (kind === "scan" && (rng.chance(0.6) || (format === "png" && dpi > 300)));
  return {
    kind,
    dpi,
    format,
    quality: rng.int(45, 95),
    grey,
    angle: kind === "scan" ? rng.float(-2, 2) : kind === "thermal" ? rng.float(-0.8, 0.8) : 0,
    quarter: rng.weighted([[0, 8], [90, 1], [270, 1], [180, 0.3]] as const),
    blur: kind === "screenshot" ? 0 : rng.chance(0.5) ? rng.float(0.3, 1.1) : 0,
    noise: kind === "screenshot" ? 0 : rng.chance(0.5) ? rng.float(3, 14) : 0,
    fade: kind === "thermal" || kind === "scan" ? (rng.chance(0.25) ? rng.float(0.2, 0.5) : 0) : 0,
    tilt: kind === "photo" ? [rng.float(-10, 10), rng.float(-10, 10), rng.float(-4, 4)] : [0, 0, 0],
    wordGap: kind === "photo" ? tightWords(rng) : 0,
  };
}

/**
 * A phone photo of a label lying on a table: the camera held at a slant (up to 28° off straight
 * down, so the far edge is shorter: a keystone), the label put down any way round (a quarter turn
 * and up to 8° more), the label filling half to most of the frame, saved as JPEG or WEBP.
 */
function tableChoice(rng: Rng): ImageChoice {
  const turn = rng.weighted([[0, 4], [90, 2], [270, 2], [180, 1]] as const);
  return {
    kind: "table",
    dpi: rng.weighted([[150, 2], [200, 3], [240, 2], [300, 3]] as const),
    format: rng.weighted([["jpeg", 8], ["webp", 2]] as const),
    quality: rng.int(55, 92),
    grey: false,
    angle: 0,
    quarter: 0,
    blur: rng.chance(0.5) ? rng.float(0.3, 0.9) : 0,
    noise: rng.chance(0.6) ? rng.float(3, 10) : 0,
    fade: 0,
    tilt: [rng.float(-28, 28), rng.float(-16, 16), turn + rng.float(-8, 8)],
    wordGap: tightWords(rng),
  };
}

/** A third of photographed labels have their words set tight (a gap of about a tenth of an em), the rest as their font spaces them. */
const tightWords = (rng: Rng) => (rng.chance(1 / 3) ? -rng.float(0.12, 0.18) : 0);

const SCENE_CSS = `*{margin:0;padding:0;box-sizing:border-box}html,body{overflow:hidden}
.t{position:absolute;white-space:pre;line-height:1.15;color:#000}.r{position:absolute}.d{position:relative;overflow:hidden;background:#fff}`;

/** The HTML scene and its size in CSS px for one kind of image. */
async function scene(d: Drawing, style: HtmlStyle, c: ImageChoice, rng: Rng): Promise<{ html: string; width: number; height: number }> {
  const zoom = c.dpi / 72; // CSS px per point at this resolution (the viewport is in device px 1:1)
  const lw = d.w * zoom;
  const lh = d.h * zoom;
  const label = await drawingHtml(d, style, `zoom:${(zoom * 72) / 96}${c.wordGap ? `;word-spacing:${c.wordGap.toFixed(3)}em` : ""}`);
  if (c.kind === "scan" || c.kind === "thermal") {
    return { html: doc("background:#fff", label), width: lw, height: lh };
  }
  if (c.kind === "screenshot") {
    // A PDF viewer: grey surround, a toolbar with the file name, the page centred with a shadow.
    const pad = rng.float(20, 60);
    const bar = 40;
    const toolbar = `<div style="position:absolute;left:0;top:0;right:0;height:${bar}px;background:#323639;color:#f1f1f1;font:14px 'DejaVu Sans',sans-serif;padding:11px 16px;white-space:pre">${rng.pick(["label.pdf", "shipping-label.pdf", "Label (1).pdf", "postage.pdf"])}      1 / 1      ${rng.pick(["100%", "125%", "Fit"])}</div>`;
    const page = `<div style="position:absolute;left:${pad}px;top:${bar + pad}px;box-shadow:0 2px 8px rgba(0,0,0,.6)">${label}</div>`;
    return { html: doc("background:#525659", toolbar + page), width: lw + 2 * pad, height: lh + bar + 2 * pad };
  }
  if (c.kind === "table") return tableScene(label, c, rng, lw, lh);
  // A photo: the label on a desk, tilted in 3D, lit unevenly.
  const margin = Math.max(lw, lh) * rng.float(0.06, 0.14);
  const [rx, ry, rz] = c.tilt;
  const desk = rng.pick(["#8b6b4a", "#a08060", "#5f6a72", "#c9c2b8", "#3d3b3a", "#d7d0c4"]);
  const light = `<div style="position:absolute;inset:0;background:radial-gradient(circle at ${rng.int(10, 90)}% ${rng.int(10, 90)}%, rgba(255,255,255,0) 30%, rgba(0,0,0,${rng.float(0.1, 0.35).toFixed(2)}) 100%);pointer-events:none"></div>`;
  const body = `<div style="position:absolute;left:${margin}px;top:${margin}px;transform:perspective(${Math.round(Math.max(lw, lh) * rng.float(1.5, 3))}px) rotateX(${rx}deg) rotateY(${ry}deg) rotateZ(${rz}deg);box-shadow:${rng.int(2, 10)}px ${rng.int(2, 10)}px ${rng.int(6, 20)}px rgba(0,0,0,.45)">${label}</div>${light}`;
  return { html: doc(`background:${desk} repeating-linear-gradient(${rng.int(0, 180)}deg, rgba(0,0,0,.04) 0 3px, rgba(255,255,255,.03) 3px 7px)`, body), width: lw + 2 * margin, height: lh + 2 * margin };
}

/**
 * The label lying on a table: wood grain (stretched fractal noise), cloth (a weave) or a laminate
 * top round it, seen in perspective and turned; light falling off across the picture, and the
 * soft shadow of the phone or hand across part of the label.
 */
function tableScene(label: string, c: ImageChoice, rng: Rng, lw: number, lh: number): { html: string; width: number; height: number } {
  const [rx, ry, rz] = c.tilt;
  const sideways = Math.abs(Math.sin((rz * Math.PI) / 180)) > Math.SQRT1_2;
  const margin = Math.max(lw, lh) * rng.float(0.14, 0.3);
  const width = (sideways ? lh : lw) + 2 * margin;
  const height = (sideways ? lw : lh) + 2 * margin;
  const seed = rng.int(1, 9999);
  const surface = rng.weighted([["wood", 5], ["cloth", 3], ["laminate", 2]] as const);
  const wood = rng.pick([[0.55, 0.36, 0.2], [0.7, 0.5, 0.3], [0.4, 0.26, 0.15], [0.78, 0.64, 0.46]]);
  const cloth = rng.pick([[0.25, 0.3, 0.45], [0.55, 0.2, 0.2], [0.35, 0.4, 0.3], [0.6, 0.58, 0.55]]);
  const [r, g, b] = surface === "cloth" ? cloth : wood;
  // Grain along the boards (fractal noise stretched across them); a weave for cloth; a faint mottle for laminate.
  const freq = surface === "wood" ? `${rng.float(0.002, 0.006).toFixed(4)} ${rng.float(0.05, 0.12).toFixed(3)}` : surface === "cloth" ? `${rng.float(0.15, 0.3).toFixed(3)}` : "0.02";
  const amount = surface === "laminate" ? 0.15 : 0.5;
  const texture = `<svg width="${width}" height="${height}" style="position:absolute;left:0;top:0"><filter id="t"><feTurbulence type="${surface === "cloth" ? "turbulence" : "fractalNoise"}" baseFrequency="${freq}" numOctaves="${surface === "wood" ? 4 : 2}" seed="${seed}"/><feColorMatrix type="matrix" values="${amount} 0 0 0 ${r - amount / 2}  ${amount * 0.8} 0 0 0 ${g - amount / 2.5}  ${amount * 0.6} 0 0 0 ${b - amount / 3}  0 0 0 0 1"/></filter><g transform="rotate(${rng.int(0, 180)} ${width / 2} ${height / 2})"><rect x="${-width}" y="${-height}" width="${3 * width}" height="${3 * height}" filter="url(#t)"/></g></svg>`;
  const paper = `filter:brightness(${rng.float(0.9, 1).toFixed(2)}) sepia(${rng.float(0, 0.12).toFixed(2)})`;
  const placed = `<div style="position:absolute;left:${(width - lw) / 2}px;top:${(height - lh) / 2}px;transform:perspective(${Math.round(Math.max(lw, lh) * rng.float(1.6, 3))}px) rotateX(${rx}deg) rotateY(${ry}deg) rotateZ(${rz}deg);box-shadow:${rng.int(1, 6)}px ${rng.int(1, 6)}px ${rng.int(4, 14)}px rgba(0,0,0,.5);${paper}">${label}</div>`;
  const falloff = `<div style="position:absolute;inset:0;background:radial-gradient(ellipse at ${rng.int(0, 100)}% ${rng.int(0, 100)}%, rgba(255,255,255,${rng.float(0, 0.12).toFixed(2)}) 0%, rgba(0,0,0,0) 40%, rgba(0,0,0,${rng.float(0.15, 0.4).toFixed(2)}) 100%)"></div>`;
  // The phone's or a hand's shadow: a soft dark shape reaching in from one side over part of the label.
  const side = rng.pick(["left", "right", "top", "bottom"] as const);
  const across = side === "left" || side === "right";
  const reach = rng.float(0.25, 0.6);
  const shadow = rng.chance(0.75)
    ? `<div style="position:absolute;${side}:${-margin}px;${across ? "top" : "left"}:${rng.float(-0.2, 0.5) * (across ? height : width)}px;width:${across ? width * reach + margin : width * rng.float(0.4, 0.9)}px;height:${across ? height * rng.float(0.4, 0.9) : height * reach + margin}px;border-radius:${rng.int(20, 50)}%;background:rgba(0,0,0,${rng.float(0.18, 0.45).toFixed(2)});filter:blur(${Math.round(Math.min(width, height) * rng.float(0.02, 0.06))}px)"></div>`
    : "";
  return { html: doc("background:#777", texture + placed + falloff + shadow), width, height };
}

const doc = (bodyCss: string, content: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><style>${SCENE_CSS}body{${bodyCss}}</style></head><body>${content}</body></html>`;

/** Lowers the resolution until the image stays under the import's pixel limit. */
function capped(d: Drawing, c: ImageChoice): ImageChoice {
  const margin = c.kind === "photo" ? 1.3 : c.kind === "screenshot" ? 1.35 : c.kind === "table" ? 1.6 : 1;
  const px = (dpi: number) => ((d.w * dpi) / 72) * ((d.h * dpi) / 72) * margin * margin;
  let dpi = c.dpi;
  while (px(dpi) > MAX_PIXELS) dpi = Math.floor(dpi * 0.9);
  return { ...c, dpi };
}

export async function renderImage(d: Drawing, style: HtmlStyle, choice: ImageChoice, chromium: Chromium, rng: Rng): Promise<Uint8Array> {
  const c = capped(d, choice);
  const s = await scene(d, style, c, rng);
  const shot = await chromium.screenshot(s.html, { width: s.width, height: s.height });
  let img = sharp(shot).flatten({ background: "#fff" });
  if (c.grey) img = img.greyscale();
  if (c.angle) img = img.rotate(c.angle, { background: "#fff" });
  if (c.blur) img = img.blur(c.blur);
  let { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  if (c.noise || c.fade) data = Buffer.from(degrade(data, c, rng));
  let out = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  if (c.quarter) out = out.rotate(c.quarter);
  // The thermal head's cut-off sits between the (faded) black and the paper, nearer the paper: a 1-bit
  // rasterizer paints every dot a glyph's outline touches (PostScript's and PDF's scan conversion, a
  // printer driver's dropout control), so a thin stroke prints a dot wide and is never lost. A cut-off
  // nearer the ink (35% of the way, as before 30 Nov) erased the hairlines of a 6 pt serif at 203 DPI:
  // Click & Drop's return line became unreadable to a person ('Bluebell (eramics'), which no printer does.
  const lift = c.fade * 255;
  if (c.kind === "thermal") return out.greyscale().threshold(Math.round(lift + (255 - lift) * rng.float(0.55, 0.8))).png({ palette: true, colours: 2 }).withMetadata({ density: c.dpi }).toBuffer();
  if (c.format === "jpeg") return out.jpeg({ quality: c.quality }).withMetadata({ density: c.dpi }).toBuffer();
  if (c.format === "webp") return out.webp({ quality: c.quality }).toBuffer();
  return out.png({ compressionLevel: 6 }).withMetadata({ density: c.dpi }).toBuffer();
}

/** Faded print (black lifted towards grey) and sensor noise, on raw pixels. */
function degrade(data: Buffer, c: ImageChoice, rng: Rng): Uint8Array {
  const out = new Uint8Array(data.length);
  const lift = c.fade * 255;
  for (let i = 0; i < data.length; i++) {
    let v = lift + (data[i] * (255 - lift)) / 255;
    if (c.noise) v += c.noise * (rng.float() + rng.float() + rng.float() - 1.5) * 2;
    out[i] = Math.min(255, Math.max(0, v));
  }
  return out;
}
