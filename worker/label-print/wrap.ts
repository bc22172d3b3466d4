/**
 * Text in lines no wider than a block: shared by the PDF (measured with the embedded font) and ZPL (measured with
 * an upper bound of the printer's font) so both break an address the same way.
 */

/** The width of a line of text, in the unit of the width it must fit. */
export type Measure = (text: string) => number;

/**
 * The text in lines no wider than `width`, broken between words and after a hyphen ('Alexander-' /
 * 'Featherstonehaugh'); `broken` says whether a word longer than a line had to be cut inside it.
 */
export function wrapped(text: string, width: number, measure: Measure): { lines: string[]; broken: boolean } {
  const lines: string[] = [];
  let broken = false;
  let line = "";
  // Each piece with what joins it to the one before: the spaces printed between words (the facts line keeps its
  // three), nothing after a hyphen.
  const pieces = [...text.trim().matchAll(/(\s*)(\S+)/g)].flatMap(([, space, word]) =>
    word.split(/(?<=-)(?=.)/).map((piece, i) => ({ piece, joint: i ? "" : space.replace(/[\r\n\t]/g, " ") })),
  );
  for (const { piece, joint } of pieces) {
    const joined = line ? `${line}${joint}${piece}` : piece;
    if (measure(joined) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = piece;
    while (measure(line) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
      broken = true;
    }
  }
  if (line) lines.push(line);
  return { lines, broken };
}

/** Each text wrapped, one after another. */
export function wrapAll(texts: string[], width: number, measure: Measure): { lines: string[]; broken: boolean } {
  const each = texts.map((t) => wrapped(t, width, measure));
  return { lines: each.flatMap((w) => w.lines), broken: each.some((w) => w.broken) };
}

/** At most `max` lines; the last one kept says '…' when some were cut. */
export function capped(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  if (max <= 0) return [];
  return [...lines.slice(0, max - 1), `${lines[max - 1]} …`];
}

/** A label's blocks and facts line wrapped at one text size, and the height they take (PDF and ZPL alike). */
export interface LabelText {
  size: number;
  from: string[];
  to: string[];
  van: string[];
  facts: string[];
  height: number;
  /** A word had to be cut inside it: a smaller size is tried first. */
  broken: boolean;
}
