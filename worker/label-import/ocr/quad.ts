/**
 * A phone photo of a label lying on a table: the paper is a quadrilateral, not a rectangle (the
 * camera held at a slant makes the far edge shorter), turned any way on wood, cloth or a desk, often
 * with a shadow across it. Tesseract reads lines that converge badly, and levelling one angle
 * (ocr/image.ts) cannot make them parallel. So the paper's four corners are found and the paper is
 * drawn again as an upright rectangle (a homography), before OCR.
 *
 * Paper is told from what it lies on by being light and colourless: wood and cloth have colour, a
 * shadow over paper darkens it but leaves it grey. The picture is scored so (light minus colour) at
 * about 400 px across, split by Otsu's threshold, and the largest region of paper (its print filled
 * in) is taken; its convex hull is cut down to the four corners that keep the most of its area. Only
 * a clear case is drawn again: the region a good part of the picture and well inside it, the four
 * corners holding it closely with angles a slanted rectangle can have. Anything else (a scan, a
 * screenshot, a label cut by the frame) is left to paperOnly.
 */
import { type Pixmap, otsuThreshold, type Grey } from "../../images/raster";

type Point = [number, number];

/** Splits of the score under Otsu's tried in turn, as shares of it: for paper in shadow at its edge (paperQuad). */
const LOWER = [0.85, 0.7, 0.55];

/** Longer side of the picture the paper is looked for in. */
const LOOK_SIDE = 400;

/**
 * The paper's corners in the picture's pixels, in reading order for the least turn (top-left,
 * top-right, bottom-right, bottom-left: the top edge is the one nearest to level on top), or null
 * when the picture is not clearly a photo of one label lying on something.
 */
export function paperQuad(p: Pixmap): Point[] | null {
  const scale = Math.min(1, LOOK_SIDE / Math.max(p.width, p.height));
  const score = paperScore(p, scale);
  // Otsu's split, else the split among its lighter side (a bright patch of table joined to the paper), else lower
  // splits: a shadow across the paper's edge leaves paper there that scores under Otsu's split, and the side found
  // runs inside the paper (sharpSides refuses it). Each is taken only where every check below holds.
  const t = otsuThreshold(score);
  const lighter = score.data.filter((v) => v >= t);
  for (const threshold of [t, otsuThreshold({ data: lighter, width: lighter.length, height: 1 }), ...LOWER.map((k) => Math.round(t * k))]) {
    const quad = quadAt(score, threshold);
    if (quad) return ordered(quad).map(([x, y]) => [(x + 0.5) / scale - 0.5, (y + 0.5) / scale - 0.5]);
  }
  // No split of the score holds the paper: a grey table as light as the paper's shaded part (a lamp's fall-off across the
  // picture, a shadow over half of both). The paper is then found by its edges (edgeQuad).
  const quad = edgeQuad(score);
  return quad && ordered(quad).map(([x, y]) => [(x + 0.5) / scale - 0.5, (y + 0.5) / scale - 0.5]);
}

/** Lines of the edge picture looked at (HOUGH_PEAKS, the most votes first) and kept as candidates for the paper's sides (EDGE_LINES): edgeQuad. */
const HOUGH_PEAKS = 240;
const EDGE_LINES = 16;
/** Degrees either side of its own direction an edge pixel votes for (edgeQuad). */
const VOTE_DEG = 4;

/** A line in the score picture: the direction its edge steps up towards (degrees, 0-359, y down), its distance from the origin along it, and the edge pixels that voted for it. */
interface EdgeLine {
  deg: number;
  rho: number;
  votes: number;
}

/**
 * The paper's four corners found by its edges, where no threshold separates it from the table: every side of a
 * label lying on something is a long straight step up from the table onto the paper, sharp however the light falls
 * (a shadow darkens both alike, so the step stays); a grey table's texture gives short steps every way, and print
 * inside the paper steps down onto ink as often as up. The score picture's steps (gradient, thinned to its ridge)
 * vote for straight lines by the direction they step up towards (a Hough transform, 1° by 1 px); the strongest
 * lines are tried four at a time as the paper's sides, their up-steps all facing in, and the four kept whose
 * sides are steps up onto paper over most of their length (each side 65% or more, a step of 15 or more between 2 px
 * outside and 2 px inside and 6 px outside: a table, not a thin printed rule). Only for a photo: the picture's border
 * must be darker than its paper, the four corners inside the picture, the shape one a slanted rectangle can have,
 * and every side a sharp edge (sharpSides, by 15 or more on average). Null otherwise.
 */
function edgeQuad(score: Grey): Point[] | null {
  const { width: w, height: h } = score;
  // A scan or a label image: paper at the border. A photo's border is the table, darker than its paper.
  if (borderMedian(score) > percentile(score, 0.95) - 40) return null;
  const smooth = boxBlur(score);
  const at = (x: number, y: number) => bilinear(smooth, x, y);
  // Each line's support: for each step along it (1 px), whether it is a step up onto paper there.
  const diag = Math.hypot(w, h);
  const profile = ({ deg, rho }: EdgeLine) => {
    const [nx, ny] = [Math.cos((deg * Math.PI) / 180), Math.sin((deg * Math.PI) / 180)];
    const [ox, oy] = [nx * rho, ny * rho];
    const n = Math.ceil(2 * diag);
    const sums = new Uint32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const t = i - diag;
      const [x, y] = [ox - ny * t, oy + nx * t];
      const inside = at(x + 2 * nx, y + 2 * ny);
      const ok = x >= 0 && y >= 0 && x < w && y < h && inside - at(x - 2 * nx, y - 2 * ny) >= 15 && inside - at(x - 6 * nx, y - 6 * ny) >= 15;
      sums[i + 1] = sums[i] + (ok ? 1 : 0);
    }
    return { nx, ny, ox, oy, sums };
  };
  // The lines most of whose pixels step up onto paper, the longest first: a wooden table's grain gives many lines of
  // votes, but its steps are a few pixels wide, not a step onto something wide.
  const candidates = houghLines(smooth, w, h).map((line) => ({ line, profile: profile(line) }));
  const kept = candidates.filter((c) => c.profile.sums[c.profile.sums.length - 1] >= 0.15 * Math.min(w, h));
  kept.sort((a, b) => b.profile.sums[b.profile.sums.length - 1] - a.profile.sums[a.profile.sums.length - 1]);
  const lines = kept.slice(0, EDGE_LINES).map((c) => c.line);
  const profiles = kept.slice(0, EDGE_LINES).map((c) => c.profile);
  if (lines.length < 4) return null;
  const along = (k: number, p: Point) => -profiles[k].ny * (p[0] - profiles[k].ox) + profiles[k].nx * (p[1] - profiles[k].oy) + diag;
  const meet = (a: number, b: number): Point | null => {
    const [p, q] = [profiles[a], profiles[b]];
    const det = p.nx * q.ny - p.ny * q.nx;
    if (Math.abs(det) < 0.3) return null;
    const [ra, rb] = [lines[a].rho, lines[b].rho];
    return [(ra * q.ny - rb * p.ny) / det, (rb * p.nx - ra * q.nx) / det];
  };
  let best: { quad: Point[]; support: number } | null = null;
  const n = lines.length;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        for (let d = c + 1; d < n; d++) {
          // The sides in turn round the paper: their up-steps face in, each a quarter turn or so from the one before.
          const sides = [a, b, c, d].sort((i, j) => lines[i].deg - lines[j].deg);
          const turns = sides.map((k, i) => (lines[sides[(i + 1) % 4]].deg - lines[k].deg + 360) % 360);
          if (turns.some((t) => t < 45 || t > 135)) continue;
          const corners = sides.map((k, i) => meet(sides[(i + 3) % 4], k));
          if (corners.some((p) => !p || p[0] < 1 || p[1] < 1 || p[0] > w - 1 || p[1] > h - 1)) continue;
          const quad = corners as Point[];
          const area = polygonArea(quad);
          if (area < 0.12 * w * h || area > 0.92 * w * h || !rectangleInPerspective(quad)) continue;
          let support = 0;
          let weakest = 1;
          for (const [i, k] of sides.entries()) {
            const [s, e] = [along(k, quad[i]), along(k, quad[(i + 1) % 4])].sort((x, y) => x - y);
            const [lo, hi] = [Math.max(0, Math.round(s)), Math.min(profiles[k].sums.length - 1, Math.round(e))];
            const got = hi > lo ? profiles[k].sums[hi] - profiles[k].sums[lo] : 0;
            support += got;
            weakest = Math.min(weakest, got / Math.max(1, e - s));
          }
          if (weakest >= 0.65 && (!best || support > best.support)) best = { quad, support };
        }
      }
    }
  }
  // Sides found by their steps need not step by 25 on average: a side in a shadow steps by less (paper and table darkened alike).
  return best && sharpSides(score, best.quad, 15) ? best.quad : null;
}

/**
 * The strongest straight edges of `g` (HOUGH_PEAKS at most): each pixel where the picture steps by 6 or more (Sobel,
 * a ridge along its direction) votes for the lines through it within 2° of its direction; peaks 6° and 6 px apart.
 */
function houghLines(g: Grey, w: number, h: number): EdgeLine[] {
  const diag = Math.ceil(Math.hypot(w, h));
  const span = 2 * diag + 1;
  const acc = new Uint16Array(360 * span);
  const gx = new Float32Array(w * h);
  const gy = new Float32Array(w * h);
  const px = (x: number, y: number) => g.data[y * w + x];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      gx[y * w + x] = (px(x + 1, y - 1) + 2 * px(x + 1, y) + px(x + 1, y + 1) - px(x - 1, y - 1) - 2 * px(x - 1, y) - px(x - 1, y + 1)) / 8;
      gy[y * w + x] = (px(x - 1, y + 1) + 2 * px(x, y + 1) + px(x + 1, y + 1) - px(x - 1, y - 1) - 2 * px(x, y - 1) - px(x + 1, y - 1)) / 8;
    }
  }
  const cos = Float64Array.from({ length: 360 }, (_, d) => Math.cos((d * Math.PI) / 180));
  const sin = Float64Array.from({ length: 360 }, (_, d) => Math.sin((d * Math.PI) / 180));
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      const m = Math.hypot(gx[i], gy[i]);
      if (m < 6) continue;
      // A ridge: no stronger step one pixel either way along the step's direction.
      const [sx, sy] = [Math.round(gx[i] / m), Math.round(gy[i] / m)];
      const j = i + sy * w + sx;
      const k = i - sy * w - sx;
      if (Math.hypot(gx[j], gy[j]) > m || Math.hypot(gx[k], gy[k]) > m) continue;
      const deg = Math.round((Math.atan2(gy[i], gx[i]) * 180) / Math.PI + 360) % 360;
      for (let dd = -VOTE_DEG; dd <= VOTE_DEG; dd++) {
        const d = (deg + dd + 360) % 360;
        const rho = Math.round(x * cos[d] + y * sin[d]);
        acc[d * span + rho + diag]++;
      }
    }
  }
  const minVotes = 0.04 * Math.min(w, h);
  const peaks: EdgeLine[] = [];
  for (let d = 0; d < 360; d++) {
    for (let r = 0; r < span; r++) {
      const v = acc[d * span + r];
      if (v >= minVotes) peaks.push({ deg: d, rho: r - diag, votes: v });
    }
  }
  peaks.sort((a, b) => b.votes - a.votes);
  const kept: EdgeLine[] = [];
  for (const p of peaks) {
    if (kept.length >= HOUGH_PEAKS) break;
    const close = kept.some((k) => Math.min(Math.abs(k.deg - p.deg), 360 - Math.abs(k.deg - p.deg)) <= 6 && Math.abs(k.rho - p.rho) <= 6);
    if (!close) kept.push(p);
  }
  return kept;
}

/** Each pixel the mean of it and its eight neighbours (the picture's edge pixels as they are). */
function boxBlur(g: Grey): Grey {
  const { width: w, height: h, data } = g;
  const out = Uint8Array.from(data);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      let s = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) s += data[(y + dy) * w + x + dx];
      out[y * w + x] = Math.round(s / 9);
    }
  }
  return { data: out, width: w, height: h };
}

/** The median of the picture's outermost pixels. */
function borderMedian(g: Grey): number {
  const { width: w, height: h, data } = g;
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(data[x], data[(h - 1) * w + x]);
  for (let y = 0; y < h; y++) border.push(data[y * w], data[y * w + w - 1]);
  border.sort((a, b) => a - b);
  return border[border.length >> 1];
}

/** The grey level under which a share `q` of the picture's pixels lie. */
function percentile(g: Grey, q: number): number {
  const sorted = Uint8Array.from(g.data).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The paper's four corners in the score picture where paper is what scores `threshold` or more, or null. */
function quadAt(score: Grey, threshold: number): Point[] | null {
  const { width: w, height: h } = score;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = score.data[i] >= threshold ? 1 : 0;
  const region = largestRegion(mask, w, h);
  if (!region) return null;
  const filled = holesFilled(region.mask, w, h);
  let area = 0;
  let touching = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!filled[y * w + x]) continue;
      area++;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touching++;
    }
  }
  // Paper a good part of the picture, and lying inside it (not cut by the frame: that is a scan or a crop).
  if (area < 0.12 * w * h || area > 0.92 * w * h || touching > 0.02 * (w + h)) return null;
  const rough = fourCorners(convexHull(outline(filled, w, h)));
  const quad = rough && refined(rough, edgePixels(filled, w, h));
  if (!quad || !holdsClosely(quad, area) || !rectangleInPerspective(quad) || !sharpSides(score, quad)) return null;
  return quad;
}

/**
 * Every side of the quadrilateral is the paper's own edge: a step from paper to table within a
 * pixel or two (the picture a fortieth or so of its size), not a shadow's soft edge across the paper
 * (which a threshold can take for one: half a label in shadow cut off). Along each side's middle, the
 * score 1.5 px inside is `step` (25) or more over the score 1.5 px outside, and that step is most (60%) of the one 5 px either side.
 */
function sharpSides(score: Grey, quad: Point[], step = 25): boolean {
  const cx = quad.reduce((s, q) => s + q[0], 0) / 4;
  const cy = quad.reduce((s, q) => s + q[1], 0) / 4;
  return quad.every((a, i) => {
    const b = quad[(i + 1) % 4];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let [nx, ny] = [(b[1] - a[1]) / len, -(b[0] - a[0]) / len];
    // The normal pointing out of the paper (away from its middle).
    if (nx * (a[0] - cx) + ny * (a[1] - cy) < 0) [nx, ny] = [-nx, -ny];
    let [near, wide, n] = [0, 0, 0];
    for (let t = 0.15; t <= 0.85; t += 0.02) {
      const [x, y] = [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
      const at = (d: number) => bilinear(score, x + nx * d, y + ny * d);
      near += at(-1.5) - at(1.5);
      wide += at(-5) - at(5);
      n++;
    }
    return near / n >= step && near >= 0.6 * wide;
  });
}

/**
 * The paper drawn again upright: the quadrilateral mapped onto a rectangle as wide and tall as its
 * opposite edges are long on average (times `scale`), sampled from `g` (the same picture in grey). Null when the
 * paper already lies square in the picture (within a degree at every corner): cutting it out is
 * paperOnly's work.
 */
export function rectifiedPaper(g: Grey, quad: Point[], scale = 1): Grey | null {
  const [tl, tr, br, bl] = quad;
  const len = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);
  const width = Math.round((scale * (len(tl, tr) + len(bl, br))) / 2);
  const height = Math.round((scale * (len(tl, bl) + len(tr, br))) / 2);
  if (width < 50 || height < 50) return null;
  const square = quad.every(([x, y], i) => {
    const [nx, ny] = quad[(i + 1) % 4];
    const deg = (Math.atan2(ny - y, nx - x) * 180) / Math.PI;
    return Math.abs(((deg + 360) % 90) - (((deg + 360) % 90) > 45 ? 90 : 0)) < 1;
  });
  if (square) return null;
  const m = squareToQuad(quad);
  const out = new Uint8Array(width * height);
  for (let v = 0; v < height; v++) {
    const sv = (v + 0.5) / height;
    for (let u = 0; u < width; u++) {
      const su = (u + 0.5) / width;
      const z = m[6] * su + m[7] * sv + 1;
      const sx = (m[0] * su + m[1] * sv + m[2]) / z;
      const sy = (m[3] * su + m[4] * sv + m[5]) / z;
      out[v * width + u] = bilinear(g, sx, sy);
    }
  }
  return { data: out, width, height };
}

/**
 * The paper's light made even: each pixel divided by the paper's brightness around it (the
 * brightest pixel of each block about a fortieth of the paper across, spread over its neighbours
 * and smoothed), so a shadow across a photographed label no longer turns part of it dark for
 * Tesseract's one threshold. Dark areas larger than a block (a solid header box) are divided by at
 * most half the paper's level, so they stay dark.
 *
 * With `sharp` (the barcode reader's), the spread light is taken back by the same reach (the least of each block and its
 * neighbours: a closing) instead of smoothed: spread and smoothed, the lit paper's level reaches a block or two into the
 * shade, so the shaded spaces beside a sharp shadow edge stay half as light and read as bars. On codes drawn under a
 * shadow's edge soft over 10-40 px, the paper shaded to 45-60%: 75 of 80 read smoothed, 79 of 80 sharp (seed 2863224375),
 * none wrong; fresh seed 1294084473 read 6 of 10 smoothed, 10 sharp.
 */
export function evenLight(g: Grey, sharp = false): Grey {
  const { width: w, height: h, data } = g;
  const b = Math.max(8, Math.round(Math.min(w, h) / 40));
  const bw = Math.ceil(w / b);
  const bh = Math.ceil(h / b);
  const peak = new Float64Array(bw * bh);
  for (let y = 0; y < h; y++) {
    const row = ((y / b) | 0) * bw;
    for (let x = 0; x < w; x++) {
      const k = row + ((x / b) | 0);
      if (data[y * w + x] > peak[k]) peak[k] = data[y * w + x];
    }
  }
  // Each block's light: the brightest of it and its neighbours (a block all print has paper beside it), then averaged with them.
  const around = (src: Float64Array, pick: (vals: number[]) => number) => {
    const out = new Float64Array(src.length);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        const vals: number[] = [];
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (x + dx >= 0 && x + dx < bw && y + dy >= 0 && y + dy < bh) vals.push(src[(y + dy) * bw + x + dx]);
        out[y * bw + x] = pick(vals);
      }
    }
    return out;
  };
  const spread = around(peak, (v) => Math.max(...v));
  const light = sharp ? around(spread, (v) => Math.min(...v)) : around(spread, (v) => v.reduce((s, n) => s + n, 0) / v.length);
  const sorted = Float64Array.from(light).sort();
  const floor = sorted[Math.floor(sorted.length * 0.9)] / 2;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(bh - 1, Math.max(0, (y + 0.5) / b - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(bw - 1, Math.max(0, (x + 0.5) / b - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const tx = fx - x0;
      const top = light[y0 * bw + x0] * (1 - tx) + light[y0 * bw + x1] * tx;
      const bottom = light[y1 * bw + x0] * (1 - tx) + light[y1 * bw + x1] * tx;
      const level = Math.max(floor, top * (1 - ty) + bottom * ty, 1);
      out[y * w + x] = Math.min(255, (data[y * w + x] * 245) / level);
    }
  }
  return { data: out, width: w, height: h };
}

/** Light minus colour, 0-255, at `scale` (area-averaged): paper high, wood and cloth low, paper in shadow still above them. */
function paperScore(p: Pixmap, scale: number): Grey {
  const width = Math.max(1, Math.round(p.width * scale));
  const height = Math.max(1, Math.round(p.height * scale));
  const sum = new Float64Array(width * height);
  const count = new Uint32Array(width * height);
  // About four samples a cell are enough to see paper from table: a stride over larger pictures.
  const step = Math.max(1, Math.floor(1 / scale / 2));
  for (let y = 0; y < p.height; y += step) {
    const row = Math.min(height - 1, Math.floor((y + 0.5) * scale)) * width;
    for (let x = 0, i = y * p.width * 4; x < p.width; x += step, i += 4 * step) {
      const r = p.data[i];
      const g = p.data[i + 1];
      const b = p.data[i + 2];
      const light = (r * 299 + g * 587 + b * 114) / 1000;
      const colour = Math.max(r, g, b) - Math.min(r, g, b);
      const o = row + Math.min(width - 1, Math.floor((x + 0.5) * scale));
      sum[o] += light - 3 * colour;
      count[o]++;
    }
  }
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, count[i] ? sum[i] / count[i] : 0));
  return { data, width, height };
}

/** The largest 4-connected region of set pixels, or null when there is none. */
function largestRegion(mask: Uint8Array, w: number, h: number): { mask: Uint8Array } | null {
  const label = new Int32Array(w * h).fill(-1);
  let best = -1;
  let bestSize = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] >= 0) continue;
    const stack = [start];
    label[start] = start;
    let size = 0;
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i >= w ? i - w : -1, i < (h - 1) * w ? i + w : -1]) {
        if (j >= 0 && mask[j] && label[j] < 0) {
          label[j] = start;
          stack.push(j);
        }
      }
    }
    if (size > bestSize) [best, bestSize] = [start, size];
  }
  if (best < 0) return null;
  const out = new Uint8Array(w * h);
  for (let i = 0; i < out.length; i++) if (label[i] === best) out[i] = 1;
  return { mask: out };
}

/** The region with everything it encloses (its print, a barcode's bars): what the border cannot reach without crossing it. */
function holesFilled(region: Uint8Array, w: number, h: number): Uint8Array {
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const push = (i: number) => {
    if (!region[i] && !outside[i]) {
      outside[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < w; x++) [push(x), push((h - 1) * w + x)];
  for (let y = 0; y < h; y++) [push(y * w), push(y * w + w - 1)];
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    if (x > 0) push(i - 1);
    if (x < w - 1) push(i + 1);
    if (i >= w) push(i - w);
    if (i < (h - 1) * w) push(i + w);
  }
  return outside.map((o) => 1 - o);
}

/** The leftmost and rightmost pixel of each row of the region: enough for its convex hull. */
function outline(mask: Uint8Array, w: number, h: number): Point[] {
  const pts: Point[] = [];
  for (let y = 0; y < h; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (!mask[y * w + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) pts.push([first, y], [last + 1, y], [first, y + 1], [last + 1, y + 1]);
  }
  return pts;
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Andrew's monotone chain: the hull's corners anticlockwise (in y-down pixels, clockwise on screen). */
function convexHull(points: Point[]): Point[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const lower: Point[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const polygonArea = (pts: Point[]) => Math.abs(pts.reduce((s, p, i) => s + cross([0, 0], p, pts[(i + 1) % pts.length]), 0)) / 2;

/**
 * The hull cut down to four corners: the four of its corners that hold the most area. For each pair taken as a
 * diagonal, the corner farthest from it on each side (the two triangles' areas add up), so n³/2 steps for a hull of n
 * corners (tens). Cutting the corner that loses the least area one at a time (as this did until 30 Nov) can keep a
 * point a few pixels inside a rounded or shaded corner at both ends of a side, and that side then runs inside the
 * paper, where sharpSides finds no edge: a table photo whose label was read as nothing (fresh seed 683783121, file
 * 366, a 300 DPI table photo with a shadow across it).
 */
function fourCorners(hull: Point[]): Point[] | null {
  const n = hull.length;
  if (n < 4) return null;
  const triangle = (i: number, j: number, k: number) => Math.abs(cross(hull[i], hull[j], hull[k]));
  let most = -1;
  let corners: Point[] | null = null;
  for (let a = 0; a < n; a++) {
    for (let c = a + 2; c < n - (a === 0 ? 1 : 0); c++) {
      let [b, left] = [-1, -1];
      for (let k = a + 1; k < c; k++) {
        const s = triangle(a, k, c);
        if (s > left) [b, left] = [k, s];
      }
      let [d, right] = [-1, -1];
      for (let k = (c + 1) % n; k !== a; k = (k + 1) % n) {
        const s = triangle(a, k, c);
        if (s > right) [d, right] = [k, s];
      }
      if (left + right > most) [most, corners] = [left + right, [hull[a], hull[b], hull[c], hull[d]]];
    }
  }
  return corners;
}

/** The pixels of the region with a neighbour outside it, at their outer edge. */
function edgePixels(mask: Uint8Array, w: number, h: number): Point[] {
  const pts: Point[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!mask[i]) continue;
      if (x === 0 || !mask[i - 1]) pts.push([x, y + 0.5]);
      if (x === w - 1 || !mask[i + 1]) pts.push([x + 1, y + 0.5]);
      if (y === 0 || !mask[i - w]) pts.push([x + 0.5, y]);
      if (y === h - 1 || !mask[i + w]) pts.push([x + 0.5, y + 1]);
    }
  }
  return pts;
}

/**
 * The four corners made exact: each side a straight line fitted (least squares, perpendicular) to
 * the region's edge pixels along its middle (within 3 px of it, corners left out: a shaded or
 * rounded corner would pull it), the corners where the lines meet. The rough corners stand where a side has too few pixels.
 */
function refined(quad: Point[], edge: Point[]): Point[] {
  const lines: ([Point, Point] | null)[] = quad.map((a, i) => {
    const b = quad[(i + 1) % 4];
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const len = Math.hypot(dx, dy);
    const near = edge.filter(([x, y]) => {
      const t = ((x - a[0]) * dx + (y - a[1]) * dy) / (len * len);
      return t > 0.1 && t < 0.9 && Math.abs((x - a[0]) * dy - (y - a[1]) * dx) / len < 3;
    });
    if (near.length < 10) return null;
    const mx = near.reduce((s, p) => s + p[0], 0) / near.length;
    const my = near.reduce((s, p) => s + p[1], 0) / near.length;
    let [sxx, sxy, syy] = [0, 0, 0];
    for (const [x, y] of near) [sxx, sxy, syy] = [sxx + (x - mx) ** 2, sxy + (x - mx) * (y - my), syy + (y - my) ** 2];
    const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    return [[mx, my], [Math.cos(angle), Math.sin(angle)]];
  });
  return quad.map((corner, i) => {
    const [l1, l2] = [lines[(i + 3) % 4], lines[i]];
    if (!l1 || !l2) return corner;
    const [[x1, y1], [u1, v1]] = l1;
    const [[x2, y2], [u2, v2]] = l2;
    const det = u1 * v2 - v1 * u2;
    if (Math.abs(det) < 0.2) return corner;
    const t = ((x2 - x1) * v2 - (y2 - y1) * u2) / det;
    const met: Point = [x1 + t * u1, y1 + t * v1];
    return Math.hypot(met[0] - corner[0], met[1] - corner[1]) < 15 ? met : corner;
  });
}

/** The region fills the four corners' shape closely (a paper, not a blob or a paper with something lying across it). */
function holdsClosely(quad: Point[], area: number): boolean {
  const q = polygonArea(quad);
  return area >= 0.93 * q && area <= 1.04 * q;
}

/** Angles a slanted camera can give a rectangle (50-130° at each corner), opposite edges of alike length (within 2:1). */
function rectangleInPerspective(quad: Point[]): boolean {
  const len = (a: Point, b: Point) => Math.hypot(b[0] - a[0], b[1] - a[1]);
  for (let i = 0; i < 4; i++) {
    const [a, b, c] = [quad[(i + 3) % 4], quad[i], quad[(i + 1) % 4]];
    const cos = ((a[0] - b[0]) * (c[0] - b[0]) + (a[1] - b[1]) * (c[1] - b[1])) / (len(a, b) * len(c, b));
    if (Math.abs(cos) > Math.cos((50 * Math.PI) / 180)) return false;
  }
  const ratio = (x: number, y: number) => Math.max(x, y) / Math.min(x, y);
  return ratio(len(quad[0], quad[1]), len(quad[2], quad[3])) <= 2 && ratio(len(quad[1], quad[2]), len(quad[3], quad[0])) <= 2;
}

/**
 * The corners clockwise on screen from the top-left, where the top edge is the one whose direction is
 * nearest level with the paper above it: drawing the paper again then turns it by less than 45°, and
 * the quarter turns read from its barcodes still hold.
 */
function ordered(quad: Point[]): Point[] {
  const cx = quad.reduce((s, p) => s + p[0], 0) / 4;
  const cy = quad.reduce((s, p) => s + p[1], 0) / 4;
  // Clockwise on screen (y down): increasing angle.
  const cw = [...quad].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let start = 0;
  let best = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < 4; i++) {
    const [a, b] = [cw[i], cw[(i + 1) % 4]];
    // An edge running left to right (dx > 0) with the paper below it is a top edge; the most level one wins.
    const level = (b[0] - a[0]) / Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (level > best) [best, start] = [level, i];
  }
  return [0, 1, 2, 3].map((k) => cw[(start + k) % 4]);
}

/**
 * The projective map from the unit square ((0,0) top-left ... (1,1)) onto the quadrilateral
 * tl, tr, br, bl (Heckbert's closed form): [a b c d e f g h] with x = (a u + b v + c) / (g u + h v + 1).
 */
function squareToQuad([p0, p1, p2, p3]: Point[]): number[] {
  const [x0, y0] = p0;
  const [x1, y1] = p1;
  const [x2, y2] = p2;
  const [x3, y3] = p3;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  if (Math.abs(sx) < 1e-9 && Math.abs(sy) < 1e-9) return [x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0, 0];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / det;
  const h = (dx1 * sy - sx * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h];
}

/** The grey at (x, y) between pixel centres; white outside the picture. */
function bilinear(g: Grey, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= g.width - 1 || y0 >= g.height - 1) return 255;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * g.width + x0;
  const top = g.data[i] * (1 - fx) + g.data[i + 1] * fx;
  const bottom = g.data[i + g.width] * (1 - fx) + g.data[i + g.width + 1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/** A point of the paper drawn again (`rectifiedPaper`, `width` x `height`) in the picture's pixels. */
export function pictureOf(quad: Point[], width: number, height: number, [u, v]: Point): Point {
  const m = squareToQuad(quad);
  const [su, sv] = [(u + 0.5) / width, (v + 0.5) / height];
  const z = m[6] * su + m[7] * sv + 1;
  return [(m[0] * su + m[1] * sv + m[2]) / z, (m[3] * su + m[4] * sv + m[5]) / z];
}
