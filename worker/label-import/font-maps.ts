/**
 * Pages of a PDF whose text is drawn (in part) in a font with no Unicode map (issue 36): a simple TrueType font,
 * embedded, flagged symbolic, with neither /ToUnicode nor /Encoding. A reader has only the font's own cmap for such a
 * font, which says which glyph a code draws but not which letter that glyph is; pdf.js and PDFium both take a code
 * beyond ASCII in the Mac's table (0x80 'Ä', 0x81 'Å'...). Ghostscript's pdfwrite so rewrites ReportLab's subset fonts:
 * 'Chloé' reads 'ChloÄ', 'Małgorzata' 'MaÄgorzata', 'Søren Müller' 'SÄren MÅller'. The font keeps no glyph names
 * (its 'post' table is format 3) and its cmap is only code -> glyph, so the true letter cannot be had from it: a text
 * layer letter beyond ASCII on such a page is unknown (ASCII codes are the letters: producers keep them, as
 * ReportLab does). pdf.js's text items do not say which font dictionary drew them, so the page is the unit: a page that
 * draws with such a font has every letter beyond ASCII of its text layer unknown, but for the letters its fonts' own
 * outlines tell (font-outlines.ts: an accented letter drawn as a letter and a mark) where every font of the page is such a
 * font and those that draw a code agree on its letter.
 *
 * Read with pdf-lib (already a dependency, loaded only here), and only for a PDF whose text layer has a letter beyond
 * ASCII at all: most labels have none and pay nothing.
 */
import type { PDFDict, PDFDocument } from "pdf-lib";
import { lettersOfFont } from "./font-outlines";

/** FontDescriptor /Flags: Symbolic (bit 3) and Nonsymbolic (bit 6). */
const SYMBOLIC = 4;
const NONSYMBOLIC = 32;

/** A text layer letter or mark beyond ASCII (what such a font's codes from 128 up read as). */
export const BEYOND_ASCII = /\P{ASCII}/u;

/** What pdf.js (and PDFium) read a code from 128 up of such a font as: the Mac's table. */
const MAC_ROMAN =
  "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ";

/**
 * A page drawn with a font that has no Unicode map: what each letter beyond ASCII of its text layer stands for, as far
 * as its fonts' outlines tell (the text layer's letter -> the letter printed). A letter not in `letters` is unknown.
 */
export interface UnmappedPage {
  letters: Map<string, string>;
}

/** The pages, among the first `pages` (0-based), drawing with a font that has no Unicode map, with the letters told. */
export async function unmappedFontPages(bytes: Uint8Array, pages: number): Promise<Map<number, UnmappedPage>> {
  const lib = await import("pdf-lib");
  const doc: PDFDocument = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false } as never);
  const { PDFDict: Dict, PDFName: Name, PDFNumber: Num, PDFStream: Stream, PDFRawStream: Raw, decodePDFRawStream } = lib;
  const get = (dict: PDFDict | undefined, key: string) => (dict ? doc.context.lookup(dict.get(Name.of(key))) : undefined);
  const asDict = (o: unknown): PDFDict | undefined => (o instanceof Dict ? o : o instanceof Stream ? (o as unknown as { dict: PDFDict }).dict : undefined);
  const unmapped = (font: PDFDict): boolean => {
    if (get(font, "Subtype") !== Name.of("TrueType") || get(font, "ToUnicode") || get(font, "Encoding")) return false;
    const descriptor = asDict(get(font, "FontDescriptor"));
    const flags = get(descriptor, "Flags");
    const n = flags instanceof Num ? flags.asNumber() : 0;
    return !!get(descriptor, "FontFile2") && (n & SYMBOLIC) !== 0 && (n & NONSYMBOLIC) === 0;
  };
  // Each code from 128 up the font draws -> its letter, or null where the outline does not tell it; null for a font file
  // that cannot be read (it may draw any code).
  const letters = (font: PDFDict): Map<number, string | null> | null => {
    const file = get(asDict(get(font, "FontDescriptor")), "FontFile2");
    try {
      return file instanceof Raw ? lettersOfFont(decodePDFRawStream(file).decode()) : null;
    } catch {
      return null;
    }
  };
  // Fonts of the page's resources and of the forms it draws (a form's own resources, two levels deep).
  const fontsOf = (resources: PDFDict | undefined, depth: number, out: PDFDict[]): PDFDict[] => {
    const fonts = asDict(get(resources, "Font"));
    for (const [, ref] of fonts?.entries() ?? []) {
      const font = asDict(doc.context.lookup(ref));
      if (font) out.push(font);
    }
    if (depth >= 2) return out;
    const objects = asDict(get(resources, "XObject"));
    for (const [, ref] of objects?.entries() ?? []) {
      const form = asDict(doc.context.lookup(ref));
      if (form && get(form, "Subtype") === Name.of("Form")) fontsOf(asDict(get(form, "Resources")), depth + 1, out);
    }
    return out;
  };
  const out = new Map<number, UnmappedPage>();
  doc.getPages().slice(0, pages).forEach((page, i) => {
    const fonts = fontsOf(page.node.Resources(), 0, []);
    if (!fonts.some(unmapped)) return;
    // Letters are told only where every font of the page is such a font (a text layer letter from another font would be
    // read as a code of these) and each code is one letter in every font that tells it.
    const told = new Map<string, string | null>();
    const each = fonts.every(unmapped) ? fonts.map(letters) : [];
    // A font whose file cannot be read may draw any code: nothing is told.
    if (each.every((m) => m !== null))
      for (const [code, letter] of each.flatMap((m) => [...m])) {
        const shown = MAC_ROMAN[code - 0x80];
        if (shown) told.set(shown, told.has(shown) && told.get(shown) !== letter ? null : letter);
      }
    out.set(i, { letters: new Map([...told].filter((e): e is [string, string] => e[1] !== null)) });
  });
  return out;
}

/** A page's text line with its letters beyond ASCII told (font-outlines.ts) and the others as U+FFFD, unknown. */
export const toldLetters = (text: string, page: UnmappedPage): string =>
  text.replace(/\P{ASCII}/gu, (c) => page.letters.get(c) ?? UNKNOWN);

/** A letter of a text layer that is not known. */
export const UNKNOWN = "\uFFFD";
