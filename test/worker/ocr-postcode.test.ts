import { describe, expect, it } from "vitest";
import { readLabelPage } from "../../worker/label-import/ocr-job";
import { evriCheckDigit } from "../../worker/couriers/evri/code";
import { agreedPostcode, checkedPostcode, codedPostcodeLines, codeWidths, glyphLost, letterBefore, otherPostcode, loosePostcode, loosePostcodes, postcodeUnder, signsAfter, withoutCodePieces } from "../../worker/label-import/ocr/postcode";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { parseLabel } from "../../worker/label-import/pipeline";
import { labelPixels } from "../../worker/label-import/label-pixels";
import type { Grey } from "../../worker/images/raster";
import type { LabelDetails } from "../../shared/label";
import { fixture } from "./import-fixtures";

const at = (y: number, text: string, size = 38) => ({ text, x: 78, y, size });
const blank: Grey = { data: new Uint8Array(400 * 100).fill(255), width: 400, height: 100 };

describe("postcodes OCR misread past fixPostcode", () => {
  it.each([
    // Generated labels, seed 1149016970 (session 5's final run): the 1 read as a small i or l, a 1 read twice, lower case.
    ["Nic 4WZ", "N1C 4WZ", 2],
    ["London Nic 2SL", "N1C 2SL", 2],
    ["Nic ONL", "N1C 0NL", 2],
    ["E1lW OGR", "E1W 0GR", 2],
    // The other way round (fresh seed 3215497301, a flattened routing label: the block lost, 'C MENSAH' given as the sender).
    ["LONDON WCI1E 7YF", "WC1E 7YF", 2],
    ["Lancashire lal 6jr", "LA1 6JR", 2],
    ["Bristol bs16 1qt", "BS16 1QT", 2],
    ["Leeds lsl15td", "LS11 5TD", 1],
  ])("reads %j as %j", (line, postcode, words) => {
    expect(loosePostcode(line)).toEqual({ postcode, words });
  });

  it.each(["NEXT DAY", "Crafty Shipping", "UNITED KINGDOM", "Order # #35787", "Tel: 07700 900947", "VAN 73 DROP 14 C-ROUND 1977", "Parcel 1 of 1", "34 ST ANNE'S COURT", "HOLLY AVENUE", "+44 7700 900102", "PCL 1 of 1", "HUB 1 HERMES", "Item: Linen cushion cover, sage", "Freya Morris", "3 Elm Row", "Ref: 1723072520", "JV 4434 1609 4GB", "YS 2706 4002 3GB", "H0TODX3569227849"])(
    "reads no postcode in %j",
    (line) => expect(loosePostcode(line)).toBeNull(),
  );

  it("gives no postcode when the words can be read as two ('E1l5': E15, or E1S with the 5 read as a letter)", () => {
    // Two readings of one shape: none rather than a guess. (This case was 'E1L1 0GR', read as E11 or E1I; since b3de5ab
    // a district's letter is one the postcode format allows there, and I is none, so E11 is its one reading.)
    expect(loosePostcode("E1l5 0GR")).toBeNull();
    expect(loosePostcode("E1L1 0GR")).toEqual({ postcode: "E11 0GR", words: 2 });
  });

  it("finds the recipient whose postcode line was misread (marketplace thermal print, seed 1149016970 file 1236)", async () => {
    const lines = [at(60, "Crafty"), at(187, "Crafty Shipping", 36), at(274, "Royal Mail Tracked 24", 39), at(352, "Yusuf Cooper", 48), at(421, "224a Church Hill", 39), at(492, "London", 39), at(563, "Nic 4WZ"), at(632, "+44 7700 900102"), at(1674, "JV 4434 1609 4GB", 35)];
    const barcodes = [{ format: "Code128", text: "JV443416094GB", box: { x: 248, y: 1500, w: 700, h: 160 } }];
    expect(parseLabel({ lines, barcodes })?.address?.postcode ?? "").toBe("");
    const read = parseLabel({ lines: await loosePostcodes(lines, blank, 300), barcodes });
    expect(read?.address).toMatchObject({ name: "Yusuf Cooper", postcode: "N1C 4WZ" });
  });

  it("keeps a postcode without a digit as read only when its line read again larger gives it", async () => {
    // 'Nic ONL' has a name's shape; on a blank image the second reading gives nothing.
    const lines = [at(349, "TOMASZ ST JOHN", 34), at(402, "34 ST ANNE'S COURT", 34), at(513, "LONDON", 34), at(567, "Nic ONL", 34)];
    expect((await loosePostcodes(lines, blank, 300)).map((l) => l.text)).toEqual(lines.map((l) => l.text));
  });
});

describe("the recipient's postcode from three readings (the page's, its line's, its line's larger)", () => {
  it.each([
    ["LD3 0LY", "LD3 9LY", "LD3 9LY", "LD3 9LY"], // a 9 read as 0 by the page's reading: the line's reading, confirmed
    ["OX1 1ST", "OX1 1JT", "OX1 1JT", "OX1 1JT"],
    ["HU1 9HL", "HU1 0HL", "HU1 9HL", "HU1 9HL"], // the larger reading gives the page's
    ["HU1 0HL", "HU1 9HL", "HU1 9RL", ""], // three readings, three postcodes
    ["HU1 0HL", "HU1 9HL", null, ""],
    // The outward code read two ways (fresh seed 1890066140: 'WV11 8GN' for WV1 8GN, 'L7 5LS' for L17 5LS): none.
    ["WV1 8GN", "WV11 8GN", "WV11 8GN", ""],
    ["L7 5LS", "L17 5LS", "L17 5LS", ""],
  ])("page %j, line %j, larger %j: %j", (page, line, larger, want) => {
    expect(agreedPostcode(page, line, larger)).toBe(want);
  });
});

// Two files of the label generator (bench/label-generator, SEED=1149016970 GEN_LABELS=3000 GEN_IMAGES=450, files 538
// and 1351; copied here as they were drawn, since its fonts come from the machine).
describe("the recipient's postcode on generated images", () => {
  it("finds the recipient whose postcode was read 'Nic ONL' (a 200 DPI scan): read again larger, it is N1C 0NL", async () => {
    const reading = await readLabelPage(await labelPixels(fixture("generated-evri-routing-scan-200.jpg"), 1));
    expect(reading.details).toMatchObject({ trackingCode: "H0TODX3569227849", address: { name: "TOMASZ ST JOHN", postcode: "N1C 0NL" } });
  }, 90_000);

  it("does not give another real postcode for a 9 read as 0 (a 203 DPI thermal print: 'HU1 0HL' for HU1 9HL)", async () => {
    const reading = await readLabelPage(await labelPixels(fixture("generated-evri-instore-thermal-203-hu1.png"), 1));
    expect(reading.details?.address?.postcode).toBe("HU1 9HL");
  }, 90_000);
});

describe("a recipient's postcode read with signs after it on its line (signsAfter)", () => {
  // 'PL283xX}' for PL28 3XJ: its X read twice and its J as a bracket; 'PL28 3XX' was taken, no line ending in it to check
  // it by (fresh seed 2711752841, file 101, a 200 DPI table photo). A fresh seed each run, printed.
  const SEED = process.env.SEED || freshSeed();
  console.log(`postcodes with signs after them (drawn cases): SEED=${SEED}`);
  const rng = new Rng(`${SEED}:signs-after`);
  const letters = "ABDEFGHJLNPQRSTUWXYZ";
  const drawn = () => `${rng.pick(["PL", "LS", "N", "EH", "CF", "G", "SW", "B"])}${rng.int(1, 29)} ${rng.int(0, 9)}${rng.pick([...letters])}${rng.pick([...letters])}`;

  it("finds the postcode's line where signs follow it, and no line where a letter, a digit or nothing does", () => {
    for (let i = 0; i < 200; i++) {
      const pc = drawn();
      const read = rng.pick([pc, pc.replace(" ", ""), `${rng.pick(["Padstow ", "LONDON ", ""])}${pc}`]);
      const signs = rng.pick(["}", ")", "]", "|", ".", "_", " )", "}.", "'"]);
      expect(signsAfter(`${read}${signs}`, pc), `${read}${signs}`).toBe(true);
      expect(signsAfter(read, pc), read).toBe(false);
      expect(signsAfter(`${read}${rng.pick(["J", "x", "7", " UK"])}`, pc), read).toBe(false);
    }
  });

  it("gives none where the line read again does not give it (a blank page reads nothing)", async () => {
    const details = { courier: "evri", trackingCode: "H0LX876559715546", address: { name: "James Johnson", address: ["86 Barrack Street"], postcode: "PL28 3XX", countryCode: "GB" } } as unknown as LabelDetails;
    const lines = [at(530, "86 Barrack Street"), at(606, "Padstow"), at(682, "PL283xX}")];
    expect((await checkedPostcode(details, lines, blank, 300)).address?.postcode).toBe("");
    // A line ending in the postcode keeps it where the second reading gives none, as before.
    const ending = [at(530, "86 Barrack Street"), at(682, "Padstow PL28 3XX")];
    expect((await checkedPostcode(details, ending, blank, 300)).address?.postcode).toBe("PL28 3XX");
  });
});

describe("a piece of the tracking code is no postcode", () => {
  // An Evri code whose five characters after the H have a postcode's shape (B1 2CD), printed beside the barcode. On a
  // turned label OCR read the code in pieces, one a line; the piece 'B1 2CD', larger than the address, anchored a
  // block: the lines over it (the end of the sender's block) became the recipient with postcode B1 2CD.
  const code = `HB12CD000472658${evriCheckDigit("HB12CD000472658")}`;
  const barcodes = [{ format: "Code128", text: code, box: { x: 0, y: 0, w: 1, h: 1 } }];
  const lines = [
    { text: "evri", x: 40, y: 20, size: 60 },
    { text: "From: Kestrel Candles", x: 40, y: 100, size: 26 },
    { text: "Priya Shah", x: 40, y: 160, size: 40 },
    { text: "12 Mill Lane", x: 40, y: 205, size: 40 },
    { text: "Leeds", x: 40, y: 250, size: 40 },
    { text: "LS1 4AB", x: 40, y: 295, size: 40 },
    { text: "Kestrel Candles", x: 700, y: 420, size: 30 },
    { text: "Unit 4 Dock Street", x: 700, y: 455, size: 30 },
    { text: "HB", x: 1000, y: 500, size: 46 },
    { text: "B1 2CD", x: 1000, y: 552, size: 46 },
    { text: "0004 7265", x: 1000, y: 604, size: 46 },
  ];

  it("leaves out a line whose postcode is a run of the code, letters read for digits too", () => {
    expect(withoutCodePieces(lines, code).map((l) => l.text)).not.toContain("B1 2CD");
    expect(withoutCodePieces([{ text: "Leeds LS1 4AB", x: 0, y: 0, size: 10 }, { text: "B1 2CO", x: 0, y: 20, size: 10 }], code).map((l) => l.text)).toEqual(["Leeds LS1 4AB"]);
    expect(withoutCodePieces(lines, "H04AQA0004726589")).toBe(lines);
  });

  it("so the recipient is the address block, not the piece of code", () => {
    expect(parseLabel({ lines, barcodes })?.address?.postcode).toBe("B1 2CD");
    expect(parseLabel({ lines: withoutCodePieces(lines, code), barcodes })?.address).toMatchObject({ name: "Priya Shah", postcode: "LS1 4AB" });
  });
});

describe("a recipient's postcode with another standing alone under its line (postcodeUnder)", () => {
  // Two columns read as one row: the sender's 'Darlington DL1 9YY' run into the recipient's town, over the recipient's
  // 'KT1 8DU' (3,000-label seed 1914321767, file 518, a 400 DPI scan: DL1 9YY given for KT1 8DU).
  const block = [
    { text: "MR W CHOWDHURY", x: 93, y: 498, size: 48 },
    { text: "238 WELLINGTON HILL", x: 91, y: 579, size: 44 },
    { text: "KINGSTON UPON THAMES — Darlington DL1 9YY", x: 91, y: 630, size: 46 },
    { text: "KT1 8DU", x: 93, y: 711, size: 50 },
    { text: "7.7kg Ship date: 3 Aug 2026", x: 91, y: 824, size: 44 },
  ];

  it("gives no postcode: which of the two is the recipient's the reading cannot tell", async () => {
    expect(postcodeUnder(block, block[2])).toBe(true);
    const details = { courier: "evri", trackingCode: "H0FZWC0420991527", address: { name: "MR W CHOWDHURY", address: ["238 WELLINGTON HILL"], postcode: "DL1 9YY", countryCode: "GB" } } as unknown as LabelDetails;
    expect((await checkedPostcode(details, block, blank, 300)).address?.postcode).toBe("");
  });

  it("leaves a postcode with none under it, the same one under it, or another further down or in another column", () => {
    expect(postcodeUnder(block, block[3])).toBe(false);
    const same = [{ text: "Kingston upon Thames KT1 8DU", x: 91, y: 630, size: 46 }, { text: "KT1 8DU", x: 91, y: 700, size: 46 }];
    expect(postcodeUnder(same, same[0])).toBe(false);
    const far = [{ text: "London SW1A 1AA", x: 91, y: 630, size: 40 }, { text: "FROM:", x: 91, y: 700, size: 30 }, { text: "LS11 0LB", x: 91, y: 760, size: 30 }];
    expect(postcodeUnder(far, far[0])).toBe(false);
    const beside = [{ text: "London SW1A 1AA", x: 91, y: 630, size: 40 }, { text: "LS11 0LB", x: 700, y: 680, size: 40 }];
    expect(postcodeUnder(beside, beside[0])).toBe(false);
  });
});

describe("the recipient's postcode the label's 2D code names, its line misread (codedPostcodeLines)", () => {
  // Fresh seed 969544535, file 2670, a 300 DPI scan: the postcode printed in lower case, 'll55 5ew', read '1155 5ew'; no
  // block was found by it and the recipient ('Mr' over 'E Taylor') was lost, though the 2D code named LL55 5EW.
  const payload = "JGB 62L1UYBKE317742204B4F23715274474361271026271026TPS01  JR755294285GB    56                                 LL555EW4WGB WS10ZY   WS10ZY";
  const lines = [
    { text: "Royal Mail Tracked 48", x: 610, y: 67, size: 36 },
    { text: "ROYAL MAIL", x: 51, y: 73, size: 48 },
    { text: "27 Oct 2026", x: 355, y: 253, size: 26 },
    { text: "Weight (kg): 14.30", x: 353, y: 302, size: 35 },
    { text: "Mr", x: 62, y: 539, size: 37 },
    { text: "E Taylor", x: 62, y: 607, size: 45 },
    { text: "24 York Road", x: 60, y: 670, size: 35 },
    { text: "Hampton Wick", x: 62, y: 733, size: 44 },
    { text: "Caernarfon", x: 60, y: 796, size: 35 },
    { text: "1155 5ew", x: 61, y: 858, size: 35 },
    { text: "JR755294285GB", x: 414, y: 1192, size: 34 },
    { text: "If undelivered return to:", x: 44, y: 1276, size: 19 },
    { text: "Priya's Design", x: 45, y: 1311, size: 30 },
    { text: "68 Alexandra Court", x: 44, y: 1353, size: 22 },
    { text: "Walsall WS1 0ZY", x: 43, y: 1395, size: 23 },
  ];
  const barcodes = [{ format: "DataMatrix", text: payload, box: { x: 0, y: 0, w: 1, h: 1 } }];

  it("finds the recipient's block by the line one misread from the code's postcode", () => {
    expect(parseLabel({ lines, barcodes })?.fieldSources?.address).toBe("barcode");
    const fixed = codedPostcodeLines(lines, "LL55 5EW");
    expect(fixed[9].text).toBe("LL55 5EW");
    expect(fixed.filter((l, i) => l !== lines[i])).toHaveLength(1);
    const d = parseLabel({ lines: fixed, barcodes });
    expect(d?.fieldSources?.address).toBe("text");
    expect(d?.address?.postcode).toBe("LL55 5EW");
    expect(d?.address?.address).toContain("24 York Road");
  });

  // Drawn: a postcode misread by one character as OCR does (a 1 read twice, a last letter read as a stroke, a lower-case
  // l read as 1, a letter read as the digit it looks like), with another block's postcode on the page. A fresh seed each
  // run, printed.
  const SEED = process.env.SEED || freshSeed();
  console.log(`postcodes the 2D code names (drawn cases): SEED=${SEED}`);
  const rng = new Rng(`${SEED}:coded-postcode`);
  const letters = "ABDEFGHJLNPQRSTUWXYZ";
  const drawn = () => `${rng.pick(["LL", "LS", "N", "EH", "CF", "G", "SW", "B", "KW", "SY", "WC"])}${rng.int(1, 29)} ${rng.int(0, 9)}${rng.pick([...letters])}${rng.pick([...letters])}`;
  const misread = (pc: string) =>
    rng.pick([
      () => pc.toLowerCase().replace(/l/g, "1"),
      () => pc.replace(/1/, "11"),
      () => `${pc.slice(0, -1)}|`,
      () => pc.replace(" ", ""),
      () => pc.replace(/0/, "O").replace(/S/, "5"),
    ])();

  it("puts back the one line a character from the code's postcode, and no other postcode's", () => {
    for (let i = 0; i < 200; i++) {
      const pc = drawn();
      // Another block's postcode in areas none of the drawn recipients' is near ('TR', 'DA', 'PA').
      const other = `${rng.pick(["TR", "DA", "PA"])}${rng.int(1, 29)} ${rng.int(0, 9)}${rng.pick([...letters])}${rng.pick([...letters])}`;
      const read = misread(pc);
      const page = [
        { text: "Jane Hill", x: 60, y: 100, size: 40 },
        { text: "12 Mill Lane", x: 60, y: 150, size: 40 },
        { text: rng.pick(["Leeds", "Kirkwall", "London"]), x: 60, y: 200, size: 40 },
        { text: read, x: 60, y: 250, size: 40 },
        { text: "Tel: 07700 900292", x: 60, y: 300, size: 30 },
        { text: `Return to: Kestrel Candles, 4 Dock Street, Leeds ${other}`, x: 60, y: 600, size: 20 },
      ];
      const fixed = codedPostcodeLines(page, pc);
      expect(fixed[3].text, `${read} for ${pc} (other ${other})`).toBe(pc);
      expect(fixed.filter((l, j) => l !== page[j]), read).toHaveLength(1);
      // Another postcode the code names (its area differs): nothing is changed.
      expect(codedPostcodeLines(page, other.replace(/^[A-Z]+/, "ZE"))).toBe(page);
    }
  });
});

describe("a letter alone before the recipient's postcode: the postcode's first characters lost (letterBefore)", () => {
  // Gate seed 409927088, file 212, a 200 DPI scan: YO31 2XB read 'Y S5 2XB', and S5 2XB, another real postcode, given.
  it("gives no postcode where a letter stands alone before it on its line", async () => {
    const details = { courier: "evri", trackingCode: "H0G0H73404333541", address: { name: "Northgate Nursery LLP", address: ["112 Primrose Avenue"], postcode: "S5 2XB", countryCode: "GB" } } as unknown as LabelDetails;
    const lines = [at(354, "Northgate Nursery LLP"), at(419, "112 Primrose Avenue"), at(495, "Y S5 2XB")];
    expect((await checkedPostcode(details, lines, blank, 300)).address?.postcode).toBe("");
    const whole = [at(354, "Northgate Nursery LLP"), at(419, "112 Primrose Avenue"), at(495, "YO31 2XB")];
    expect((await checkedPostcode({ ...details, address: { ...details.address!, postcode: "YO31 2XB" } }, whole, blank, 300)).address?.postcode).toBe("YO31 2XB");
  });

  it("tells a letter alone from a town, a number or nothing before the postcode", () => {
    for (const t of ["Y S5 2XB", "a B1 2AB", "York Y S52XB"]) expect(letterBefore(t), t).toBe(true);
    for (const t of ["S5 2XB", "York YO31 2XB", "Flat 4 B1 2AB", "Leeds, LS1 4AB", "St Ives TR26 1AB", "EC1A 1BB"]) expect(letterBefore(t), t).toBe(false);
  });
});

describe("a postcode whose outward code lost a glyph (glyphLost, otherPostcode)", () => {
  // The second maker's seed 1322321477: 'G2 3NU' for GU2 3NU (file 258, a 150 DPI JPEG in Courier), 'G2 7ET' for CH2 7ET
  // (file 263, a 300 DPI scan in a condensed face), each another real postcode, given.
  const SEED = process.env.SEED || freshSeed();
  console.log(`postcodes' ink widths (drawn cases): SEED=${SEED}`);
  // Advances (thousandths of an em) of three faces a label may be printed in, and one the rule does not know (narrow digits).
  const helvetica: Record<string, number> = { G: 778, U: 722, C: 722, H: 722, L: 556, N: 722, R: 722, S: 667, W: 944, B: 667, E: 667, M: 833, D: 722, T: 611, P: 667, K: 667, O: 778, Y: 667, X: 667, Z: 611, A: 667, I: 278, J: 500, F: 611, Q: 778, V: 667 };
  const faces: ((c: string) => number)[] = [(c) => helvetica[c] ?? 556, () => 600, (c) => (/\d/.test(c) ? 500 : (helvetica[c] ?? 600) * 0.9)];
  const LETTERS = "ABCDEFGHJKLMNOPRSTUWXYZ";
  const WIDE = "BCDEGHKNOPRSUXYZ";

  /** A page with `printed` drawn alone on a line (each glyph a block of ink, a space between the codes), and its line as read. */
  function drawn(rng: Rng, printed: string, read: string, face: (c: string) => number): { page: Grey; line: { text: string; x: number; y: number; size: number; width: number } } {
    const size = rng.int(15, 60);
    const em = size / 0.72;
    const width = Math.ceil(em * 6) + 80;
    const height = size + 60;
    const data = new Uint8Array(width * height).fill(rng.int(215, 255));
    let x = 40;
    for (const c of printed) {
      const adv = (c === " " ? 300 : face(c) * rng.float(0.97, 1.03)) * (em / 1000);
      if (c !== " ") for (let px = Math.round(x + adv * 0.08); px < Math.round(x + adv * 0.92); px++) for (let y = 30; y < 30 + size; y++) data[y * width + px] = rng.int(0, 60);
      x += adv;
    }
    return { page: { data, width, height }, line: { text: read, x: 40, y: 30, size, width: Math.round(x - 40) } };
  }
  const code = (rng: Rng, shape: string) => [...shape].map((s) => (s === "9" ? String(rng.int(0, 9)) : rng.pick([...LETTERS]))).join("");

  it("never takes a postcode read whole for one that lost a glyph, and catches most that lost a letter", () => {
    const rng = new Rng(`${SEED}:glyph-lost`);
    let caught = 0;
    for (let i = 0; i < 300; i++) {
      const outward = code(rng, rng.pick(["A9", "A99", "AA9", "AA99", "A9A", "AA9A"]));
      const inward = code(rng, "9AA");
      const whole = drawn(rng, `${outward} ${inward}`, `${outward} ${inward}`, rng.pick(faces));
      expect(glyphLost(whole.page, whole.line, `${outward} ${inward}`), `${outward} ${inward} read whole`).toBe(false);
      // Two characters read of three printed in a face the rule knows, the lost one a letter no narrower than a digit: 'G2'
      // for GU2, for CH2. Where the letters kept are wide and the inward code's narrow, the loss is within what faces differ
      // by, and the postcode stands (a miss the rule accepts: none is never given for a whole reading).
      const printed = rng.pick([...WIDE]) + rng.pick([...WIDE]) + String(rng.int(0, 9));
      const read = printed.slice(0, 1) + printed.slice(2);
      const lost = drawn(rng, `${printed} ${inward}`, `${read} ${inward}`, rng.pick(faces.slice(0, 2)));
      if (glyphLost(lost.page, lost.line, `${read} ${inward}`)) caught++;
    }
    expect(caught, "letters lost caught of 300").toBeGreaterThanOrEqual(240);
  });

  it("asks nothing of a line holding more than the postcode, a blank line, or one whose gaps are alike", () => {
    const rng = new Rng(`${SEED}:glyph-other`);
    const lost = drawn(rng, "GU2 3NU", "G2 3NU", faces[0]);
    expect(glyphLost(lost.page, { ...lost.line, text: "Guildford G2 3NU" }, "G2 3NU")).toBe(false);
    expect(glyphLost(blank, { text: "G2 3NU", x: 10, y: 10, size: 40, width: 200 }, "G2 3NU")).toBe(false);
    // Glyphs evenly spaced (no space between the codes): no part the reading can tell, so no answer.
    const even = drawn(rng, "GU23NU", "G2 3NU", faces[1]);
    expect(codeWidths(even.page, even.line)).toBeNull();
  });

  it("takes another real postcode read larger for a dispute of the page's, none or the same for none", () => {
    // 'RG11 8RL' for RG1 8RL (file 228, a 200 DPI scan): the Latin reading 'RG1 8&RL', twice as large 'RG1 8RL'.
    expect(otherPostcode("RG11 8RL", "RG1 8RL")).toBe(true);
    expect(otherPostcode("RG11 8RL", "RG11 8RL")).toBe(false);
    expect(otherPostcode("RG11 8RL", "RG118RL")).toBe(false);
    expect(otherPostcode("RG11 8RL", null)).toBe(false);
    expect(otherPostcode("RG11 8RL", "QQ1 8RL")).toBe(false);
  });
});
