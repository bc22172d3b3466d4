import { PDFDocument, PDFName, StandardFonts, type PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { toldLetters, unmappedFontPages } from "../../worker/label-import/font-maps";
import { readPdfText } from "../../worker/label-import/pdf";
import { withoutMisencodedNames, withoutUnknownLetters } from "../../worker/label-import/pipeline";
import type { LabelDetails } from "../../shared/label";

/**
 * A page drawing 'Chlo<0x80> Nowak' in a hand-written simple TrueType font dictionary, as Ghostscript's pdfwrite leaves
 * ReportLab's subset fonts: embedded (FontFile2), flagged symbolic, no /ToUnicode and no /Encoding. `extra` adds keys to
 * the font (a /ToUnicode, an /Encoding) or `flags` changes the descriptor's.
 */
async function pageWithFont(opts: { flags?: number; extra?: (doc: PDFDocument) => Record<string, PDFRef | PDFName>; standardPage?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (opts.standardPage) {
    const p = doc.addPage([288, 432]);
    p.drawText("Plain ASCII page", { x: 20, y: 400, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  }
  const page = doc.addPage([288, 432]);
  const ctx = doc.context;
  const file = ctx.register(ctx.stream(new Uint8Array(64), { Length1: 64 }));
  const descriptor = ctx.register(ctx.obj({ Type: "FontDescriptor", FontName: "ABCDEF+DejaVuSans", Flags: opts.flags ?? 4, FontBBox: [0, -200, 900, 800], ItalicAngle: 0, Ascent: 800, Descent: -200, CapHeight: 700, StemV: 80, FontFile2: file }));
  const font = ctx.register(ctx.obj({ Type: "Font", Subtype: "TrueType", BaseFont: "ABCDEF+DejaVuSans", FirstChar: 32, LastChar: 128, Widths: Array(97).fill(600), FontDescriptor: descriptor, ...(opts.extra?.(doc) ?? {}) }));
  page.node.setFontDictionary(PDFName.of("F9"), font);
  const content = ctx.register(ctx.stream(`BT /F9 12 Tf 20 300 Td <43686C6F80204E6F77616B> Tj ET`));
  page.node.set(PDFName.of("Contents"), content);
  return doc.save();
}

describe("pages drawn in a font with no Unicode map (font-maps.ts)", () => {
  it("finds a symbolic embedded TrueType font with neither /ToUnicode nor /Encoding, whose code 0x80 a reader takes as 'Ä'", async () => {
    const bytes = await pageWithFont({ standardPage: true });
    expect([...(await unmappedFontPages(bytes, 5)).keys()]).toEqual([1]);
    // What the text layer says for it: a letter beyond ASCII the page never printed as such.
    const text = await readPdfText(bytes, 5);
    expect(text.pages[1].lines.map((l) => l.text).join(" ")).toMatch(/Chlo\P{ASCII} ?Nowak/u);
    expect([...(await unmappedFontPages(bytes, 1)).keys()]).toEqual([]);
  }, 60_000);

  it("leaves a font that says its letters: a /ToUnicode, an /Encoding, a nonsymbolic flag", async () => {
    const toUnicode = (doc: PDFDocument) => ({ ToUnicode: doc.context.register(doc.context.stream("/CIDInit /ProcSet findresource begin 12 dict begin begincmap 1 beginbfchar <80> <00E9> endbfchar endcmap end end")) });
    expect((await unmappedFontPages(await pageWithFont({ extra: toUnicode }), 5)).size).toBe(0);
    expect((await unmappedFontPages(await pageWithFont({ extra: () => ({ Encoding: PDFName.of("WinAnsiEncoding") }) }), 5)).size).toBe(0);
    expect((await unmappedFontPages(await pageWithFont({ flags: 32 }), 5)).size).toBe(0);
    // A standard font, not embedded (pdf-lib's Helvetica, WinAnsi): not such a font.
    const doc = await PDFDocument.create();
    doc.addPage().drawText("Zoë Clark", { x: 20, y: 400, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
    expect((await unmappedFontPages(await doc.save(), 5)).size).toBe(0);
  }, 60_000);
});

describe("a label read off such a page", () => {
  it("gives no name and no address line that holds a letter no font told; told letters and plain ASCII stay", () => {
    // The text layer as pipeline.ts gives it: letters the fonts' outlines told as letters, the others U+FFFD.
    const page = { letters: new Map([["Å", "é"]]) };
    const label: LabelDetails = {
      courier: "royalmail",
      countryCode: "GB",
      trackingCode: "KB793040539GB",
      address: { name: toldLetters("MaÄgorzata Chowdhury", page), address: ["4 Mill Lane", toldLetters("Ä Street", page)], postcode: "TW9 0PD", countryCode: "GB" },
      fromAddress: { name: "MALGORZATA SHOP", address: ["1 High St"], postcode: "", countryCode: "GB" },
    };
    expect(label.address?.name).toBe("Ma\uFFFDgorzata Chowdhury");
    const out = withoutUnknownLetters(label);
    expect(out.address).toEqual({ name: "", address: ["4 Mill Lane"], postcode: "TW9 0PD", countryCode: "GB" });
    expect(out.fromAddress).toBe(label.fromAddress);
    expect(out.trackingCode).toBe("KB793040539GB");
    const told = { ...label, address: { ...label.address!, name: toldLetters("ChloÅ Nowak", page) } };
    expect(withoutUnknownLetters(told).address?.name).toBe("Chloé Nowak");
    // What a rule on the name alone cannot see (pipeline.ts withoutMisencodedNames): a letter starting a word, capitals.
    for (const name of ["Mr Älodie Ellis", "SÄREN MÄLLER"]) {
      expect(withoutMisencodedNames({ ...label, address: { ...label.address!, name } }).address?.name, name).toBe(name);
      expect(withoutUnknownLetters({ ...label, address: { ...label.address!, name: toldLetters(name, page) } }).address?.name, name).toBe("");
    }
  });
});
