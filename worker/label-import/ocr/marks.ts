/**
 * Marks over capitals: a lost accent seen on the page. A capital letter has no dot, so over a word printed in capitals no
 * ink stands above the capitals' tops but an accent ('ANAÏS MARTIN', a clear 300 DPI scan both models read 'ANAIS': run
 * F, SEED=2548624490, file 1122; the capital Ó of 'Zoë Ó Súilleabháin' read 'O', file 3347, a flattened PDF). A name
 * holding a word read in capitals with no accented letter, whose word on the page shows such a mark, is none: its
 * reading lost the accent, and a miss is better than a wrong value.
 *
 * A mark is a speck of ink of a mark's size (a tenth to a half of the capitals' height high, at most four fifths of it
 * wide: Courier's tilde and grave are wide) over a capital: wholly above its top, its foot within two fifths of the height
 * of it, its top within two thirds, with clear paper over it for two fifths of the height (the line above's descenders
 * reach down to it and are not marks); or joined to its capital (a thin face's or a thermal print's), the capital then
 * standing a mark's height over its neighbours. Specks smaller than a mark are passed over (a scan's, a thermal print's).
 * Small letters are never judged: an i's and a j's dots stand where marks do.
 */
import type { LabelDetails } from "../../../shared/label";
import type { Grey } from "../../images/raster";
import type { TextLine } from "../../label-reading/text";

/** A component of ink: its box (x1, y1 past the end) and how many pixels it holds. */
export interface Blob {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  n: number;
  /** Its number in the labels components() gives. */
  id: number;
}

/**
 * Whether `name`, read from line `l` of page `g`, holds a word printed in capitals the reading gave plain ('ANAIS', the
 * 'O' of 'Zoë O Súilleabháin') while the page shows a mark over one of its capitals (see the file's comment). The name's
 * words are found on the page by the gaps between them; where the page's words and the name's do not pair off one to one,
 * nothing is judged.
 */
export function markOverCapitals(g: Grey, l: TextLine, name: string): boolean {
  const at = l.text.indexOf(name);
  const words = name.split(" ").filter(Boolean);
  // A word of capitals, stops, apostrophes and hyphens only: not one in brackets, whose tops stand over the capitals'.
  const judged = words.map((w) => /^[A-Z'’.-]+$/.test(w) && /[A-Z]/.test(w));
  if (at < 0 || !judged.some(Boolean)) return false;
  const width = l.width ?? l.text.length * l.size * 0.6;
  // The name's share of the line, by its characters.
  const start = l.x + (width * at) / l.text.length;
  const end = l.x + (width * (at + name.length)) / l.text.length;
  const stretch = stretchInk(g, l, start, end);
  if (!stretch) return false;
  const { x0, y0, w, h, ink, labels, blobs } = stretch;
  // The letters: blobs at least half the line's height across its box's middle row, touching neither the crop's top nor
  // its foot (not the lines above and under).
  const middle = l.y + l.size / 2 - y0;
  const tall = blobs.filter((b) => b.y1 - b.y0 >= l.size * 0.5 && b.y0 > 0 && b.y1 < h && b.y0 <= middle && b.y1 >= middle);
  if (!tall.length) return false;
  // Words holding a letter, parted by the ink of letters and stops, not of specks (a scan's or a thermal print's).
  const speck = Math.max(4, (l.size * 0.12) ** 2);
  const print = ink.map((v, i) => (v && blobs[labels[i] - 1].n >= speck ? 1 : 0));
  const spans = wordSpans(print, w, median(tall.map((b) => b.y0)), median(tall.map((b) => b.y1))).filter(([a, b]) => tall.some((t) => (t.x0 + t.x1) / 2 >= a && (t.x0 + t.x1) / 2 < b));
  // A piece of the words either side the crop took in, wholly within its room left and right, is not the name's.
  while (spans.length > words.length && spans[0][1] <= start - x0) spans.shift();
  while (spans.length > words.length && spans[spans.length - 1][0] >= end - x0) spans.pop();
  if (spans.length !== words.length) return wholeMarked(judged, tall, start - x0, end - x0, (caps, a, b) => markOver(ink, labels, w, blobs, caps, a, b));
  const marked = spans.filter(([a, b], k) => judged[k] && markOver(ink, labels, w, blobs, tall.filter((t) => (t.x0 + t.x1) / 2 >= a && (t.x0 + t.x1) / 2 < b), a, b));
  return marked.length > 0;
}

/**
 * Whether a name whose words the gaps do not part (set closer than two fifths of their height: 'DR JOAQUÍN WHITE' in a
 * condensed bold face ran into one span, its Í read 'I': run I, SEED=139911343, file 2792, a 240 DPI table photo) shows a
 * mark over its capitals, judged whole: only where every word is one of capitals (`judged`), over the capitals (`tall`)
 * whose middles lie in the name's stretch (`a` to `b`).
 */
function wholeMarked(judged: boolean[], tall: Blob[], a: number, b: number, over: (caps: Blob[], a: number, b: number) => boolean): boolean {
  const own = tall.filter((t) => (t.x0 + t.x1) / 2 >= a && (t.x0 + t.x1) / 2 < b);
  if (!judged.every(Boolean) || !own.length) return false;
  return over(own, Math.min(...own.map((t) => t.x0)), Math.max(...own.map((t) => t.x1)));
}

/** The ink of a stretch of a line and its components (`labels`: each pixel's), in the crop's coordinates from (x0, y0). */
interface StretchInk {
  x0: number;
  y0: number;
  w: number;
  h: number;
  ink: Uint8Array;
  labels: Int32Array;
  blobs: Blob[];
}

/**
 * The ink of line `l` from `from` to `to` on the page (a name's stretch of it), a third of the line's height either side,
 * a line's height over it and half under: the room its marks and its neighbours' stand in. Null where that is too small
 * or holds no contrast. What this file and ocr/small-marks.ts judge a name's marks on.
 */
export function stretchInk(g: Grey, l: TextLine, from: number, to: number): StretchInk | null {
  const pad = Math.round(l.size * 0.35);
  const x0 = Math.max(0, Math.floor(from - pad));
  const x1 = Math.min(g.width, Math.ceil(to + pad));
  const y0 = Math.max(0, Math.floor(l.y - l.size));
  const y1 = Math.min(g.height, Math.ceil(l.y + l.size * 1.5));
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  const ink = inkOf(g, x0, y0, x1, y1);
  if (!ink) return null;
  const [w, h] = [x1 - x0, y1 - y0];
  const labels = new Int32Array(w * h);
  return { x0, y0, w, h, ink, labels, blobs: components(ink, w, h, labels) };
}

/**
 * The words of a row of print, as column spans of `ink` (w wide) holding ink between rows `top` and `foot`, parted where
 * no ink stands for two fifths of the row's height (a word space; the room beside a capital I is less).
 */
function wordSpans(ink: Uint8Array, w: number, top: number, foot: number): [number, number][] {
  const gap = Math.max(2, (foot - top) * 0.4);
  const spans: [number, number][] = [];
  for (let x = 0; x < w; x++) {
    let any = false;
    for (let y = top; y < foot && !any; y++) any = ink[y * w + x] === 1;
    if (!any) continue;
    const last = spans[spans.length - 1];
    if (last && x - last[1] < gap) last[1] = x + 1;
    else spans.push([x, x + 1]);
  }
  return spans;
}

/**
 * Whether a mark stands over one of a word's capitals (`caps`, the word's tall blobs, between columns a and b). Each
 * capital's top is judged against its neighbours' (a line printed or scanned aslant climbs along its length: 'DR. GRACE
 * FITZGERALD' on a flattened PDF, its tops 6 px apart end to end, run F file 431). A word of one letter is judged by
 * marks apart from it only.
 */
function markOver(ink: Uint8Array, labels: Int32Array, w: number, blobs: Blob[], caps: Blob[], a: number, b: number): boolean {
  if (!caps.length) return false;
  const capH = median(caps.map((c) => c.y1 - c.y0));
  const mid = (c: Blob) => (c.x0 + c.x1) / 2;
  // A capital's neighbours' top: the median of the nearest four others' (its own where it stands alone).
  const near = (c: Blob) => {
    const others = caps.filter((o) => o !== c).sort((p, q) => Math.abs(mid(p) - mid(c)) - Math.abs(mid(q) - mid(c)));
    return others.length ? median(others.slice(0, 4).map((o) => o.y0)) : c.y0;
  };
  const tol = Math.max(1, capH * 0.08);
  const level = caps.filter((c) => Math.abs(c.y0 - near(c)) <= tol);
  // Most capitals stand level with their neighbours (a word of small letters or figures, or a crop that caught two lines,
  // is not judged).
  if (level.length < caps.length * 0.6) return false;
  const gap = Math.max(1, Math.round(capH * 0.04));
  const least = Math.max(2, capH * 0.1);
  const markSized = (m: Blob, top: number) => {
    const [mw, mh] = [m.x1 - m.x0, m.y1 - m.y0];
    // Not a sliver either way: a round capital's top broken off by a thermal print's dots is a row high ('HOLLOW OAK' in
    // Times at 120 DPI, binarised).
    if (m.y0 <= 0 || m.y0 < top - capH * 0.67 || Math.max(mw, mh) < least || Math.min(mw, mh) < Math.max(2, capH * 0.08)) return false;
    if (mw > capH * 0.8 || mh > capH * 0.5 || m.n < least) return false;
    // Clear paper over it for two fifths of the height (but for specks smaller than a mark): not a descender of the line
    // above broken off.
    for (let y = Math.max(0, Math.floor(m.y0 - capH * 0.4)); y < m.y0; y++) {
      for (let x = m.x0; x < m.x1; x++) if (ink[y * w + x] && blobs[labels[y * w + x] - 1].n >= least) return false;
    }
    return true;
  };
  // Apart from its letter: over a level capital (a diaeresis's dots stand either side of an I's stroke: its span is taken
  // a quarter of the height wider), its foot over that capital's top and within two fifths of the height of it.
  const apart = (m: Blob) => {
    const x = mid(m);
    if (x < a - capH * 0.25 || x >= b + capH * 0.25) return false;
    const under = level.filter((c) => x >= c.x0 - capH * 0.25 && x <= c.x1 + capH * 0.25).sort((p, q) => Math.abs(mid(p) - x) - Math.abs(mid(q) - x))[0];
    return Boolean(under) && m.y1 <= under.y0 - gap && m.y1 >= under.y0 - capH * 0.4 && markSized(m, under.y0);
  };
  if (blobs.some(apart)) return true;
  // Joined to its letter (a thin face's accent, a thermal print's): a capital standing a mark's height over its
  // neighbours, its ink there a mark's width.
  return caps.length > 1 && caps.some((c) => {
    const top = near(c);
    return c.y0 <= top - Math.max(2, capH * 0.12) && markSized(part(labels, w, c, top), top);
  });
}

/**
 * The region's ink (1) and paper (0) by its own levels: a pixel is ink past halfway from the paper (its 90th percentile)
 * to the darkest (its 1st), as ocr/reread.ts inkBands judges it; null where the region holds no contrast.
 */
function inkOf(g: Grey, x0: number, y0: number, x1: number, y1: number): Uint8Array | null {
  const counts = new Array<number>(256).fill(0);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) counts[g.data[y * g.width + x]]++;
  const total = (x1 - x0) * (y1 - y0);
  const level = (share: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += counts[v];
      if (seen > share * total) return v;
    }
    return 255;
  };
  const [dark, paper] = [level(0.01), level(0.9)];
  if (paper - dark < 40) return null;
  const cut = (paper + dark) / 2;
  const out = new Uint8Array(total);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out[(y - y0) * (x1 - x0) + x - x0] = g.data[y * g.width + x] < cut ? 1 : 0;
  return out;
}

/** The 8-connected components of `ink` (w x h); `labels` takes each pixel's component, numbered from 1. */
function components(ink: Uint8Array, w: number, h: number, labels: Int32Array): Blob[] {
  const seen = labels;
  const out: Blob[] = [];
  const stack: number[] = [];
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || seen[start]) continue;
    const id = out.length + 1;
    const b: Blob = { x0: w, y0: h, x1: 0, y1: 0, n: 0, id };
    seen[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % w;
      const y = (p - x) / w;
      b.n++;
      [b.x0, b.y0, b.x1, b.y1] = [Math.min(b.x0, x), Math.min(b.y0, y), Math.max(b.x1, x + 1), Math.max(b.y1, y + 1)];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (ink[q] && !seen[q]) {
            seen[q] = id;
            stack.push(q);
          }
        }
      }
    }
    out.push(b);
  }
  return out;
}

/** The part of component `c` (by `labels`, w wide) over row `above`: its box and pixels. */
function part(labels: Int32Array, w: number, c: Blob, above: number): Blob {
  const b: Blob = { x0: c.x1, y0: c.y0, x1: c.x0, y1: c.y0, n: 0, id: c.id };
  for (let y = c.y0; y < above; y++) {
    for (let x = c.x0; x < c.x1; x++) {
      if (labels[y * w + x] !== c.id) continue;
      [b.x0, b.x1, b.y1, b.n] = [Math.min(b.x0, x), Math.max(b.x1, x + 1), y + 1, b.n + 1];
    }
  }
  return b;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * `d` with the recipient's name made none where it holds a word read in capitals without an accent over which the page
 * shows a mark (markOverCapitals). The name's own line only: one the page's reading holds whole.
 */
export function withoutMarkedCapitals(d: LabelDetails, lines: readonly TextLine[], page: Grey): LabelDetails {
  // The recipient's name only. A sender's block is set in small type under tight leading, and the line above's commas and
  // descenders stood over its capitals as marks: run G (SEED=353825910, main 3e3be25) lost three right senders so ('NETTLE
  // GIFTS LTD.' under 'SUITE 58, RIVERSIDE ESTATE', file 3382, a 150 DPI scan; 3334, 3459) against one wrong recipient
  // made none ('MR. JOAQUIN DOHERTY', 2670); every wrong value the rule caught (runs F and G) was a recipient's.
  const name = d.address?.name;
  const line = name ? lines.find((l) => l.text.includes(name)) : undefined;
  return name && line && markOverCapitals(page, line, name) ? { ...d, address: { ...d.address!, name: "" } } : d;
}
