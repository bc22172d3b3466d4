/**
 * Labels as images: a Chromium screenshot of the HTML label at the chosen resolution, inside a
 * scene (a flatbed scan, a PDF viewer screenshot, a photo on a desk with a 3D CSS tilt and uneven
 * light), then sharp for what scanners, cameras and thermal printers do: small rotation, blur,
 * noise, faded print, 1-bit thresholding, JPEG/WEBP compression, a quarter turn.
 * Not modelled: lens distortion, real paper texture, creases and glare; the perspective is a CSS 3D
 * transform of a flat label (a pinhole camera without a lens).
 */
import sharp from "sharp";
import type { Chromium } from "./chromium.ts";
import type { Drawing } from "./layout.ts";
import type { Rng } from "./random.ts";
import { drawingHtml, type HtmlStyle } from "./render-html.ts";

export type ImageKind = "scan" | "photo" | "thermal" | "screenshot";

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
  /** Photo tilt (degrees about x, y and z). */
  tilt: [number, number, number];
}

/** Pixels an upload may have (the import refuses images above 12 Mpx): images stay under. */
const MAX_PIXELS = 11_000_000;

export function imageChoice(rng: Rng): ImageChoice {
  const kind = rng.weighted([["scan", 45], ["photo", 25], ["thermal", 18], ["screenshot", 12]] as const);
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
  };
}

const SCENE_CSS = `*{margin:0;padding:0;box-sizing:border-box}html,body{overflow:hidden}
.t{position:absolute;white-space:pre;line-height:1.15;color:#000}.r{position:absolute}.d{position:relative;overflow:hidden;background:#fff}`;

/** The HTML scene and its size in CSS px for one kind of image. */
async function scene(d: Drawing, style: HtmlStyle, c: ImageChoice, rng: Rng): Promise<{ html: string; width: number; height: number }> {
  const zoom = c.dpi / 72; // CSS px per point at this resolution (the viewport is in device px 1:1)
  const lw = d.w * zoom;
  const lh = d.h * zoom;
  const label = await drawingHtml(d, style, `zoom:${(zoom * 72) / 96}`);
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
  // A photo: the label on a desk, tilted in 3D, lit unevenly.
  const margin = Math.max(lw, lh) * rng.float(0.06, 0.14);
  const [rx, ry, rz] = c.tilt;
  const desk = rng.pick(["#8b6b4a", "#a08060", "#5f6a72", "#c9c2b8", "#3d3b3a", "#d7d0c4"]);
  const light = `<div style="position:absolute;inset:0;background:radial-gradient(circle at ${rng.int(10, 90)}% ${rng.int(10, 90)}%, rgba(255,255,255,0) 30%, rgba(0,0,0,${rng.float(0.1, 0.35).toFixed(2)}) 100%);pointer-events:none"></div>`;
  const body = `<div style="position:absolute;left:${margin}px;top:${margin}px;transform:perspective(${Math.round(Math.max(lw, lh) * rng.float(1.5, 3))}px) rotateX(${rx}deg) rotateY(${ry}deg) rotateZ(${rz}deg);box-shadow:${rng.int(2, 10)}px ${rng.int(2, 10)}px ${rng.int(6, 20)}px rgba(0,0,0,.45)">${label}</div>${light}`;
  return { html: doc(`background:${desk} repeating-linear-gradient(${rng.int(0, 180)}deg, rgba(0,0,0,.04) 0 3px, rgba(255,255,255,.03) 3px 7px)`, body), width: lw + 2 * margin, height: lh + 2 * margin };
}

const doc = (bodyCss: string, content: string) =>
  `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><style>${SCENE_CSS}body{${bodyCss}}</style></head><body>${content}</body></html>`;

/** Lowers the resolution until the image stays under the import's pixel limit. */
function capped(d: Drawing, c: ImageChoice): ImageChoice {
  const margin = c.kind === "photo" ? 1.3 : c.kind === "screenshot" ? 1.35 : 1;
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
  // The thermal head's cut-off sits between the (faded) black and the paper, nearer one or the other.
  const lift = c.fade * 255;
  if (c.kind === "thermal") return out.greyscale().threshold(Math.round(lift + (255 - lift) * rng.float(0.35, 0.65))).png({ palette: true, colours: 2 }).withMetadata({ density: c.dpi }).toBuffer();
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
