/**
 * The start of a line OCR lost, read again. Tesseract drops the first letters or words of a line
 * whose start it took for part of a neighbouring picture or rule, most often a sender's name in
 * small type ('as Soap Co' for 'Atlas Soap Co', 'Jackson, Flat 19, …' for 'I. Jackson, …'). Such a
 * line starts right of the lines under it, with ink left of it on its row. That stretch is read
 * again with the line, and its words are put in front of the line, only where the reading holds the
 * line's own first word (or its end, 'Atlas' for 'as') and the words after it: nothing else of the
 * line changes.
 */
import { classifyLine } from "../../label-reading/line-kinds";
import { recognise } from "./tesseract";
import { ocrLines } from "./text";
import { cropGrey, type Grey } from "../../images/raster";
import type { TextLine } from "../../label-reading/text";

/**
 * A line of words (at most eight) starting over this many of its heights right of the lines under it may have lost
 * its start (a few letters or words: up to MAX_INDENT heights; further is another column).
 */
const INDENT = 0.8;
const MAX_INDENT = 5;

/**
 * The left edge `l` should start at when it starts well right of it: the edge two lines under it share (in its
 * column, a line's gap apart), or a heading's right over it ('If undelivered return to:' over a sender on one line).
 */
function edgeNear(lines: TextLine[], l: TextLine): number | null {
  const indented = (x: number) => l.x - x > INDENT * l.size && l.x - x < MAX_INDENT * l.size;
  const heading = lines.find((h) => h.y < l.y && l.y - h.y < 2.5 * Math.max(h.size, l.size) && classifyLine(h.text).heading?.rest === "" && indented(h.x));
  if (heading) return heading.x;
  const under = lines.filter((u) => u.y > l.y + l.size * 0.5 && u.y - l.y < 4.5 * Math.max(l.size, u.size) && indented(u.x));
  for (const u of under) {
    const shared = under.filter((v) => Math.abs(v.x - u.x) <= 0.3 * Math.max(l.size, u.size));
    if (shared.length >= 2) return Math.min(...shared.map((v) => v.x));
  }
  return null;
}

/** Whether [x0, x1) x [y0, y1) of the page holds ink: a few dark pixels, not specks. */
function inked(page: Grey, x0: number, y0: number, x1: number, y1: number): boolean {
  let dark = 0;
  for (let y = Math.max(0, y0); y < Math.min(page.height, y1); y++) {
    const row = y * page.width;
    for (let x = Math.max(0, x0); x < Math.min(page.width, x1); x++) if (page.data[row + x] < 110) dark++;
  }
  return dark >= 0.02 * (x1 - x0) * (y1 - y0);
}

/** Whether column `cx` of the page holds a dark pixel in rows [y0, y1). */
function columnInked(page: Grey, cx: number, y0: number, y1: number): boolean {
  for (let y = Math.max(0, y0); y < Math.min(page.height, y1); y++) if (page.data[y * page.width + cx] < 110) return true;
  return false;
}

/**
 * Whether the ink of rows [y0, y1) from `x0` rightwards starts within a line's height of `l`'s left edge and ends within
 * three of its heights of it: a word of a few letters at the block's edge ('MS', 'Dr.'), not a line of words or a logo.
 */
function shortAtEdge(page: Grey, l: TextLine, x0: number, y0: number, y1: number): boolean {
  let [first, last] = [-1, -1];
  for (let cx = Math.max(0, x0); cx < Math.min(page.width, Math.ceil(l.x + 6 * l.size)); cx++) {
    if (!columnInked(page, cx, y0, y1)) continue;
    if (first < 0) first = cx;
    last = cx;
  }
  return first >= 0 && first - l.x < l.size && last - l.x < 3 * l.size;
}

/**
 * Where a row's ink ends, from `x` rightwards: `x` itself when nothing is printed there, else the end of the run of ink whose
 * gaps are narrower than a column's (a word space is a third of the type; a gap of the type's height parts columns), plus a
 * margin. A crop cut at `x` through a word gives part of a line: part of a name is worse than none (issue 36, class 2).
 */
function inkEnd(page: Grey, x: number, y0: number, y1: number, size: number): number {
  const gap = Math.max(4, Math.round(size));
  let last = -1;
  for (let cx = x - Math.round(0.3 * size); cx < page.width && cx - Math.max(last, x) < gap; cx++) if (cx >= 0 && columnInked(page, cx, y0, y1)) last = cx;
  return last < x ? x : Math.min(page.width, last + Math.round(0.35 * size));
}

const loose = (w: string) => w.toLowerCase().replace(/[^\p{L}\d]/gu, "");

/**
 * `line` with the words `again` (a reading of it from further left) has in front of it: the word of
 * `again` that is, or ends with, the line's first word, followed by the line's next words (two at
 * most) as they are; null when `again` does not hold the line so.
 */
export function withStart(line: string, again: string): string | null {
  const words = line.split(" ");
  const read = again.split(" ").filter(Boolean);
  const first = loose(words[0]);
  if (!first) return null;
  for (let i = 0; i < read.length; i++) {
    const w = loose(read[i]);
    if (!(w === first || (w.length > first.length && w.endsWith(first)))) continue;
    const next = words.slice(1, 3);
    if (!next.every((n, k) => loose(read[i + 1 + k] ?? "") === loose(n))) continue;
    const before = read.slice(0, i);
    if (!before.length && w === first) return null;
    if (before.some((b) => classifyLine(b).debris && !/^\p{Lu}\.?$/u.test(b))) return null;
    return [...before, w === first ? words[0] : read[i].replace(/[,.;:]+$/, "") + words[0].slice(words[0].replace(/[,.;:]+$/, "").length), ...words.slice(1)].join(" ");
  }
  return null;
}

/** Lines OCR lost whole or in part, read again: their starts, then a line over a block's first (at most `max` readings). */
export async function rereadLost(lines: TextLine[], page: Grey, dpi: number, max = 3): Promise<TextLine[]> {
  const started = await rereadLineStarts(lines, page, dpi, max);
  return rereadAboveBlocks(started.lines, page, dpi, max - started.read);
}

/**
 * Lines whose start OCR lost, read again from the left edge of the lines under them or their heading (at most `max`
 * lines read), with the rest of their row Tesseract broke off ('race' / 'Thomas' for 'Grace Thomas').
 */
async function rereadLineStarts(lines: TextLine[], page: Grey, dpi: number, max: number): Promise<{ lines: TextLine[]; read: number }> {
  let out = [...lines];
  let read = 0;
  for (const l of lines) {
    if (read >= max || l.text.split(" ").length > 8 || !/\p{L}{2}/u.test(l.text) || !out.includes(l)) continue;
    const edge = edgeNear(lines, l);
    if (edge === null) continue;
    // OCR's line boxes are no type sizes (a line of small letters reads in a box half a capital's height): the block's type decides the margins.
    const type = Math.max(l.size, ...lines.filter((u) => u !== l && Math.abs(u.x - edge) <= 0.3 * Math.max(l.size, u.size) && Math.abs(u.y - l.y) < 4 * Math.max(l.size, u.size)).map((u) => u.size));
    const row = [l];
    for (const r of [...lines].sort((a, b) => a.x - b.x)) {
      const last = row[row.length - 1];
      if (r.x > last.x && Math.abs(r.y - l.y) < 0.5 * type && r.x - (last.x + (last.width ?? 0)) < 2 * type) row.push(r);
    }
    const pad = Math.round(type * 0.35);
    const end = row[row.length - 1];
    const [x0, y0, y1] = [Math.max(0, Math.floor(edge - pad)), Math.max(0, Math.floor(l.y + l.size - type - pad)), Math.min(page.height, Math.ceil(l.y + l.size + pad))];
    // Nothing printed in the indent, nothing lost; another line read there, not this one's start.
    if (lines.some((o) => o !== l && o.x < l.x && o.x + (o.width ?? 0) > edge && Math.abs(o.y - l.y) < type * 0.5)) continue;
    if (!inked(page, Math.ceil(edge), Math.ceil(l.y), Math.floor(l.x - pad), Math.floor(l.y + l.size))) continue;
    const x1 = Math.min(page.width, Math.ceil(end.x + (end.width ?? end.text.length * end.size * 0.6) + pad));
    if (x1 - x0 < 4 || y1 - y0 < 4) continue;
    read++;
    const again = ocrLines((await recognise(cropGrey(page, x0, y0, x1, y1), dpi)).words);
    const whole = row.map((r) => r.text).join(" ");
    const text = again.map((a) => withStart(whole, a.text)).find(Boolean);
    if (text) out = [...out.filter((o) => !row.includes(o)), { ...l, text, x: edge, width: x1 - pad - edge }];
  }
  const same = out.length === lines.length && out.every((l) => lines.includes(l));
  return { lines: same ? lines : out.sort((a, b) => a.y - b.y || a.x - b.x), read };
}

/** Words an address may hold: no debris, nothing printed around addresses. */
function addressWords(text: string): boolean {
  const kind = classifyLine(text);
  return !kind.around && !kind.debris;
}

/** Whether `a` lies in the column of `l`: starting within a line height and a half of it. */
const sameColumn = (a: TextLine, l: TextLine) => Math.abs(a.x - l.x) <= 1.5 * Math.max(a.size, l.size);

/**
 * A line OCR lost whole over the first line of a block (a name over its company or street, 'Mei Cunningham' over
 * 'LITTLE FERN PRINT STUDIO & SONS'; a sender's name under its heading): where a line's gap over a block's first
 * line holds ink no line was read from, that stretch is read again, and what it gives in the block's column joins
 * the lines when it is words (a name, a company, a heading), not debris.
 */
async function rereadAboveBlocks(lines: TextLine[], page: Grey, dpi: number, max: number): Promise<TextLine[]> {
  const out = [...lines];
  let read = 0;
  for (const l of lines) {
    if (read >= max) break;
    const below = lines.filter((b) => b !== l && sameColumn(b, l) && b.y > l.y && b.y - (l.y + l.size) <= 1.2 * l.size);
    if (!below.length || !addressWords(l.text)) continue;
    // The block's line pitch: where the line over it would be.
    const pitch = Math.min(...below.map((b) => b.y - l.y));
    const above = lines.some((a) => a !== l && a.y < l.y && a.y + a.size > l.y - pitch && a.x < l.x + (l.width ?? 0) && a.x + (a.width ?? 0) > l.x);
    if (above) continue;
    const right = Math.max(...[l, ...below].map((b) => b.x + (b.width ?? 0)));
    const [y0, y1] = [Math.max(0, Math.floor(l.y - pitch - 0.3 * l.size)), Math.floor(l.y - 0.1 * l.size)];
    // To where the lost line's ink ends, when it runs on past the block's width ('DOVETAIL GARAGE STUDIOS LTD' over '82
    // CHESTNUT RISE': fresh seed 3401830015, file 355, a 203 DPI thermal print whose recipient was given without its 'LTD').
    const x0 = Math.max(0, Math.floor(l.x - 0.5 * l.size));
    const x1 = inkEnd(page, Math.min(page.width, Math.ceil(l.x + 1.3 * (right - l.x))), Math.ceil(l.y - pitch + 0.15 * l.size), Math.floor(l.y - 0.2 * l.size), l.size);
    if (x1 - x0 < 4 || y1 - y0 < 4 || !inked(page, Math.ceil(l.x), Math.ceil(l.y - pitch), Math.floor(l.x + (l.width ?? 0)), Math.floor(l.y - 0.2 * l.size))) continue;
    read++;
    const crop = cropGrey(page, x0, y0, x1, y1);
    // Nothing read from a stretch with ink: a word or two alone ('Mr', 'Ms' over 'Freya Roberts'), in which Tesseract's page
    // layout finds no line at all (run D, SEED=2845914634, file 1232, a 300 DPI photo whose 'MS' was lost so and the
    // recipient given as 'FREYA ROBERTS'; measured on rendered pages too: 'Mr' and 'Ms' in Times at 10-24 pt), read as one
    // line. Only then, and only where the ink is a title's or an initial's (short, at the block's left edge): one more OCR
    // pass of a line's crop. (Without that bound 4 of 20 photos of a fresh seed read a wider stretch again for nothing.)
    let words = (await recognise(crop, dpi)).words;
    if (!words.length && shortAtEdge(page, l, x0, Math.ceil(l.y - pitch + 0.15 * l.size), Math.floor(l.y - 0.2 * l.size))) words = (await recognise(crop, dpi, "line")).words;
    const found = ocrLines(words.filter((w) => w.conf >= 60))
      .map((f) => ({ ...f, x: f.x + x0, y: f.y + y0 }))
      .filter((f) => sameColumn(f, l) && /\p{Lu}\p{L}/u.test(f.text) && addressWords(f.text));
    if (found.length === 1) out.push(found[0]);
  }
  return out.length === lines.length ? lines : out.sort((a, b) => a.y - b.y || a.x - b.x);
}
