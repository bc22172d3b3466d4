/**
 * The label's paper cut out of what surrounds it in a screenshot or a photo: a PDF viewer's grey
 * surround and toolbar, a desk under a photo, straight or with the label turned on it. OCR of the
 * whole picture reads the surround as text (a viewer's file name as the sender) or, on a photo of a
 * turned label on a desk, reads nothing at all: Tesseract's page layout takes the page for a picture.
 */
import { cropGrey, type Grey } from "../../images/raster";

/**
 * The label's paper cut out of what surrounds it: a PDF viewer's grey surround and toolbar (whose
 * file name 'label.pdf' was read as the sender), a desk under a photo. Paper is the brightest part
 * of the picture. Its columns are those a quarter or more paper; its rows, within those columns,
 * those a third or more paper (a label narrow in a wide screenshot, with text on its rows); thin
 * dark lines across the paper (a frame's divider, a black band) do not split it. The page is left
 * whole when what would be cut away is not mostly darker than paper (a label image with white
 * margins), is too little to matter (under 4% of a side), or is not across a sharp edge (a shadow
 * fading over the paper is part of the label).
 */
export function paperOnly(g: Grey): Grey {
  // Paper shaded by uneven light (the top of a photographed label, grey against a dark desk) is
  // still paper: halfway between the surround and the brightest paper, where that is lower.
  const bright = Math.min(paperLevel(g), Math.round((borderGrey(g) + paperLevel(g) + 35) / 2));
  const isPaper = (x: number, y: number) => g.data[y * g.width + x] >= bright;
  const [x0, x1] = paperRun(g.width, g.height, g.height * 0.25, (x, y) => isPaper(x, y));
  if (x1 <= x0) return g;
  const [y0, y1] = paperRun(g.height, x1 - x0, (x1 - x0) / 3, (y, i) => isPaper(x0 + i, y));
  const cut = Math.max(y0, g.height - y1, x0, g.width - x1);
  if (y1 <= y0 || cut < 0.04 * Math.min(g.width, g.height)) return g;
  // What is cut away must be mostly not paper.
  let all = 0;
  let inside = 0;
  for (let y = 0; y < g.height; y++) {
    for (let x = 0; x < g.width; x++) {
      if (!isPaper(x, y)) continue;
      all++;
      if (y >= y0 && y < y1 && x >= x0 && x < x1) inside++;
    }
  }
  if (all - inside > 0.2 * (g.width * g.height - (x1 - x0) * (y1 - y0))) return g;
  if (!sharpEdges(g, x0, x1, y0, y1)) return g;
  return cropGrey(g, x0, y0, x1, y1);
}

/**
 * Whether each side cut away meets the paper at an edge: the lines just outside it (4-8 px out)
 * are on average 40 levels or more darker than those just inside (0-4 px in).
 */
function sharpEdges(g: Grey, x0: number, x1: number, y0: number, y1: number): boolean {
  const mean = (xa: number, xb: number, ya: number, yb: number) => {
    [xa, xb, ya, yb] = [Math.max(0, xa), Math.min(g.width, xb), Math.max(0, ya), Math.min(g.height, yb)];
    let s = 0;
    for (let y = ya; y < yb; y++) for (let x = xa; x < xb; x++) s += g.data[y * g.width + x];
    return s / Math.max(1, (xb - xa) * (yb - ya));
  };
  const sides = [
    [x0 > 0, mean(x0, x0 + 4, y0, y1), mean(x0 - 8, x0 - 4, y0, y1)],
    [x1 < g.width, mean(x1 - 4, x1, y0, y1), mean(x1 + 4, x1 + 8, y0, y1)],
    [y0 > 0, mean(x0, x1, y0, y0 + 4), mean(x0, x1, y0 - 8, y0 - 4)],
    [y1 < g.height, mean(x0, x1, y1 - 4, y1), mean(x0, x1, y1 + 4, y1 + 8)],
  ] as const;
  return sides.every(([cut, inner, outer]) => !cut || inner - outer >= 40);
}

/** The grey level from which a pixel is paper: a little under the brightest 5% of the picture. */
function paperLevel(g: Grey): number {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i += 7) hist[g.data[i]]++;
  const total = Math.ceil(g.data.length / 7);
  let seen = 0;
  for (let v = 255; v >= 0; v--) {
    seen += hist[v];
    if (seen >= total * 0.05) return Math.max(150, v - 35);
  }
  return 150;
}

/** The median grey of the picture's border: paper on a scan, the desk under a photo. */
function borderGrey(g: Grey): number {
  const { width: w, height: h, data } = g;
  const border: number[] = [];
  for (let x = 0; x < w; x += 2) border.push(data[x], data[(h - 1) * w + x]);
  for (let y = 0; y < h; y += 2) border.push(data[y * w], data[y * w + w - 1]);
  border.sort((a, b) => a - b);
  return border[border.length >> 1];
}

/**
 * [start, end) of the longest stretch of lines 0..n-1 with at least `min` paper pixels of the
 * `across` looked at on each (`paper(line, i)`), gaps under 2% of n (a thin dark line) bridged.
 */
function paperRun(n: number, across: number, min: number, paper: (line: number, i: number) => boolean): [number, number] {
  const gap = Math.max(2, Math.round(n * 0.02));
  let best: [number, number] = [0, 0];
  let start = -1;
  let last = -1;
  for (let line = 0; line <= n; line++) {
    let count = 0;
    if (line < n) for (let i = 0; i < across && count < min; i++) if (paper(line, i)) count++;
    if (line < n && count >= min) {
      if (start < 0 || line - last > gap) start = line;
      last = line;
      if (last + 1 - start > best[1] - best[0]) best = [start, last + 1];
    }
  }
  return best;
}


/**
 * A photo of a label turned on a desk: paperOnly cuts rows and columns, which a turned label's
 * edges cross, so it leaves the page whole, desk and all, and Tesseract then reads nothing. When
 * the picture's border is mostly darker than its paper, the dark surround reached from the border
 * (pixels under halfway between the border's median and the paper's level, 4-connected) is painted
 * white and the picture cut to what is left: the paper, still turned, which `levelled` then levels.
 * Ink inside the paper is ringed by paper, so the fill never reaches it; print at the paper's edge
 * (a black header band) goes with the desk, so this is a second try for a page read as nothing. A page whose border is
 * paper (a scan, a label image) is returned as it is.
 */
export function offDesk(g: Grey): Grey {
  const { width: w, height: h, data } = g;
  const desk = borderGrey(g);
  const paper = paperLevel(g) + 35;
  if (paper - desk < 60) return g;
  const t = (desk + paper) / 2;
  const off = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!off[i] && data[i] < t) {
      off[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) {
    push(x);
    push((h - 1) * w + x);
  }
  for (let y = 0; y < h; y++) {
    push(y * w);
    push(y * w + w - 1);
  }
  let count = 0;
  while (stack.length) {
    const i = stack.pop()!;
    count++;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < (h - 1) * w) push(i + w);
  }
  if (count < 0.05 * w * h || count > 0.9 * w * h) return g;
  // The paper's edge, shaded between desk and paper, and specks of the desk's grain go with the desk:
  // a thin dark line along a turned edge made Tesseract take the whole page for a picture.
  grow(off, w, h, Math.max(2, Math.round(Math.min(w, h) * 0.006)));
  // The paper's extent: rows and columns with 2% or more of their pixels not surround (specks of the desk's grain are fewer).
  const rows = new Uint32Array(h);
  const cols = new Uint32Array(w);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (off[y * w + x]) continue;
      rows[y]++;
      cols[x]++;
    }
  }
  const first = (n: Uint32Array, min: number) => n.findIndex((c) => c >= min);
  const last = (n: Uint32Array, min: number) => n.length - 1 - [...n].reverse().findIndex((c) => c >= min);
  const [x0, x1, y0, y1] = [first(cols, 0.02 * h), last(cols, 0.02 * h), first(rows, 0.02 * w), last(rows, 0.02 * w)];
  if (x0 < 0 || y0 < 0 || x1 <= x0 || y1 <= y0) return g;
  const cw = x1 - x0 + 1;
  const out = new Uint8Array(cw * (y1 - y0 + 1));
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out[(y - y0) * cw + x - x0] = off[y * w + x] ? 255 : data[y * w + x];
  return { data: out, width: cw, height: y1 - y0 + 1 };
}

/** `mask` grown by `r` pixels (4-connected steps) into its neighbours. */
function grow(mask: Uint8Array, w: number, h: number, r: number): void {
  let edge: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = i % w;
    if ((x > 0 && !mask[i - 1]) || (x < w - 1 && !mask[i + 1]) || (i >= w && !mask[i - w]) || (i < (h - 1) * w && !mask[i + w])) edge.push(i);
  }
  for (let step = 0; step < r; step++) {
    const next: number[] = [];
    for (const i of edge) {
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < (h - 1) * w ? i + w : -1]) {
        if (j >= 0 && !mask[j]) {
          mask[j] = 1;
          next.push(j);
        }
      }
    }
    edge = next;
  }
}
