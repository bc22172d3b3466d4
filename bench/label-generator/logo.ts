/**
 * Carrier and brand names drawn as pictures, as real labels print their logos: a PNG of the name
 * (rendered by sharp from SVG text with the system's fonts) that both renderers embed, so the
 * name is on the page but not in the text layer.
 */
import sharp from "sharp";
import type { LogoItem } from "./layout.ts";

const cache = new Map<string, Promise<Buffer>>();
const FAMILY = { sans: "DejaVu Sans, Liberation Sans, sans-serif", narrow: "DejaVu Sans Condensed, sans-serif", serif: "DejaVu Serif, serif", mono: "DejaVu Sans Mono, monospace" };

/** The logo as a PNG at 4 px per point (288 dpi), black on white. */
export function logoPng(l: LogoItem): Promise<Buffer> {
  const key = `${l.text}|${l.font}|${l.bold}|${l.w.toFixed(1)}|${l.h.toFixed(1)}`;
  let p = cache.get(key);
  if (!p) {
    const esc = l.text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${l.w * 4}" height="${l.h * 4}"><rect width="100%" height="100%" fill="#fff"/><text x="0" y="${l.size * 4 * 0.95}" font-family="${FAMILY[l.font]}" font-size="${l.size * 4}" ${l.bold ? 'font-weight="bold"' : ""} textLength="${l.w * 4 * 0.96}" lengthAdjust="spacingAndGlyphs">${esc}</text></svg>`;
    p = sharp(Buffer.from(svg)).flatten({ background: "#fff" }).png().toBuffer();
    if (cache.size > 500) cache.clear();
    cache.set(key, p);
  }
  return p;
}
