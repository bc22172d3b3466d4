/**
 * Words run together in a PDF's text layer, parted again where the glyphs' own positions say (issue 36, class 1).
 *
 * A producer that fits a long line into its field by placing every glyph itself (iText-like tools, pages re-distilled
 * by Ghostscript) steps each glyph less than its font's advance and draws no space character: the word gap that is
 * left is narrower than the advance pdf.js expects, so pdf.js puts no space back and the text layer reads
 * 'JOHNSMITH', 'BRIGHTONCRAFTSUPPLIESLTD'. PDFium gives each glyph's origin and its font advance; along a run the
 * producer's step is the advance times one squeeze factor, and a word ends where the next glyph starts a space
 * further than that factor would put it. Only lines whose glyphs step by less than their advance (placed to fit) are
 * spaced again, wholly from their glyphs: pdf.js, seeing glyphs overlap by its widths, also splits such a line in
 * odd places ('M 11AE'). A kerning pair or letter spacing keeps the run's own factor and parts nothing.
 */
import { doubtfulGlyphs, doubtfulLetters } from "./doubtful-letters";
import type { PdfText } from "./pdf";
import { type Glyph, readGlyphs } from "./pdfium";
import { codesOn, sheetParts } from "./sheet-parts";
import type { TextLine } from "../label-reading/text";

/** A page is looked at when a line holds a run this long without a space ('ANNLEE'): most label pages do. */
const RUN = /\S{6,}/u;

/**
 * A word space beyond the run's own step, in ems, before the run's squeeze: fonts' spaces are a quarter to a third of one,
 * and a producer that steps its glyphs at a share of their advance steps the space it leaves out at that share too
 * (wordEnds). ReportLab glyphs placed at 0.74 of their advance left 'Mr Xavier Ellis' 0.147 em apart at its words, under
 * 0.15 unsqueezed, and the name was read 'MrXavierEllis' (the second maker's seed 628310799, files 82, 87 and 241).
 */
const MIN_SPACE_EM = 0.15;

/** A gap left after a glyph (beyond its advance) that still joins two pieces of one run: about a word space. */
const JOIN_GAP_EM = 0.35;

/** A producer that steps its glyphs by less than this share of their advance placed them itself, to fit. */
const FITTED = 0.95;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** The run's usual step as a share of each glyph's advance (its median). */
function usualStep(run: Glyph[]): number {
  return median(run.slice(1).map((g, k) => (g.along - run[k].along) / run[k].advance));
}

/**
 * Where a run of glyphs parts into words: the indexes after which a word ends. The run's usual step is its median
 * ratio of step to advance; a word ends where the step exceeds that by a word space squeezed as the run is, and by a fifth.
 */
export function wordEnds(run: Glyph[]): number[] {
  if (run.length < 4 || run.some((g) => !(g.advance > 0))) return [];
  const usual = usualStep(run);
  if (!(usual > 0.3 && usual < 1.5)) return [];
  const em = median(run.map((g) => g.size));
  const ends: number[] = [];
  for (let k = 0; k + 1 < run.length; k++) {
    const step = run[k + 1].along - run[k].along;
    if (step - usual * run[k].advance >= MIN_SPACE_EM * Math.min(1, usual) * em && step / run[k].advance >= usual * 1.2) ends.push(k);
  }
  return ends;
}

/** A page's glyphs in one order, and their characters as one string (index for index). */
interface Order {
  glyphs: Glyph[];
  chars: string;
}

/** The page's printed glyphs in PDFium's order and, for runs not found in it, baseline by baseline along each. */
interface PageGlyphs {
  drawn: Order;
  byLine: Order;
}

/**
 * The glyphs baseline by baseline, each baseline's left to right. PDFium orders a page's characters by its own reading of
 * the layout, and a small line set a little below a large one's baseline is read into it: a pdf-lib label's 10.7 pt
 * 'DELIVERTOR. Green' (no space glyphs) came as 'DEL', the 6 pt 'Printed:22Sep2026' beside it, then 'IVERTOR.Green', so
 * the run was matched nowhere, left as pdf.js read it, and the recipient read 'DELIVERTOR' (run F, file 1254). Glyphs on
 * one baseline share it to a tenth of their size; the two lines were 2.6 pt apart.
 */
function byBaseline(glyphs: Glyph[]): Order {
  const sorted = [...glyphs].sort((a, b) => a.across - b.across);
  const rows: Glyph[][] = [];
  for (const g of sorted) {
    const row = rows[rows.length - 1];
    if (row && g.across - row[0].across < 0.1 * Math.max(g.size, row[0].size)) row.push(g);
    else rows.push([g]);
  }
  const out = rows.flatMap((row) => row.sort((a, b) => a.along - b.along));
  return { glyphs: out, chars: out.map((g) => g.char).join("") };
}

/** The runs of glyphs spelling `squashed` (a line without its spaces) on one baseline, for each place it is drawn (in PDFium's order; else baseline by baseline). */
function runsOf(squashed: string, page: PageGlyphs): Glyph[][] {
  const found = runsIn(squashed, page.drawn);
  return found.length ? found : runsIn(squashed, page.byLine);
}

function runsIn(squashed: string, { glyphs, chars }: Order): Glyph[][] {
  const out: Glyph[][] = [];
  for (let at = chars.indexOf(squashed); at >= 0; at = chars.indexOf(squashed, at + 1)) {
    const run = glyphs.slice(at, at + squashed.length);
    const size = median(run.map((g) => g.size));
    if (run.every((g) => Math.abs(g.across - run[0].across) < size * 0.3)) out.push(run);
  }
  return out;
}

/**
 * A line drawn by a producer that placed its glyphs to fit (each stepped less than its advance): its spaces as its
 * glyphs' positions give them, where every place the line is drawn agrees; else null.
 */
function respaced(line: TextLine, page: PageGlyphs): TextLine | null {
  const squashed = line.text.replace(/\s+/g, "");
  if (squashed.length < 4) return null;
  const runs = runsOf(squashed, page).filter((run) => {
    const usual = run.length >= 4 ? usualStep(run) : 1;
    return usual > 0.3 && usual < FITTED;
  });
  if (!runs.length) return null;
  const ends = runs.map(wordEnds).map((e) => e.join());
  if (ends.some((e) => e !== ends[0])) return null;
  const cut = new Set(wordEnds(runs[0]));
  return { ...line, text: [...squashed].map((c, k) => (cut.has(k) ? `${c} ` : c)).join("") };
}

/**
 * Pieces of one fitted run that pdf.js split into lines of their own ('O' and 'RLAFASHION': by pdf.js's widths the
 * first glyph overlaps the next, whose start then lines up with other lines and is taken for a column's): joined
 * again when, on one baseline and in that order, they spell one placed run that spaces again from its glyphs.
 */
function joinFittedPieces(lines: TextLine[], page: PageGlyphs): TextLine[] {
  const out: TextLine[] = [];
  for (const line of lines) {
    const prev = out[out.length - 1];
    const oneBaseline = prev && Math.abs(prev.y - line.y) < prev.size * 0.3 && Math.abs(prev.size - line.size) < prev.size * 0.1 && line.x > prev.x;
    const joined = oneBaseline && nextInRun(prev, line, page) ? respaced({ ...prev, text: `${prev.text} ${line.text}`, width: line.width === undefined ? undefined : line.x + line.width - prev.x }, page) : null;
    if (joined) out[out.length - 1] = joined;
    else out.push(line);
  }
  return out;
}

/** Whether `next`'s glyphs follow `line`'s in every place they are drawn, at most a word space after them: two fields on one baseline are further apart. */
function nextInRun(line: TextLine, next: TextLine, page: PageGlyphs): boolean {
  const [a, b] = [line.text.replace(/\s+/g, ""), next.text.replace(/\s+/g, "")];
  const runs = runsOf(a + b, page);
  return runs.length > 0 && runs.every((run) => {
    const [last, first] = [run[a.length - 1], run[a.length]];
    return first.along - last.along - last.advance < JOIN_GAP_EM * last.size;
  });
}

/**
 * A line pdf.js put a space into inside a word, where its glyphs stand no further apart than the line's letters do:
 * letter-spaced type (Tc) squeezed (Tz) leaves each letter's spacing after it, and where a kerning pair widens a gap
 * ('r' and 't' in pdfkit's 'Martin', 0.4 pt on 16 pt) pdf.js takes the two for a word space: 'Eoin Mar tin', whose name
 * was then given as 'Eoin Mar' (run F, SEED=2548624490, file 498, a turned pdfkit page). A space is kept where the gap
 * beyond the glyph's advance exceeds the line's usual gap between letters by a tenth of an em or more (a word space is
 * a quarter to a third of one); else the line is joined there, where every place the line is drawn agrees.
 */
function withoutFalseSpaces(line: TextLine, page: PageGlyphs): TextLine | null {
  if (!/\S\s\S/.test(line.text)) return null;
  const squashed = line.text.replace(/\s+/g, "");
  // Where pdf.js's spaces fall: after these indexes of the squashed line.
  const spaces = new Set<number>();
  let k = -1;
  for (const c of line.text.trim()) {
    if (/\s/.test(c)) spaces.add(k);
    else k++;
  }
  const runs = runsOf(squashed, page).filter((run) => run.every((g) => g.advance > 0));
  if (!runs.length) return null;
  const joins = runs.map((run) => {
    const gap = (i: number) => run[i + 1].along - run[i].along - run[i].advance;
    const letters = run.slice(0, -1).flatMap((_, i) => (spaces.has(i) ? [] : [gap(i)]));
    if (letters.length < 2) return "";
    const usual = median(letters);
    const em = median(run.map((g) => g.size));
    return [...spaces].filter((i) => i + 1 < run.length && gap(i) < usual + 0.1 * em).join();
  });
  if (!joins[0] || joins.some((j) => j !== joins[0])) return null;
  const join = new Set(joins[0].split(",").map(Number));
  return { ...line, text: [...squashed].map((c, i) => (spaces.has(i) && !join.has(i) ? `${c} ` : c)).join("") };
}

/** A page's lines with the fitted ones spaced from their glyphs, and spaces pdf.js put inside words taken out; the others as pdf.js read them. */
function respacedLines(lines: TextLine[], page: PageGlyphs): TextLine[] {
  return joinFittedPieces(lines, page).map((l) => respaced(l, page) ?? withoutFalseSpaces(l, page) ?? l);
}

/**
 * The PDF's text mended where its glyphs say otherwise (each page, and each label part of a sheet): the lines of a
 * producer that placed its glyphs to fit spaced by their glyphs, and the letters two glyphs of one font claim kept on
 * the page (`doubtful`, doubtful-letters.ts).
 */
export async function mendFromGlyphs(bytes: Uint8Array, text: PdfText): Promise<void> {
  const pages = text.pages.flatMap((p, i) => (p.lines.some((l) => RUN.test(l.text)) ? [i] : []));
  if (!pages.length) return;
  const found = await readGlyphs(bytes, pages);
  for (const [i, all] of found) {
    // Spaces a producer drew are no glyphs to place: the run is matched on what is printed. PDFium gives a hyphen it takes
    // for a word broken at a line's end as U+0002: on a sheet of two fitted labels side by side its reading order mixes
    // their lines, and 'Søren Turner-Hale' was matched nowhere and left run together ('SørenTurner-Hale': SEED=4016819574 of
    // glyph-spaces.test.ts's sheet case; the same line alone on a page parts).
    const glyphs = all.filter((g) => g.char.trim() !== "").map((g) => (g.char === "\u0002" ? { ...g, char: "-" } : g));
    const chars = glyphs.map((g) => g.char).join("");
    if (chars.length !== glyphs.length) continue; // a character outside the BMP: indexes would not line up
    const placed: PageGlyphs = { drawn: { glyphs, chars }, byLine: byBaseline(glyphs) };
    const page = text.pages[i];
    const respace = (lines: TextLine[]) => respacedLines(lines, placed);
    page.lines = respace(page.lines);
    // A sheet of labels is cut where each side reads as a label with a recipient's postcode: words run together hid
    // it ('SouthYorkshireS19LU' holds no postcode), so a sheet not cut before, or cut into parts one of which still
    // prints two labels' codes (a column of two labels left whole: 'SW 114ZN' read as no postcode; fresh seed
    // 2477354623, file 590, a pdf-lib sheet of four whose lower label was given its upper neighbour's name), is cut
    // again on the parted words, and that cut is kept where it finds more labels.
    const uncut = !page.parts.length || page.parts.some((p) => codesOn(p.lines).size > 1);
    const again = uncut && codesOn(page.lines).size > 1 ? sheetParts(page.items.words, page.items.boxes, page.rotate, page.items.view, respace) : [];
    if (again.length > page.parts.length) page.parts = again;
    else for (const part of page.parts) part.lines = respace(part.lines);
    const doubtful = doubtfulGlyphs(glyphs);
    if (doubtful.size) page.doubtful = doubtfulLetters(doubtful, (squashed) => runsOf(squashed, placed));
  }
}
