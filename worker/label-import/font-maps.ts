/**
 * Pages of a PDF whose text is drawn (in part) in a font with no Unicode map (issue 36): a simple TrueType font,
 * embedded, flagged symbolic, with neither /ToUnicode nor /Encoding. A reader has only the font's own cmap for such a
 * font, which says which glyph a code draws but not which letter that glyph is; pdf.js and PDFium both take a code
 * beyond ASCII in the Mac's table (0x80 'Ä', 0x81 'Å'...). Ghostscript's pdfwrite so rewrites ReportLab's subset fonts:
 * 'Chloé' reads 'ChloÄ', 'Małgorzata' 'MaÄgorzata', 'Søren Müller' 'SÄren MÅller'. The font keeps no glyph names
 * (its 'post' table is format 3) and its cmap is only code -> glyph, so the true letter cannot be had from it: a text
 * layer letter beyond ASCII on such a page is unknown (ASCII codes are the letters: producers keep them, as
 * ReportLab does). pdf.js's text items do not say which font dictionary drew them, so the page is the unit: a page that
 * draws with such a font has every letter beyond ASCII of its text layer unknown.
 *
 * Read with pdf-lib (already a dependency, loaded only here), and only for a PDF whose text layer has a letter beyond
 * ASCII at all: most labels have none and pay nothing.
 */
import type { PDFDict, PDFDocument } from "pdf-lib";

/** FontDescriptor /Flags: Symbolic (bit 3) and Nonsymbolic (bit 6). */
const SYMBOLIC = 4;
const NONSYMBOLIC = 32;

/** A text layer letter or mark beyond ASCII (what such a font's codes from 128 up read as). */
export const BEYOND_ASCII = /\P{ASCII}/u;

/** The 0-based indexes, among the first `pages`, of pages drawing with a font that has no Unicode map. */
export async function unmappedFontPages(bytes: Uint8Array, pages: number): Promise<Set<number>> {
  const lib = await import("pdf-lib");
  const doc: PDFDocument = await lib.PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false } as never);
  const { PDFDict: Dict, PDFName: Name, PDFNumber: Num, PDFStream: Stream } = lib;
  const get = (dict: PDFDict | undefined, key: string) => (dict ? doc.context.lookup(dict.get(Name.of(key))) : undefined);
  const asDict = (o: unknown): PDFDict | undefined => (o instanceof Dict ? o : o instanceof Stream ? (o as unknown as { dict: PDFDict }).dict : undefined);
  const unmapped = (font: PDFDict): boolean => {
    if (get(font, "Subtype") !== Name.of("TrueType") || get(font, "ToUnicode") || get(font, "Encoding")) return false;
    const descriptor = asDict(get(font, "FontDescriptor"));
    const flags = get(descriptor, "Flags");
    const n = flags instanceof Num ? flags.asNumber() : 0;
    return !!get(descriptor, "FontFile2") && (n & SYMBOLIC) !== 0 && (n & NONSYMBOLIC) === 0;
  };
  // Fonts of the page's resources and of the forms it draws (a form's own resources, two levels deep).
  const hasUnmapped = (resources: PDFDict | undefined, depth: number): boolean => {
    const fonts = asDict(get(resources, "Font"));
    for (const [, ref] of fonts?.entries() ?? []) {
      const font = asDict(doc.context.lookup(ref));
      if (font && unmapped(font)) return true;
    }
    if (depth >= 2) return false;
    const objects = asDict(get(resources, "XObject"));
    for (const [, ref] of objects?.entries() ?? []) {
      const form = asDict(doc.context.lookup(ref));
      if (form && get(form, "Subtype") === Name.of("Form") && hasUnmapped(asDict(get(form, "Resources")), depth + 1)) return true;
    }
    return false;
  };
  const out = new Set<number>();
  doc.getPages().slice(0, pages).forEach((page, i) => {
    if (hasUnmapped(page.node.Resources(), 0)) out.add(i);
  });
  return out;
}
