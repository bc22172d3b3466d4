/**
 * 1D barcodes whose quiet zone something cuts into. zxing wants about five modules of white before
 * the start pattern and after the stop pattern; labels drawn as HTML/CSS often put the barcode in a
 * bordered cell a few points wide of it, or a divider line or text close beside it, and then
 * nothing decodes. Such a barcode is found from its bars (many dark strokes of one height, far taller
 * than wide, side by side), cut out without what stands beside them, and decoded again on a white
 * margin of its own. Only run when the whole-page pass found no 1D code.
 */
import { type Pixmap, otsuThreshold, toGrey, type Grey } from "../images/raster";
import type { ReaderOptions } from "zxing-wasm/reader";
import { decodeBarcodes, type Barcode } from "../images/zxing";

/** Where bars were found, in pixels of the page: `vertical` when the bars lie across (code turned). */
interface BarStrip {
  x: number;
  y: number;
  w: number;
  h: number;
  vertical: boolean;
  /** Narrowest bar, pixels (about one module). */
  module: number;
}

/** Bars per barcode at least (a 16-digit ITF has 44, a 13-character Code128 43). */
const MIN_BARS = 20;

interface Run {
  a: number;
  b: number;
  top: number;
  bottom: number;
}

type Dark = (u: number, v: number) => boolean;

/**
 * Bar strips of a grey page. Lines across the page are sampled; on each, every dark run's
 * height is measured at its middle. A barcode is a sequence of runs of about one height (a frame
 * line, taller, or text, shorter, ends it) at least four times taller than its widest bar.
 */
export function findBarStrips(g: Grey): BarStrip[] {
  const threshold = otsuThreshold(g);
  const strips: BarStrip[] = [];
  for (const vertical of [false, true]) {
    // Scan frame: u along the sampled line, v across it.
    const U = vertical ? g.height : g.width;
    const V = vertical ? g.width : g.height;
    const dark: Dark = vertical ? (u, v) => g.data[u * g.width + v] < threshold : (u, v) => g.data[v * g.width + u] < threshold;
    const step = Math.max(2, Math.round(V / 200));
    const read: [number, number][] = [];
    for (let v = step; v < V - step; v += step) {
      if (read.some(([a, b]) => v >= a && v <= b)) continue;
      for (let seq of barSequences(lineRuns(dark, v, U, V))) {
        // The first line to cross a tilted code may miss the bars that begin lower down: the line
        // across the middle of its bars reads them all.
        const mid = (median(seq.map((r) => r.top)) + median(seq.map((r) => r.bottom))) >> 1;
        if (Math.abs(mid - v) > step) {
          const across = barSequences(lineRuns(dark, mid, U, V)).filter((o) => o[0].a < seq[seq.length - 1].b && seq[0].a < o[o.length - 1].b);
          // The widest: a line along the bars' ends, with specks of paper splitting bars, may have more runs.
          const widest = across.sort((a, b) => extent(b) - extent(a))[0];
          if (widest && extent(widest) >= extent(seq)) seq = widest;
        }
        const strip = stripOf(seq, vertical);
        strips.push(strip);
        read.push(vertical ? [strip.x, strip.x + strip.w] : [strip.y, strip.y + strip.h]);
      }
    }
  }
  return strips;
}

const extent = (seq: Run[]) => seq[seq.length - 1].b - seq[0].a;
const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1];

/** The dark runs of line v, each with where its bar ends above and below. */
function lineRuns(dark: Dark, v: number, U: number, V: number): Run[] {
  const runs: Run[] = [];
  for (let u = 0; u < U; ) {
    if (!dark(u, v)) {
      u++;
      continue;
    }
    const a = u;
    while (u < U && dark(u, v)) u++;
    runs.push({ a, b: u, top: follow(dark, (a + u) >> 1, v, -1, U, V), bottom: follow(dark, (a + u) >> 1, v, 1, U, V) });
  }
  return runs;
}

function stripOf(seq: Run[], vertical: boolean): BarStrip {
  const module = Math.max(1, Math.min(...seq.map((r) => r.b - r.a)));
  const top = median(seq.map((r) => r.top));
  const bottom = median(seq.map((r) => r.bottom));
  const u0 = seq[0].a;
  const u1 = seq[seq.length - 1].b;
  return vertical
    ? { x: top, y: u0, w: bottom - top + 1, h: u1 - u0, vertical, module }
    : { x: u0, y: top, w: u1 - u0, h: bottom - top + 1, vertical, module };
}

/**
 * Where a bar ends, followed from (u, v) in direction `dv` (-1 up, 1 down): straight on while dark,
 * else a pixel aside, so the bar of a code turned a degree or two is followed to its end; a speck
 * of paper inside a bar (1-bit thermal prints have them) is stepped over.
 */
function follow(dark: Dark, u: number, v: number, dv: number, U: number, V: number): number {
  const inkAt = (uu: number, vv: number) => (dark(uu, vv) ? uu : uu > 0 && dark(uu - 1, vv) ? uu - 1 : uu < U - 1 && dark(uu + 1, vv) ? uu + 1 : -1);
  for (;;) {
    const next = v + dv;
    if (next < 0 || next >= V) return v;
    const here = inkAt(u, next);
    if (here >= 0) {
      [u, v] = [here, next];
      continue;
    }
    const beyond = next + dv >= 0 && next + dv < V ? inkAt(u, next + dv) : -1;
    if (beyond < 0) return v;
    [u, v] = [beyond, next + dv];
  }
}

/**
 * Maximal sequences of neighbouring runs that read as bars: each starts and ends where its
 * neighbour does (within a pixel or two, so a tilted code still counts; a frame line, taller, or
 * text, shorter, does not), and the bars are far taller than the widest of them.
 */
function barSequences(runs: Run[]): Run[][] {
  const out: Run[][] = [];
  let seq: Run[] = [];
  const height = (r: Run) => r.bottom - r.top + 1;
  const flush = () => {
    if (seq.length >= MIN_BARS) {
      const widest = Math.max(...seq.map((r) => r.b - r.a));
      const h = seq.map(height).sort((p, q) => p - q)[seq.length >> 1];
      if (h >= 4 * widest && h >= 12) out.push(seq);
    }
    seq = [];
  };
  for (const r of runs) {
    const prev = seq[seq.length - 1];
    const tol = prev ? Math.max(2, Math.round(0.03 * height(prev))) : 0;
    const fits = prev && Math.abs(r.top - prev.top) <= tol && Math.abs(r.bottom - prev.bottom) <= tol && r.a - prev.b <= height(prev) / 2;
    // A run that does not fit ends the sequence and may start the next one.
    if (!fits) flush();
    seq.push(r);
  }
  flush();
  return out;
}

/** The strip cut out of the page (one bar-width of its surroundings kept) on a white margin. */
function cutOut(p: Pixmap, s: BarStrip): { pixmap: Pixmap; dx: number; dy: number } {
  const keep = Math.max(1, Math.floor(s.module / 2));
  const margin = Math.max(24, s.module * 12);
  // Across the bars: a margin of white; along them, a little of the page (the bars' own ends).
  const [mx, my] = s.vertical ? [4, margin] : [margin, 4];
  const x0 = Math.max(0, s.x - (s.vertical ? 0 : keep));
  const y0 = Math.max(0, s.y - (s.vertical ? keep : 0));
  const x1 = Math.min(p.width, s.x + s.w + (s.vertical ? 0 : keep));
  const y1 = Math.min(p.height, s.y + s.h + (s.vertical ? keep : 0));
  const width = x1 - x0 + 2 * mx;
  const height = y1 - y0 + 2 * my;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = y0; y < y1; y++) {
    data.set(p.data.subarray((y * p.width + x0) * 4, (y * p.width + x1) * 4), ((y - y0 + my) * width + mx) * 4);
  }
  return { pixmap: { data, width, height }, dx: x0 - mx, dy: y0 - my };
}

const LINEAR: ReaderOptions = { formats: ["Code128", "ITF"], maxNumberOfSymbols: 1 };

const stripBox = (s: BarStrip) => ({ x: s.x, y: s.y, w: s.w, h: s.h });

/**
 * 1D barcodes read from their bars cut out of the page, in page coordinates; where the cut-out
 * reads nothing, from the bars drawn again on their module grid (a Code128 drawn with about 1.5
 * pixels a module: onModuleGrid).
 */
export async function framedLinearBarcodes(p: Pixmap): Promise<Barcode[]> {
  const found: Barcode[] = [];
  const grey = toGrey(p, Math.max(p.width, p.height));
  for (const strip of findBarStrips(grey)) {
    const { pixmap, dx, dy } = cutOut(p, strip);
    let read = (await decodeBarcodes(pixmap, LINEAR)).map((b) => ({ ...b, box: { ...b.box, x: b.box.x + dx, y: b.box.y + dy } }));
    const grid = read.length ? null : onModuleGrid(grey, strip);
    // The grid is drawn from its start along the strip: rightwards (down the page for a vertical
    // strip: a code turned a quarter clockwise), or from the strip's end when it was reversed.
    const turn = (b: Barcode) => ((b.rotation ?? 0) + (strip.vertical ? 90 : 0) + (grid?.reversed ? 180 : 0)) % 360;
    if (grid) read = (await decodeBarcodes(grid.pixmap, { ...LINEAR, formats: ["Code128"] })).map((b) => ({ ...b, box: stripBox(strip), rotation: turn(b) }));
    for (const b of read) if (!found.some((f) => f.text === b.text)) found.push(b);
  }
  return found;
}

/** Pixels a module when a code is drawn again on its module grid; white modules either side. */
const GRID_PX = 3;
const GRID_QUIET = 12;

/**
 * A Code128 drawn with 1-2 pixels a module (a screenshot at 96-120 DPI, or a flattened PDF of one)
 * reads as nothing: the browser snaps each bar's edges to whole pixels, so one-module bars and
 * spaces come out 1 or 2 pixels wide and zxing, which compares widths, cannot tell 1 module from 2.
 * The module grid is still there: a Code128 of n symbols (start and check included) has 3n + 4 bars
 * (4 in the stop pattern) over 11n + 13 modules, so the bar count gives the module pitch; the grid's
 * offset and pitch are fitted so every edge is as near a module boundary as can be (a snapped edge
 * moved by at most half a pixel, a third of a module), each edge is put on its nearest boundary,
 * and the bars are drawn again at those widths, GRID_PX a module, for zxing, whose check digit
 * decides as for any code (`reversed`: drawn mirrored, the code's start being at the strip's end).
 * Null when the bars are not a Code128's count or do not fit one grid.
 */
function onModuleGrid(g: Grey, s: BarStrip): { pixmap: Pixmap; reversed: boolean } | null {
  const edges = barEdges(g, s);
  const symbols = (edges.length / 2 - 4) / 3;
  if (!Number.isInteger(symbols) || symbols < 4) return null;
  const modules = 11 * symbols + 13;
  const fitted = fitGrid(edges, modules);
  // Every symbol 11 modules, the stop pattern 13, every bar and space 1-4 modules wide.
  const fits = (at: number[]) =>
    at[0] === 0 && at[at.length - 1] === modules && at.every((k, j) => j === 0 || (k - at[j - 1] >= 1 && k - at[j - 1] <= 4)) && at.every((k, j) => j % 6 || j > 6 * symbols || k === (11 * j) / 6);
  // A code read right to left (upside down) has its stop pattern first: drawn mirrored.
  const mirrored = fitted.map((k) => modules - k).reverse();
  const reversed = !fits(fitted);
  const at = reversed ? mirrored : fitted;
  if (!fits(at)) return null;
  const widths = at.slice(1).map((k, j) => k - at[j]);
  const width = (modules + 2 * GRID_QUIET) * GRID_PX;
  const height = 8 * GRID_PX;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let j = 0; j < widths.length; j += 2) {
    const x0 = (GRID_QUIET + at[j]) * GRID_PX;
    const x1 = (GRID_QUIET + at[j + 1]) * GRID_PX;
    for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { pixmap: { data, width, height }, reversed };
}

/**
 * The module boundary of each edge: the grid (first boundary x0, pitch) under which the farthest
 * edge from its nearest boundary is nearest, searched around the first edge and the mean pitch.
 */
function fitGrid(edges: number[], modules: number): number[] {
  const mean = (edges[edges.length - 1] - edges[0]) / modules;
  let best = { worst: Infinity, x0: edges[0], pitch: mean };
  for (let dp = -12; dp <= 12; dp++) {
    const pitch = mean * (1 + dp * 0.0005);
    for (let dx = -14; dx <= 14; dx++) {
      const x0 = edges[0] + dx * 0.05 * pitch;
      let worst = 0;
      for (const e of edges) worst = Math.max(worst, Math.abs(e - x0 - Math.round((e - x0) / pitch) * pitch));
      if (worst < best.worst) best = { worst, x0, pitch };
    }
  }
  return edges.map((e) => Math.round((e - best.x0) / best.pitch));
}

/**
 * The edges of a strip's bars, in pixels along it (first bar's leading edge, its trailing edge, the
 * next bar's leading edge...): where the profile across the bars, averaged along the middle half of
 * their length, crosses halfway between ink and paper, placed between pixel centres.
 */
function barEdges(g: Grey, s: BarStrip): number[] {
  // Two pixels of paper either side, for the first and last edges.
  const along = s.vertical ? s.w : s.h;
  const u0 = Math.max(0, (s.vertical ? s.y : s.x) - 2);
  const n = Math.min(s.vertical ? g.height : g.width, (s.vertical ? s.y + s.h : s.x + s.w) + 2) - u0;
  const v0 = Math.round((s.vertical ? s.x : s.y) + along / 4);
  const v1 = Math.max(v0 + 1, Math.round((s.vertical ? s.x : s.y) + (3 * along) / 4));
  const profile = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    for (let v = v0; v < v1; v++) sum += s.vertical ? g.data[(u0 + i) * g.width + v] : g.data[v * g.width + u0 + i];
    profile[i] = sum / (v1 - v0);
  }
  let lo = 255;
  let hi = 0;
  for (const x of profile) [lo, hi] = [Math.min(lo, x), Math.max(hi, x)];
  const t = (lo + hi) / 2;
  if (hi - lo < 64 || profile[0] < t || profile[n - 1] < t) return [];
  const edges: number[] = [];
  for (let i = 1; i < n; i++) {
    if (profile[i - 1] < t !== profile[i] < t) edges.push(i - 0.5 + (profile[i - 1] - t) / (profile[i - 1] - profile[i]));
  }
  return edges;
}
