/**
 * Words with positions (from a PDF text layer or OCR) grouped into reading lines. A line is a run
 * of words on one baseline with no wide gap: two columns on the same baseline stay two lines.
 */
import { classifyLine } from "./line-kinds";
export interface TextWord {
  text: string;
  /** Origin of the word (PDF user space: y grows upwards). */
  x: number;
  y: number;
  /** Font size (same unit as x, y). */
  size: number;
  /** Text direction in radians (0 = left to right). */
  angle: number;
  width: number;
}

export interface TextLine {
  text: string;
  /** Left edge and top (reading frame: y grows downwards). */
  x: number;
  y: number;
  size: number;
  /** Width of the line, when known (the layout model estimates it from the text otherwise). */
  width?: number;
}

/** A line's width: as given, else estimated from its text. */
export const estWidth = (l: TextLine) => l.width ?? l.text.length * l.size * 0.55;

/**
 * Whether `l` is the line printed right under `above`, at its left edge: its top within one and a half lines of the
 * other's foot, counted in the larger of the two sizes (a line in larger type under small capitals stands further down).
 */
export function printedUnder(above: TextLine, l: TextLine): boolean {
  const size = Math.max(above.size, l.size);
  return l !== above && l.y > above.y + above.size * 0.5 && l.y - (above.y + above.size) < 1.5 * size && Math.abs(l.x - above.x) <= size;
}

/** Whether `l` sits in the column of the block whose left edge is `left` and right edge `right`. */
export function inColumn(l: TextLine, left: number, right: number, size: number): boolean {
  if (Math.abs(l.x - left) <= size * 1.5) return true;
  // Centred or right-aligned blocks: most of the line lies over the block.
  const a = Math.max(l.x, left);
  const b = Math.min(l.x + estWidth(l), right);
  return b - a >= 0.6 * Math.min(estWidth(l), right - left);
}

/** The block's usual type size: the middle of its lines' (OCR gives a line with a descender or in bold a taller box). */
export function usualSize(picked: TextLine[]): number {
  const sizes = picked.map((l) => l.size).sort((a, b) => a - b);
  return sizes[(sizes.length - 1) >> 1];
}

/** Two characters that may meet inside one word: both lower case, both capitals, or both digits. */
function runsOn(a: string, b: string | undefined): boolean {
  if (!b) return false;
  const kind = (c: string) => (/\d/.test(c) ? "digit" : /\p{Lu}/u.test(c) ? "upper" : /\p{Ll}/u.test(c) ? "lower" : "other");
  return kind(a) === kind(b) || (kind(a) === "upper" && kind(b) === "lower");
}

/** A UK postcode's halves, each a word of its own, in capitals: 'OX5', '6AW'. */
const OUTWARD_RE = /^[A-Z]{1,2}\d[A-Z\d]?$/;
const INWARD_RE = /^\d[A-Z]{2}$/;

export function groupLines(words: TextWord[]): TextLine[] {
  // Rotate every word into its own reading frame (angles snapped to quarter turns).
  const placed = words.map((w) => {
    const q = Math.round(w.angle / (Math.PI / 2)) * (Math.PI / 2);
    const c = Math.cos(q);
    const s = Math.sin(q);
    return { ...w, rx: w.x * c + w.y * s, ry: -(-w.x * s + w.y * c), q: Math.round(q / (Math.PI / 2)) };
  });
  // Most text on a label reads one way; others (a sideways sort code) form their own lines.
  placed.sort((a, b) => a.q - b.q || a.ry - b.ry || a.rx - b.rx);
  const rows: (typeof placed)[] = [];
  for (const w of placed) {
    // Within half the smaller size: a large logo's line height spans two small lines beside it.
    const row = rows.find((r) => r[0].q === w.q && Math.abs(r[0].ry - w.ry) < Math.min(r[0].size, w.size) * 0.45);
    if (row) row.push(w);
    else rows.push([w]);
  }
  // A word that starts where lines of other rows start too, after a column-wide gap (or running
  // into it: text set against the next column), is the first of a column: two blocks side by side
  // whose lines share a baseline, or nearly, stay two lines. Word spaces never split a line.
  const starts = rows.map((row) => row.filter((o) => !row.some((p) => p !== o && p.rx < o.rx && o.rx - (p.rx + p.width) < p.size * 0.8)).map((o) => o.rx));
  const edges = (w: (typeof placed)[number], row: (typeof placed)[number][]) => {
    const tolerance = Math.max(1.5, 0.4 * w.size);
    return rows.filter((r, i) => r !== row && r[0].q === w.q && starts[i].some((x) => Math.abs(x - w.rx) <= tolerance)).length;
  };
  // A word a word space after another on its baseline, where lines of a column start on the rows right above and right
  // under it, is that column's: two blocks side by side set a word space apart ('CWM ARCHITECTS LTD.' of the recipient and
  // '179 Holly Court' of the collection address beside it: fresh seed 3021891946, file 120, a Chromium sheet whose
  // recipient's postcode was given as the sender's). So is a heading there over the column's lines ('To: NETTLE ARCHITECTS
  // HOLDINGS LTD' and 'Sent by: Redwing Studio' over the sender's block: fresh seed 3021891946, file 2393, a pdf-lib text
  // PDF whose sender was given as the recipient's 'ATTN' line, its postcode as the recipient's). A line of one block never
  // runs on through the column beside it.
  const columnRunsThrough = (w: (typeof placed)[number], row: (typeof placed)[number][]) => {
    const tolerance = Math.max(1.5, 0.4 * w.size);
    const near = (dy: number) => dy > 0 && dy <= w.size * 2.5;
    const starting = rows.filter((r, i) => r !== row && r[0].q === w.q && starts[i].some((x) => Math.abs(x - w.rx) <= tolerance));
    if (!starting.some((r) => near(r[0].ry - w.ry))) return false;
    if (starting.some((r) => near(w.ry - r[0].ry))) return true;
    const rest = row.filter((o) => o.rx >= w.rx).map((o) => o.text);
    return classifyLine(rest.join(" ")).heading !== null;
  };
  const lines: TextLine[] = [];
  for (const row of rows) {
    row.sort((a, b) => a.rx - b.rx);
    let cur: { words: string[]; x: number; end: number; y: number; size: number } | null = null;
    for (const w of row) {
      const gap = cur ? w.rx - cur.end : 0;
      // A word space of the smaller type: a gap under 0.8 em of the larger word that follows is not one of the
      // line it would join ('North Yorkshire HG4 2NL' in 9.7 pt, 9.2 pt before the next column's 'HR1 9YY' in 11.8).
      const spaceSize = cur ? Math.min(cur.size, w.size) : w.size;
      const wordSpace = gap > spaceSize * 0.05 && gap < spaceSize * 0.8;
      // A word a word space away but on another baseline, where the lines of a column start: the
      // next column's first word ('Sent by: Willow & Wick Ltd.' and, two points lower, 'Deliver
      // To' of the block beside it; 'FAO: Søren Cunningham' and 'Fern Lodge', 1.9 pt higher).
      // Words of one line share their baseline (a text layer's, to a fraction of a point).
      const otherLine = cur !== null && Math.abs(w.ry - cur.y) > Math.max(0.5, 0.12 * Math.min(cur.size, w.size));
      // The rest of a word the text layer split at a ligature ('Co' + 'ff' + 'ee Limited', 'Post O'
      // + 'ice'): touching, on the baseline, lower case running on; never the next column's first
      // word, however many lines start there.
      // (So is an apostrophe's run on a word: 'Kofi' + "'s Tools", Chromium's items: fresh seed 3921715364, file 1017, whose
      // sender was given as 'Tools'.)
      const last = cur?.words[cur.words.length - 1] ?? "";
      const restOfWord = cur !== null && !otherLine && Math.abs(gap) < w.size * 0.1 && ((/^\p{Ll}/u.test(w.text) && runsOn(last.slice(-1), w.text[0])) || (/^['’]\p{Ll}/u.test(w.text) && /\p{L}$/u.test(last)));
      // A postcode printed with a wide space ('OX5' and '6AW' 16 pt apart, where other lines start):
      // its halves are one postcode.
      const restOfPostcode = cur !== null && !otherLine && OUTWARD_RE.test(cur.words[cur.words.length - 1]) && INWARD_RE.test(w.text);
      // Beyond a word space, type over a third larger or smaller is another field ('… (UK) Ltd' in
      // 8.6 pt, then 'Date: 02/04/2026' in 5.4); so is it a word space away where a column's lines
      // start ('Blue Heron Garage Limited' in 11.2 pt running to 4.7 pt before the sender's 'SW19 0YD'
      // in 8, 0.8 pt off its baseline).
      const sizeJump = cur !== null && Math.max(cur.size, w.size) / Math.min(cur.size, w.size) > 1.35;
      // (Never at the edge its own line starts at: 'Y' and '. Martin' drawn over it by a kerning pair, the stop's item
      // starting within that edge's reach: fresh seed 3021891946, file 777, a Chromium text PDF whose recipient was given
      // as '. Martin'.)
      const ownEdge = cur !== null && Math.abs(w.rx - cur.x) <= Math.max(1.5, 0.4 * w.size);
      const newColumn = cur !== null && !ownEdge && !restOfWord && !restOfPostcode && (wordSpace ? ((otherLine || sizeJump) && edges(w, row) >= 2) || columnRunsThrough(w, row) : edges(w, row) >= 2 || (gap > 0 && sizeJump));
      // Word spaces are under half an em; a wider gap sets apart another field on the row (a date
      // printed right of the name, a value in a column of its own).
      if (!cur || gap > Math.max(cur.size, w.size) * 1.6 || newColumn) {
        if (cur) lines.push({ text: cur.words.join(" "), x: cur.x, y: cur.y - cur.size, size: cur.size, width: cur.end - cur.x });
        cur = { words: [w.text], x: w.rx, end: w.rx + w.width, y: w.ry, size: w.size };
      } else {
        // pdf.js splits some words mid-way: join without a space when they touch and the letters
        // run on in one case ('Coro' + 'nation'); 'kg' touching 'CREATED' are two words.
        // A stop or comma drawn touching the word before it ('Y' + '. Martin', kerned) ends that word; an apostrophe's run goes on with it.
        if (gap < w.size * 0.1 && last && (runsOn(last.slice(-1), w.text[0]) || /^[.,;:]/.test(w.text) || /^['’]\p{Ll}/u.test(w.text))) cur.words[cur.words.length - 1] += w.text;
        else cur.words.push(w.text);
        cur.end = w.rx + w.width;
        cur.size = Math.max(cur.size, w.size);
      }
    }
    if (cur) lines.push({ text: cur.words.join(" "), x: cur.x, y: cur.y - cur.size, size: cur.size, width: cur.end - cur.x });
  }
  lines.sort((a, b) => a.y - b.y || a.x - b.x);
  return lines;
}
