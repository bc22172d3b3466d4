/**
 * Marks over small letters: a name whose reading lost a mark the page shows, or holds one the page does not. The English
 * model knows no accent but é, and the Latin model reads a speck or a dot of thin type as a mark now and then: 'Anais
 * Bajwa' for Anaïs, a clear 300 DPI photo both models read plain (gate SEED=2686594078, file 521); 'Nèttlé Knits' for
 * Nettle Knits, a 240 DPI scan (gate SEED=1705849762). Each was given so: a wrong name, worse than none.
 *
 * The name's letters are paired with the page's: the blobs of ink standing on its line, word by word, one blob a letter
 * (an i's stem is its blob; its dot a mark). A mark is a blob wholly above the letter nearest it, under the line above.
 * A small letter without an ascender (a, c, e, …) read plain with a mark over it lost it; an i or a j with two marks over
 * it lost a diaeresis, and one with a mark far wider than the name's other dots an acute (acuteForDot). A small letter
 * read with a mark over it and none on the page was given one. Where the blobs do not pair off with the letters (letters
 * run together or broken: bold type, a thermal print's dots) the name is not judged, nor a word holding an apostrophe
 * (it stands where a mark does). Capitals are ocr/marks.ts's (a recipient's name in capitals).
 */
import { ADDRESS_KEYS, type LabelDetails } from "../../../shared/label";
import type { Grey } from "../../images/raster";
import type { TextLine } from "../../label-reading/text";
import { type Blob, median, stretchInk } from "./marks";
import { renamed } from "./names";

/** A letter without its marks, in small letters: what the name's line on the page is found by. */
export const fold = (s: string) => [...s.normalize("NFC")].map((c) => c.normalize("NFD")[0].toLowerCase()).join("");

/** Small letters with nothing over the x-height but a mark. */
const LOW = /^[acegmnopqrsuvwxyz]$/;

/** Whether a letter carries a mark over it (an acute, a grave, a circumflex, a tilde, a diaeresis, a ring…). */
const markAbove = (c: string) => /[\u0300-\u030f]/u.test(c.normalize("NFD"));

/** An i or a j, with or without a mark: a dot or the mark stands over it. */
const dottedLetter = (c: string) => /^[ij]$/.test(c.normalize("NFD")[0]);

/** The page's letters of one line around a name, and the marks over them. */
interface Letters {
  letters: Blob[];
  marks: Blob[];
  /** The letters' baseline, and the small letters' height over it. */
  base: number;
  xh: number;
  /** The crop's left edge on the page: the blobs' boxes are the crop's. */
  x0: number;
  /** Each of the crop's pixels' blob (by its id), the crop `w` wide: a mark's shape. */
  labels: Int32Array;
  w: number;
}

/**
 * The blobs of the name's stretch of line `l`: its letters (a quarter of the line's height or more, across its lower
 * half) and the marks wholly above the x-height (not the line above's: within two fifths of the line's height over its
 * box). Null where the stretch holds no contrast or no small letters.
 */
function lettersOf(g: Grey, l: TextLine, from: number, to: number): Letters | null {
  const stretch = stretchInk(g, l, from, to);
  if (!stretch) return null;
  const { x0, y0, blobs, labels, w } = stretch;
  const top = l.y - y0;
  const letters = blobs
    .filter((b) => b.y1 - b.y0 >= l.size * 0.25 && b.y0 < top + l.size * 0.8 && b.y1 > top + l.size * 0.5 && b.x1 > from - x0 - l.size * 0.3 && b.x0 < to - x0 + l.size * 0.3)
    .sort((a, b) => a.x0 - b.x0);
  if (!letters.length) return null;
  const base = median(letters.map((b) => b.y1));
  const heights = letters.map((b) => base - b.y0).sort((a, b) => a - b);
  const tall = heights[Math.floor(heights.length * 0.8)];
  const small = heights.filter((h) => h < tall * 0.8);
  if (!small.length) return null;
  const xh = median(small);
  // Mark-sized: three pixels or more, two or more each way (not a sliver a row high: the top of a Times s broken off at 150
  // DPI, 3 by 1, 'Tomasz Wilson' read right made none, drawn test SEED=2896167131), at most the x-height wide and three
  // fifths of it high.
  const marks = blobs.filter((b) => !letters.includes(b) && b.n >= 3 && Math.min(b.x1 - b.x0, b.y1 - b.y0) >= 2 && b.y1 <= base - xh * 0.45 && b.y0 >= top - l.size * 0.4 && b.x1 - b.x0 <= xh && b.y1 - b.y0 <= xh * 0.6);
  return { letters, marks, base, xh, x0, labels, w };
}

/**
 * Whether mark `m` is a stroke aslant, an acute's or a grave's, not an i's or a j's dot: its pixels' x and y go together
 * (a correlation of 0.65 or more either way) along an axis 2.45 times its width or more (their second moments). A dot,
 * round or square, has neither: over runs H's and I's images (SEED=1227518014, 139911343) the dots of plain i's and j's in
 * right names lay within 0.25 of no correlation and 2.2 of round, the acutes at 0.72 to 0.85 and 2.6 to 3.6 ('Joaquín
 * Thomas', file 755, a 300 DPI scan).
 */
function aslant(m: Blob, { labels, w, xh }: Letters): boolean {
  // (A speck of a few pixels is no stroke, whatever its moments say: four pixels of a Courier i's dot at 150 DPI, 'Redwing
  // Ceramics' read right, run I file 1577. The acutes seen held 23 pixels or more, a quarter of the x-height long or more.)
  if (m.n < 10 || Math.max(m.x1 - m.x0, m.y1 - m.y0) < xh * 0.25) return false;
  let [n, sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0, 0];
  for (let y = m.y0; y < m.y1; y++) {
    for (let x = m.x0; x < m.x1; x++) {
      if (labels[y * w + x] !== m.id) continue;
      [n, sx, sy, sxx, syy, sxy] = [n + 1, sx + x, sy + y, sxx + x * x, syy + y * y, sxy + x * y];
    }
  }
  const [vx, vy, cov] = [sxx / n - (sx / n) ** 2, syy / n - (sy / n) ** 2, sxy / n - (sx / n) * (sy / n)];
  if (vx <= 0 || vy <= 0) return false;
  const spread = Math.sqrt(((vx - vy) / 2) ** 2 + cov ** 2);
  const [long, short] = [(vx + vy) / 2 + spread, Math.max((vx + vy) / 2 - spread, 0.05)];
  // (Held clear of both: pieces of a Times n's and u's serifs binarised at 150 DPI stood at 0.56 and 4, 'Joaquin Martin' read
  // right made none, drawn test SEED=72643525.)
  return Math.abs(cov) / Math.sqrt(vx * vy) >= 0.65 && long >= 6 * short;
}

const mid = (b: Blob) => (b.x0 + b.x1) / 2;

/**
 * The letters' blobs (`letters`, left to right) parted into the name's words (`glyphs`: each word's count of letters,
 * figures and '&', one blob each): a piece of the words either side the crop took in (its middle outside the name's
 * stretch, `from` to `to`) let go first, then parted at the widest gaps. Null where they do not pair off one to one.
 */
function wordsOnPage(letters: Blob[], glyphs: number[], from: number, to: number): Blob[][] | null {
  const want = glyphs.reduce((a, b) => a + b, 0);
  const own = [...letters];
  while (own.length > want && mid(own[0]) < from) own.shift();
  while (own.length > want && mid(own[own.length - 1]) > to) own.pop();
  if (own.length !== want) return null;
  const gapAt = (i: number) => own[i].x0 - Math.max(...own.slice(0, i).map((b) => b.x1));
  const cuts = new Set(
    own
      .map((_, i) => i)
      .slice(1)
      .sort((a, b) => gapAt(b) - gapAt(a))
      .slice(0, glyphs.length - 1),
  );
  const groups: Blob[][] = [[]];
  for (const [i, b] of own.entries()) {
    if (cuts.has(i)) groups.push([b]);
    else groups[groups.length - 1].push(b);
  }
  return groups.every((g, k) => g.length === glyphs[k]) ? groups : null;
}

/** A name's stretch of its line `l` (the page's x from, to), by its characters' share of the line; null where the line does not hold it. */
export function nameStretch(l: TextLine, name: string): { from: number; to: number } | null {
  const text = fold(l.text);
  const at = text.indexOf(fold(name));
  if (at < 0) return null;
  const width = l.width ?? l.text.length * l.size * 0.6;
  return { from: l.x + (width * at) / text.length, to: l.x + (width * (at + fold(name).length)) / text.length };
}

/**
 * Whether the marks of `name` (read from line `l` of page `g`) disagree with the page's over a small letter: one lost or
 * one invented (see the file's comment). Words are parted at the widest gaps between the line's letters, as many as the
 * name has; a name whose letters and blobs do not pair off one to one, word by word, is not judged.
 */
export function marksDisagree(g: Grey, l: TextLine, name: string): boolean {
  const stretch = nameStretch(l, name);
  const words = name.normalize("NFC").split(" ").filter(Boolean);
  if (!stretch || !words.some((w) => /\p{Ll}/u.test(w))) return false;
  const { from, to } = stretch;
  const page = lettersOf(g, l, from, to);
  if (!page) return false;
  const { letters, marks, base, xh } = page;
  // Each mark goes to the letter whose middle is nearest its own, when it stands over that letter's box, its foot within
  // half the x-height of the letter's top (not the line above's print).
  const over = new Map<Blob, Blob[]>();
  for (const m of marks) {
    const under = letters.reduce((p, q) => (Math.abs(mid(q) - mid(m)) < Math.abs(mid(p) - mid(m)) ? q : p));
    if (mid(m) < under.x0 - xh * 0.15 || mid(m) > under.x1 + xh * 0.15 || m.y1 > under.y0 || m.y1 < under.y0 - xh * 0.5) continue;
    over.set(under, [...(over.get(under) ?? []), m]);
  }
  const stroke = (m: Blob) => aslant(m, page);
  // An acute's or a grave's stroke over any letter of a name read with no mark at all lost it, its letters paired with the
  // blobs or not: over a name's one i no other dot stands for acuteForDot to weigh it against ('Maria Khan' for María: run
  // I, SEED=139911343, file 684), and letters run together pair off with no blobs. (That page's acute, in bold type at 150
  // DPI, had run into its i's stem, as the thermal print's had in 'Miss Joaquin Hall', run H file 3894: no mark stood to
  // judge.) Not a name with an apostrophe (it stands where a mark does), nor one with an f before an i or a j (the f's hook
  // broken off over it).
  const plainName = !/[\u0300-\u036f]|['’]|f[ij]/iu.test(name.normalize("NFD"));
  if (plainName && [...over.values()].some((on) => on.some(stroke))) return true;
  const glyphs = words.map((w) => [...w].filter((c) => /[\p{L}\p{N}&]/u.test(c)).length);
  const groups = wordsOnPage(letters, glyphs, from - page.x0, to - page.x0);
  if (!groups) return false;
  const paired = words.flatMap((word, k) => {
    const chars = [...word].filter((c) => /[\p{L}\p{N}&]/u.test(c));
    return /['’]/u.test(word) ? [] : chars.map((c, i) => ({ c, b: groups[k][i], on: over.get(groups[k][i]) ?? [], n: over.get(groups[k][i])?.length ?? 0 }));
  });
  // (Not an i or a j after an f: the f's hook overhangs it and may join its dot, a blob far wider than a dot, or stand
  // apart as a second mark over it: 'Zsofia Williams' read right was made none, Times-Roman blurred at 240 DPI, drawn test
  // SEED=2398229805.)
  const small = paired.filter(({ c }, i) => /\p{Ll}/u.test(c) && !(dottedLetter(c) && /f/i.test(paired[i - 1]?.c ?? "")));
  const dotted = small.filter(({ c }) => dottedLetter(c));
  // A mark lost: over a plain small letter without an ascender, or a second over an i or a j (a diaeresis).
  const lost = small.some(({ c, n, on }) => !markAbove(c) && (dottedLetter(c) ? n >= 2 || on.some(stroke) : LOW.test(c) && n > 0)) || acuteForDot(dotted, xh);
  // A mark invented: none over a small letter the reading marked, nor that letter standing over the x-height by a mark's
  // height (an accent joined to it). Judged only where the page shows every i's and j's dot of the name: marks that small
  // are seen (in small type on a 192 DPI screenshot neither dot nor accent stood apart: 'Ciarán Doherty', gate
  // SEED=2686594078, file 819, read right).
  const seen = dotted.length > 0 && dotted.every(({ n }) => n > 0);
  const invented = seen && small.some(({ c, b, n }) => markAbove(c) && LOW.test(c.normalize("NFD")[0]) && n === 0 && b.y0 >= base - xh * 1.2);
  return lost || invented;
}

/**
 * Whether a plain i or j of the name (`dotted`: each with the marks over it) bears a mark far wider than its fellows' dots:
 * an acute the reading lost ('María' read 'Maria'), a slanted stroke where a dot is round. Its width is judged against the
 * median of the name's other dots, at least two fifths wider and wider by an eighth of the x-height (`xh`): over run H's
 * and the gate seeds' images (SEED=1227518014, 2686594078, 4152206495), the 94 dots of plain i's beside another were at most
 * 1.5 times and 0.07 x-heights wider, the acutes that stood by a dot 1.4 to 2 times and 0.14 to 0.22 ('Ffion Ní Bhriain',
 * file 901, a 300 DPI scan). A name with one dot alone is not judged.
 */
function acuteForDot(dotted: { c: string; on: Blob[] }[], xh: number): boolean {
  const single = dotted.filter(({ on }) => on.length === 1).map(({ c, on }) => ({ c, w: on[0].x1 - on[0].x0 }));
  return single.some(({ c, w }, k) => {
    const others = single.filter((_, j) => j !== k).map((o) => o.w);
    if (markAbove(c) || !others.length) return false;
    const ref = median(others);
    // (No reference in dots narrower than an eighth of the x-height: a dot broken or faded to a sliver, against which a whole
    // one looks wide: 'The Ceilidh Design' read right was made none, its 'Ceilidh' dot 1 px and 'Design''s 3 px at an x-height
    // of 14 px: run I, SEED=139911343, file 3537, a return address in small type.)
    return ref >= xh * 0.12 && w >= ref * 1.4 && w - ref >= xh * 0.12;
  });
}

/**
 * The page's lines that hold `name`: the one that holds it whole (by its letters without marks or case), else a line
 * ending with its first words and one just under it starting with the rest (a name wrapped in its column: 'Anais' over
 * 'Bronte' on a routing label, given as 'Anais Brontë' for Anaïs, the i's two dots not judged: fresh seed 2942110715, file
 * 1786, a 300 DPI photo); each with its part of the name. None where no line holds it.
 */
function nameOnLines(lines: readonly TextLine[], name: string): { line: TextLine; part: string }[] {
  const whole = lines.find((l) => fold(l.text).includes(fold(name)));
  if (whole) return [{ line: whole, part: name }];
  const words = name.split(" ");
  for (let k = 1; k < words.length; k++) {
    const [head, rest] = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
    const top = lines.find((l) => fold(l.text).endsWith(fold(head)));
    const under = top && lines.find((l) => l !== top && l.y > top.y + top.size * 0.5 && l.y < top.y + top.size * 2.5 && fold(l.text).startsWith(fold(rest)));
    if (top && under) return [{ line: top, part: head }, { line: under, part: rest }];
  }
  return [];
}

/**
 * `d` with each name whose marks disagree with its page's over a small letter (marksDisagree) made none: a mark lost or
 * invented makes a wrong name. The name's own line only (one the page's reading holds whole, accents aside), or its two
 * lines where it wrapped (nameOnLines).
 */
export function withoutDisputedMarks(d: LabelDetails, lines: readonly TextLine[], page: Grey): LabelDetails {
  return renamed(d, ADDRESS_KEYS, ({ name }) => (nameOnLines(lines, name).some(({ line, part }) => marksDisagree(page, line, part)) ? "" : name));
}
