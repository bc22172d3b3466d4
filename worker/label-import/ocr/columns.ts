/**
 * Tesseract's text lines -> reading lines, one per column. Tesseract's own lines follow a photo's
 * tilt (grouping words by height on the page would merge neighbouring lines of a tilted label), but
 * it runs two columns into one line where they sit close, and breaks one line in two at a wide
 * space or an apostrophe ("DEBORAH O'" / 'BRIEN'). Both are undone here, from the word boxes:
 * - words far apart (over 2.5 line heights) are two columns;
 * - so are words over a line height apart whose boxes sit on different rows (a recipient's name in
 *   large type beside a sender's line in small type, 'TO Prof E Sørensen' + 'OLD FORGE DESIGN');
 * - and words over a word's height apart where the right one starts at a column's left edge, where
 *   at least two other lines start (a broker label's sender and recipient side by side, same type);
 * - two of its lines on one row, a word space apart, of one size, are one line.
 */
import type { TextLine } from "../../label-reading/text";

/** The box of one word Tesseract read (pixels, y down) and its text line. */
interface WordBox {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  line?: string;
}

interface Run<W extends WordBox> {
  words: W[];
  /** The type's height: the middle of its words' heights. */
  size: number;
}

/** The middle of `xs` (the upper one of an even count: a bogus box of a few pixels beside one word is no type size). */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const right = (w: WordBox) => w.left + w.width;
const top = (r: Run<WordBox>) => Math.min(...r.words.map((w) => w.top));
const bottom = (r: Run<WordBox>) => Math.max(...r.words.map((w) => w.top + w.height));
const runOf = <W extends WordBox>(words: W[], size = Math.max(1, median(words.map((w) => w.height)))): Run<W> => ({ words, size });

/** Two words' boxes on different rows: the top and the foot both off by over a third of the taller. */
const rowsApart = (a: WordBox, b: WordBox) => {
  const h = Math.max(a.height, b.height);
  return Math.abs(a.top - b.top) > h / 3 && Math.abs(a.top + a.height - (b.top + b.height)) > h / 3;
};

/** Words of one Tesseract line over a line height apart, on different rows. */
const onOtherRows = (a: WordBox, b: WordBox) => b.left - right(a) > Math.min(a.height, b.height) && rowsApart(a, b);

/** `b` stands apart from the word `a` before it: over a line height `h` (or either word's, if smaller) after it, or on another row. */
const startsApart = (a: WordBox, b: WordBox, h: number) => b.left - right(a) > Math.min(h, a.height, b.height) || (b.left > right(a) && rowsApart(a, b));

/** Tesseract's lines split where they hold two columns far apart or on other rows. */
function splitLines<W extends WordBox>(words: W[]): Run<W>[] {
  const byLine = new Map<string, W[]>();
  for (const w of words) byLine.set(w.line!, [...(byLine.get(w.line!) ?? []), w]);
  const runs: Run<W>[] = [];
  for (const group of byLine.values()) {
    group.sort((a, b) => a.left - b.left);
    const size = Math.max(1, median(group.map((w) => w.height)));
    let parts: W[][] = [[]];
    let rows = false;
    for (const w of group) {
      const run = parts[parts.length - 1];
      const prev = run[run.length - 1];
      const other = !!prev && onOtherRows(prev, w);
      if (prev && (w.left - right(prev) > size * 2.5 || other)) parts.push([]);
      rows ||= other;
      parts[parts.length - 1].push(w);
    }
    parts = parts.filter((p) => p.length);
    // The line's size stands for every part of it, unless it held two rows of type, or the part is a column of type of
    // its own size: a recipient's name in 40 px type beside a sender's street in 25 px, a few pixels lower (fresh seed
    // 3217537065, file 3170). Given the sender's size, the name's line was read again from a crop that cut its letters
    // in half ('Craca Patal' for Grace Patel), and the name was given as none. Only a part with a capital or a digit has
    // its type's height: 'as' in small letters is an x-height.
    const own = (p: W[]) => {
      const mine = median(p.map((w) => w.height));
      return Math.abs(mine - size) > size / 4 && p.some((w) => /[\p{Lu}\d]/u.test(w.text));
    };
    runs.push(...parts.map((p) => (rows || (parts.length > 1 && own(p)) ? runOf(p) : runOf(p, size))));
  }
  return runs;
}

/**
 * A run split where a word over a line height (its own or the word's before it) after the one before it starts at a
 * column's edge: where two other lines within six lines of it start too, to a quarter of a line height. Never right
 * after a heading's colon ('Delivery address:   Fionnuala Cooper'), whose value often follows a wider space. A word on
 * another row starts a column there however close it follows: a recipient's long name in large type run up to the
 * sender's beside it ('IRONBRIDGE NURSERY & Co' 13 px before 'Little Fern Games', 20 px higher: fresh seed 3217537065,
 * file 2177, a broker's scan, whose recipient was given as its house's name and its sender as both names).
 */
function atColumnEdges<W extends WordBox>(run: Run<W>, runs: Run<W>[]): Run<W>[] {
  const h = run.size;
  const near = runs.filter((r) => r !== run && r.words[0].line !== run.words[0].line && Math.abs(top(r) - top(run)) <= 6 * h);
  const edge = (x: number) => near.filter((r) => Math.abs(r.words[0].left - x) <= h / 4).length >= 2;
  const out: W[][] = [[]];
  for (const w of run.words) {
    const cur = out[out.length - 1];
    const prev = cur[cur.length - 1];
    if (prev && !prev.text.endsWith(":") && startsApart(prev, w, h) && edge(w.left)) out.push([]);
    out[out.length - 1].push(w);
  }
  return out.length === 1 ? [run] : out.map((p) => runOf(p));
}

/** Two lines Tesseract broke on one row ("DEBORAH O'" / 'BRIEN'): a word space apart, boxes of one row and size. */
function sameLine(a: Run<WordBox>, b: Run<WordBox>): boolean {
  const h = Math.max(a.size, b.size);
  const gap = b.words[0].left - right(a.words[a.words.length - 1]);
  return Math.min(a.size, b.size) >= h / 1.3 && gap >= -h / 5 && gap <= 0.6 * h && Math.abs(top(a) - top(b)) <= h / 3 && Math.abs(bottom(a) - bottom(b)) <= h / 3;
}

function joinBroken<W extends WordBox>(runs: Run<W>[]): Run<W>[] {
  const sorted = [...runs].sort((a, b) => a.words[0].left - b.words[0].left);
  const out: Run<W>[] = [];
  for (const r of sorted) {
    const i = out.findIndex((o) => o.words[0].line !== r.words[0].line && sameLine(o, r));
    if (i < 0) out.push(r);
    else out[i] = { words: [...out[i].words, ...r.words], size: out[i].size };
  }
  return out;
}

/**
 * A line's top: its words' highest top, but for a word boxed over half as high again as the line's other words. Tesseract
 * boxes a word with specks or a neighbour's ink above it far too high ('PROF' boxed 99 px high and 58 px above 'FRANCOIS
 * THOMPSON' in 53 px type, debris over it: run J, SEED=3605086469, file 3133, a 300 DPI scan), and the line then stood a
 * gap above the block's next line: the walk up from the postcode stopped under it and gave the company line under the
 * name as the recipient. A word alone keeps its box.
 */
const OUTSIZED_BOX = 1.5;
function lineTop(words: WordBox[]): number {
  const boxed = words.filter((w) => {
    const others = words.filter((o) => o !== w).map((o) => o.height);
    return !others.length || w.height <= OUTSIZED_BOX * median(others);
  });
  return Math.min(...(boxed.length ? boxed : words).map((w) => w.top));
}

/** Words with Tesseract's line ids -> reading lines (text, left, top, size, width), top to bottom. */
export function columnLines<W extends WordBox>(words: W[]): TextLine[] {
  const split = splitLines(words);
  const runs = joinBroken(split.flatMap((r) => atColumnEdges(r, split)));
  return runs
    .map(({ words: ws, size }) => {
      const left = ws[0].left;
      // A name's O' or D' read as a word of its own ("O' BRIEN") is the start of the next one.
      const text = ws.map((w) => w.text).join(" ").replace(/(^|\s)(\p{L}{1,2}['’]) (?=\p{Lu})/gu, "$1$2");
      return { text, x: left, y: lineTop(ws), size, width: Math.max(...ws.map(right)) - left };
    })
    .sort((a, b) => a.y - b.y || a.x - b.x);
}
