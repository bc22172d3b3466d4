import { describe, expect, it } from "vitest";
import { plausibleOnly, readLabelPage, unglued } from "../../worker/label-import/ocr-job";
import { inkAtEdge, irishParticle, otherLine, ownSender, rescuedOrCut, rowRight, withLostWords, withoutBrokenStart, withoutCutNames, withoutEndOfBrokenRow, withoutHeadings, withoutLineLostAbove, withoutLineLostOver, withoutLineLostUnder, withoutLoneFigures, withoutOtherLines, withoutPartOfHeader, withoutSenderUnderVan, withoutSortCode, withoutSuffixUnder, withTitleAbove } from "../../worker/label-import/ocr/names";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { companyName, personName, retailerName, shopName } from "../../bench/label-generator/world";
import { PRINTED_HEADINGS, SHOP_WORDS } from "../../worker/label-reading/vocabulary";
import type { LabelDetails } from "../../shared/label";
import type { TextLine } from "../../worker/label-reading/text";
import { editDistance } from "../../worker/label-reading/fields";
import { labelPixels } from "../../worker/label-import/label-pixels";
import { fixture } from "./import-fixtures";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { renderPages } from "../../worker/label-import/pdfium";
import { atOcrResolution } from "../../worker/label-import/ocr/image";
import { recognise } from "../../worker/label-import/ocr/tesseract";
import { type Grey, type Pixmap, scaleGrey, toGrey } from "../../worker/images/raster";

/** A white page `width` by `height` with black boxes ([x0, y0, x1, y1], clipped to it) standing for printed words. */
function boxesPage(width: number, height: number, boxes: number[][]) {
  const data = new Uint8Array(width * height).fill(255);
  for (const [x0, y0, x1, y1] of boxes) for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) data.fill(0, y * width + Math.max(0, x0), y * width + Math.min(width, x1));
  return { data, width, height };
}

// The English model's page reading against the Latin-script model's reading of the name's row
// (generated labels, seed 1149016970: files 990, 2051, 1141, 546).
describe("a recipient's name with the words the page's reading lost", () => {
  it.each([
    ["Harry", "Harry Quiñones", [], "Harry Quiñones"],
    ["GEORGE", "GEORGE SØRENSEN", [], "GEORGE SØRENSEN"],
    ["Freya", "Freya Søren", [], "Freya Søren"], // 'Morris', the row's next text, joins after it (restoreLostWords)
    ["Ward", "Zoë Ward", ["zoe"], "Zoë Ward"],
    // A word the Latin model reads with a letter wrong is still the name's own.
    ["Yusuf Garcia", "Yusuf García Lopéz", [], "Yusuf Garcia Lopéz"],
  ])("%j with %j", (name, read, before, want) => {
    expect(withLostWords(name, read, before)).toBe(want);
  });

  it("for a name cut short, takes only words after it that end the row's reading (run D, SEED=2845914634, file 3834)", () => {
    // A 200 DPI photo: 'DELIVER TO: Thomas' for Thomas Sørensen, the ø's word dropped; ink beside the name made it none.
    expect(withLostWords("Thomas", "DELIVER TO: Thomas Sørensen", ["DELIVER", "TO:"], true)).toBe("Thomas Sørensen");
    expect(withLostWords("GEORGE", "GEORGE SØRENSEN", [], true)).toBe("GEORGE SØRENSEN");
    // More of the row after the words that fit ('Zoë Søren Kelly': 'Kelly' is plain, the name would be cut again), words
    // only before the name, or none: nothing.
    expect(withLostWords("Zoe", "Zoë Søren Kelly", [], true)).toBeNull();
    expect(withLostWords("Zoë Søren", "Zoë Søren Kelly", [], true)).toBeNull();
    expect(withLostWords("Ward", "Zoë Ward", ["zoe"], true)).toBeNull();
    expect(withLostWords("Thomas", "DELIVER TO: Thomas", ["DELIVER", "TO:"], true)).toBeNull();
  });

  it("keeps a name cut short none where reading its row again found no words for it (gate seed 4152206495, files 568, 579)", () => {
    const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "VB192040244GB", address: { name, address: ["Unit 10, The Maltings"], postcode: "CV37 0SB", countryCode: "GB" } });
    // A 600 DPI photo read 'DOVETAIL PRINT' for Dovetail Print Studio Ltd.: ink beside it made it none, and the row's
    // second reading gave nothing (restoreLostWords hands the details back as they were).
    const uncut = label("DOVETAIL PRINT");
    const cutFree = label("");
    expect(rescuedOrCut(uncut, cutFree, uncut).address?.name).toBe("");
    expect(rescuedOrCut(uncut, cutFree, { ...uncut }).address?.name).toBe("");
    expect(rescuedOrCut(uncut, cutFree, null).address?.name).toBe("");
    // Words found after it that end the row's reading (run D 3834): the name with them.
    expect(rescuedOrCut(label("Thomas"), cutFree, label("Thomas Sørensen")).address?.name).toBe("Thomas Sørensen");
  });

  it("takes the row's next text for the name's end only in the name's type (gate seed 1836775388, file 669)", () => {
    // A 300 DPI scan: the sender's 'Hollow Oak Ceramics' in type a third of the name's, in the next column on its row, was
    // joined to the recipient's name after its lost word was found ('María Kwame Sørensen Hollow Oak Ceramics').
    const line = { text: "Maria Kwame", x: 75, y: 206, size: 59, width: 420 };
    expect(rowRight([line, { text: "Hollow Oak Ceramics", x: 748, y: 231, size: 20, width: 230 }], line, 1200).next).toBeNull();
    expect(rowRight([line, { text: "Morris", x: 760, y: 210, size: 55, width: 200 }], line, 1200).next?.text).toBe("Morris");
  });

  it.each([
    ["Jane Doe", "Ship To Jane Doe", ["Ship", "To"]], // a heading on the name's line is not a lost word
    ["Jane Doe", "Jane Doe", []],
    ["Jane Doe", "Jame Dee 07700", []], // the second reading does not hold the name
    ["Harry", "Harry 12 Holly Grove", []], // an address is no name word
    ["Harry", "Harry Quiñones Núñez Ibáñez", []], // more than two words: not a lost word
    ["JANE DOE", "JANE DOE Order", []], // a caps name takes only caps words
    // Plain words beside a name are the Latin model's noise, not a lost word (fresh seed 1669206209, files 470, 1014, 15).
    ["Copper Kettle Architects Holdings Ltd", "Copper Kettle Architects Holdings Ltd EVN. RAN", []],
    ["Yusuf Watson", "Yusuf Watson Beu", []],
    ["Cwm Coffee Ltd.", "Cwm Coffee Ltd. Ty", []],
  ])("leaves %j as it is beside %j", (name, read, before) => {
    expect(withLostWords(name, read, before)).toBeNull();
  });
});

// The label generator's SEED=1149016970 file 546 (GEN_LABELS=3000 GEN_IMAGES=450), a flattened PDF copied here as drawn:
// 'Zoë Ward' read 'zoe Ward' by the page's reading, and the name taken as 'Ward'.
describe("the recipient's name on a generated flattened PDF", () => {
  it("takes the first name the page's reading gave in lower case, accent and all", async () => {
    const reading = await readLabelPage(await labelPixels(fixture("generated-marketplace-flat.pdf"), 1));
    expect(reading.details).toMatchObject({ trackingCode: "QP246451041GB", address: { name: "Zoë Ward", postcode: "OX1 0WZ" } });
  }, 90_000);
});

// Drawn from the label generator's shop names, a fresh seed each run (replay with SEED=…): never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`ocr names (drawn cases): SEED=${SEED}`);

describe(`the seller's own shop name for a sender read a letter or two off it (drawn, SEED=${SEED})`, () => {
  const label = (sender: string): LabelDetails => ({
    courier: "evri",
    trackingCode: "H04AQA0004726589",
    countryCode: "GB",
    address: { name: "Jane Smith", address: ["1 High Street"], postcode: "LS1 1AA", countryCode: "GB" },
    fromAddress: { name: sender, address: [], postcode: "", countryCode: "GB" },
  });
  // Letters both OCR models misread alike: l as i, rn as m, a letter lost.
  const misreads: [RegExp, string][] = [[/l/, "i"], [/rn/, "m"], [/e(?=\p{L})/u, ""], [/o/, "a"]];

  it("puts the misread letters right, and leaves another shop's name, a name read right and the recipient as read", () => {
    expect(ownSender(label("Fable & Fem Coffee"), "Fable & Fern Coffee").fromAddress?.name).toBe("Fable & Fern Coffee");
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/own-sender/${k}`);
      const own = shopName(rng);
      const [re, to] = rng.pick(misreads);
      // (Names of twelve letters or more: a shorter one takes one letter put right at most.)
      if (!re.test(own) || own.replace(/[^\p{L}]/gu, "").length < 12) continue;
      drawn++;
      const misread = own.replace(re, to);
      const read = ownSender(label(misread), own);
      expect(read.fromAddress?.name, JSON.stringify({ k, own, misread })).toBe(own);
      expect(read.address).toEqual(label(misread).address);
      // Read as printed (case and gaps aside): as printed.
      expect(ownSender(label(own.toUpperCase()), own).fromAddress?.name).toBe(own.toUpperCase());
      // Another shop (its letters three or more apart): as read; no company name: as read.
      const other = shopName(rng);
      const letters = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
      if (editDistance(letters(other), letters(own)) > 2) expect(ownSender(label(other), own).fromAddress?.name).toBe(other);
      expect(ownSender(label(misread), null).fromAddress?.name).toBe(misread);
      expect(ownSender(label(misread), "  ").fromAddress?.name).toBe(misread);
    }
    expect(drawn).toBeGreaterThan(40);
  });
});

describe(`a routing label's sender that is its sort code alone (drawn, SEED=${SEED})`, () => {
  const routing = (sender: string, van: string | null = "23"): LabelDetails => ({
    courier: "evri",
    countryCode: "GB",
    trackingCode: "H07B470316512171",
    routing: { van },
    address: { name: "Aisha Hill", address: ["3 London Street", "Luton"], postcode: "LU1 1BG", countryCode: "GB" },
    fromAddress: { name: sender, address: [], postcode: "", countryCode: "GB" },
  });

  it("is none (seed 3021891946, files 2399 and 3845: 'EXET', 'MNCH' where no retailer is printed)", () => {
    expect(withoutSortCode(routing("EXET")).fromAddress?.name).toBe("");
    expect(withoutSortCode(routing("MNCH")).fromAddress?.name).toBe("");
    expect(withoutSortCode(routing("EXET")).address?.name).toBe("Aisha Hill");
    // Not a routing label: a sender so read stays (its block and the agreement check decide).
    expect(withoutSortCode(routing("EXET", null)).fromAddress?.name).toBe("EXET");
  });

  it("leaves a retailer's or shop's name printed in the header, in capitals or not", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/sort/${k}`);
      const name = rng.chance(0.5) ? retailerName(rng) : shopName(rng);
      const printed = rng.chance(0.5) ? name.toUpperCase() : name;
      expect(withoutSortCode(routing(printed)).fromAddress?.name, JSON.stringify({ k, printed })).toBe(printed);
    }
  });
});

describe("the Irish particle Ní read without its accent", () => {
  const sent = (name: string): LabelDetails => ({
    courier: "royalmail",
    countryCode: "GB",
    trackingCode: "ZW419441062GB",
    address: { name, address: ["3 London Street", "Luton"], postcode: "LU1 1BG", countryCode: "GB" },
    fromAddress: { name, address: [], postcode: "", countryCode: "GB" },
  });

  it.each([
    ["Harry Ni Bhriain", "Harry Ní Bhriain"], // gate seed 2806404162, file 107, a 300 DPI scan
    ["RHIANNON NI BHRIAIN", "RHIANNON NÍ BHRIAIN"],
    ["Aoife Ni Dhomhnaill", "Aoife Ní Dhomhnaill"],
    ["Siobhan Ni hAodha", "Siobhan Ní hAodha"],
    ["Ni Mhurchu", "Ní Mhurchu"],
    // The particle Ó with a circumflex for its acute (fresh seed 2657129363, file 1278, a 120 DPI screenshot).
    ["Mrs Z Ô Súilleabháin", "Mrs Z Ó Súilleabháin"],
    ["CIARÁN Ô BRIAIN", "CIARÁN Ó BRIAIN"],
  ])("%j is %j", (read, name) => {
    const out = irishParticle(sent(read));
    expect(out.address?.name).toBe(name);
    expect(out.fromAddress?.name).toBe(name);
  });

  it.each(["Wei Ni", "Ni Hao Lee", "NI HAO LEE", "Ni Shan", "Ni Chen", "Ni Brown", "Nina Bhatt", "Ní Bhriain", "Jack Ni", "Jérôme Côté", "Mr Ô"])("%j stays", (read) => {
    expect(irishParticle(sent(read)).address?.name).toBe(read);
  });
});

describe("a name with a misread heading in it", () => {
  it("is none (fresh seed 1471927557, file 519: 'TQ: PROF S@REN DOHERTY')", () => {
    const block = (name: string) => ({ name, address: ["The Laurels"], postcode: "UB1 2QL", countryCode: "GB" });
    const read: LabelDetails = { courier: "evri", countryCode: "GB", trackingCode: "H0236U1496679361", address: block("TQ: PROF S@REN DOHERTY"), fromAddress: block("Dovetail Ceramics") };
    const out = withoutHeadings(read);
    expect(out.address?.name).toBe("");
    expect(out.fromAddress?.name).toBe("Dovetail Ceramics");
    for (const name of ["Mr. D Khan", "St. John's Gifts", "Prof Søren Doherty"]) expect(withoutHeadings({ ...read, address: block(name) }).address?.name).toBe(name);
  });
});

describe(`another line of the label read as a name (drawn, SEED=${SEED})`, () => {
  const block = (name: string) => ({ name, address: ["The Laurels"], postcode: "UB1 2QL", countryCode: "GB" });

  it("is none: the last full run's (seed 1914321767) wrong names, each a line that is no name", () => {
    const read: LabelDetails = { courier: "evri", countryCode: "GB", trackingCode: "H0236U1496679361", address: block("FAO Aoife García"), fromAddress: block("Retums address.") };
    const out = withoutOtherLines(read);
    expect([out.address?.name, out.fromAddress?.name]).toEqual(["", ""]);
    for (const name of ["DeliverToAoifeÓ Súilleabháin", "Magpie Outfitters Ltd. Flat 3C. Dorchester", "Saltwater Pottery Ltd.. 55 Acacia Row", "Rowan Candles, 58 Heol y Nant", "CeilidhGoodsLimited, Unit5,", "Attn: Jo Lee", "c/o Sam Hill", "C/ODANIELMENSAH DRGURPREETMOORE", "SENDERProfBethan Turner", "Shipfrom:LittleFernBakehouse", "Sendar:"]) expect(otherLine(name), name).toBe(true);
    for (const name of ["Tobias Fromley", "FROMAN LEE", "TOM JONES", "Faolan Smith", "Unity Crafts", "Bluebell Ltd", "Senior Crafts", "Deliver Tobias"]) expect(otherLine(name), name).toBe(false);
  });

  it("holds for drawn contact lines, headings misread, headings and addresses run into names; no drawn name is one", () => {
    const misread = (t: string, rng: Rng) => (/rn/.test(t) ? t.replace("rn", "m") : /d/.test(t) && rng.chance(0.5) ? t.replace("d", "cl") : t.replace(/[a-z](?=[a-z])/, (c) => (c === "e" ? "c" : "e")));
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/other-line/${k}`);
      const names = [personName(rng), shopName(rng), companyName(rng), retailerName(rng)];
      for (const name of names) expect(otherLine(name), name).toBe(false);
      const person = personName(rng);
      expect(otherLine(`${rng.pick(["Attn:", "Attn", "FAO", "FAO:", "c/o"])} ${person}`), person).toBe(true);
      const heading = rng.pick([...PRINTED_HEADINGS.filter((h) => h.replace(/[^a-z]/gi, "").length >= 6), "Returns address:"]);
      expect(otherLine(misread(heading, rng).replace(/:$/, rng.pick(["", ".", ":"]))), heading).toBe(true);
      // A heading run into a name that starts with a capitalised word (an initial's stop after it is no name's letter).
      const glued = `${heading.replace(/[\s:]/g, "")}${/^\p{Lu}\p{Ll}/u.test(person) ? person.replace(/\s/g, "") : "JoLee"}`;
      expect(otherLine(glued), glued).toBe(true);
      const shop = shopName(rng);
      expect(otherLine(`${shop} Ltd. ${rng.pick(["Flat", "Unit", "Apartment"])} ${rng.int(1, 40)}${rng.pick(["", "B"])}`), shop).toBe(true);
      // A street's number after a stop or a comma ('Saltwater Pottery Ltd.. 55 Acacia Row': fresh seed 2391269989, file 1297).
      expect(otherLine(`${rng.pick([shop, person])}${rng.pick([",", ".", "..", ", "])} ${rng.int(1, 240)} ${rng.pick(["Acacia Row", "Mill Lane", "High Street"])}`), shop).toBe(true);
    }
  });
});

describe("a name cut short at its line's end or start, the rest of its words ink the reading lost", () => {
  const page = (boxes: [number, number, number, number][]) => boxesPage(600, 200, boxes);
  const name = { text: "BLUEBELL ENGINEERING", x: 100, y: 50, size: 20, width: 200 };
  const label = (n: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H0D7TF4471973999", address: { name: n, address: ["The Old Rectory"], postcode: "BT34 1EW", countryCode: "GB" } });
  const words = [[100, 52, 300, 70]] as [number, number, number, number][];

  it("is none where ink of its type lies a word's gap past its end or before its start (fresh seed 3127436506, file 177: 'BLUEBELL ENGINEERING')", () => {
    expect(withoutCutNames(label(name.text), [name], page([...words, [308, 52, 380, 70]])).address?.name).toBe("");
    expect(withoutCutNames(label(name.text), [name], page([...words, [40, 52, 93, 70]])).address?.name).toBe("");
  });

  it("stays where nothing is printed beside it, or a line the reading gave, a logo taller than its type, or text a column's gap away", () => {
    const kept = (boxes: [number, number, number, number][], lines = [name]) => withoutCutNames(label(name.text), lines, page([...words, ...boxes])).address?.name;
    expect(kept([])).toBe(name.text);
    expect(kept([[308, 52, 380, 70]], [name, { text: "Ship from:", x: 308, y: 50, size: 20, width: 72 }])).toBe(name.text);
    expect(kept([[308, 30, 360, 100]])).toBe(name.text);
    expect(kept([[345, 52, 420, 70]])).toBe(name.text);
    // Ink past a name that is not at its line's end (the line goes on with its address).
    const line = { ...name, text: "BLUEBELL ENGINEERING, 58 WILLOW ROW" };
    expect(withoutCutNames(label(name.text), [line], page([...words, [308, 52, 380, 70]])).address?.name).toBe(name.text);
  });

  it(`is none where its next word stands as far as its own words stand apart, in a monospaced face ('The Old Forge' then 'Jewellery' lost: fresh seed 1333315663, file 2759; drawn, SEED=${SEED})`, () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/own-gap/${k}`);
      const size = rng.int(16, 50);
      const mono = rng.chance(0.5);
      // Its words' gap: a monospaced face's a letter wide (0.9 to 1.2 heights), a proportional face's 0.3 to 0.6.
      const gap = Math.round(size * (mono ? rng.float(0.9, 1.2) : rng.float(0.3, 0.6)));
      const words = rng.int(2, 4);
      const boxes: [number, number, number, number][] = [];
      let x = 40;
      for (let w = 0; w < words; w++) {
        const width = Math.round(size * rng.float(1.5, 4));
        boxes.push([x, 100 + Math.round(0.1 * size), x + width, 100 + Math.round(0.9 * size)]);
        x += width + gap;
      }
      const text = Array.from({ length: words }, (_, i) => ["The", "Old", "Forge", "Mill"][i]).join(" ");
      const line = { text, x: 40, y: 100, size, width: x - gap - 40 };
      const next = (at: number): [number, number, number, number] => [at, 100 + Math.round(0.1 * size), at + 3 * size, 100 + Math.round(0.9 * size)];
      const W = x + 8 * size;
      const drawn = JSON.stringify({ k, size, mono, gap, words });
      // The next word lost at the line's own gap: none.
      expect(withoutCutNames(label(text), [line], boxesPage(W, 300, [...boxes, next(x)])).address?.name, drawn).toBe("");
      // A column two and a half heights on, or nothing: the name stays.
      expect(withoutCutNames(label(text), [line], boxesPage(W, 300, [...boxes, next(x - gap + Math.round(2.5 * size))])).address?.name, drawn).toBe(text);
      expect(withoutCutNames(label(text), [line], boxesPage(W, 300, boxes)).address?.name, drawn).toBe(text);
    }
  });

  it("is none where its last word's end was read as a line of its own inside the name's box ('Wren & Ivy Bakeh' then 'nee': fresh seed 2657129363, file 833)", () => {
    const lines = [{ text: "Wren & Ivy Bakeh", x: 725, y: 276, size: 37, width: 278 }, { text: "nee", x: 880, y: 282, size: 24, width: 16 }];
    const sender: LabelDetails = { courier: "evri", countryCode: "GB", trackingCode: "T0CTAS8852953492", fromAddress: { name: "Wren & Ivy Bakeh", address: [], postcode: "", countryCode: "GB" } };
    const blank = { data: new Uint8Array(1200 * 400).fill(255), width: 1200, height: 400 };
    expect(withoutCutNames(sender, lines, blank).fromAddress?.name).toBe("");
    expect(withoutCutNames(sender, [lines[0], { ...lines[1], text: "Ship from:" }], blank).fromAddress?.name).toBe("Wren & Ivy Bakeh");
  });

  it(`is none where the reading split its row in two, the rest of the name a line of its own a word's gap on (drawn, SEED=${SEED})`, () => {
    // 'HOLLOW OAK NURSERY' then 'HOLDINGS LTD' on one row, 0.95 of a height apart in Courier Bold (run I, SEED=139911343,
    // file 3332, a flattened 400 DPI scan): the name was given cut.
    for (let k = 0; k < 100; k++) {
      const rng = new Rng(`${SEED}/row-split/${k}`);
      // The rest a name's words (capitals and stops, at most three): not '& IVY', nor '(UK) LTD'.
      let [words, at] = [[""], 0];
      while (!at || words.length - at > 3 || !words.slice(at).every((w) => /^[A-Z][A-Z.]*[A-Z.]$/.test(w))) {
        words = companyName(rng).toUpperCase().split(" ");
        at = rng.int(1, words.length - 1);
      }
      const size = rng.int(14, 40);
      const first = { text: words.slice(0, at).join(" "), x: rng.int(20, 80), y: rng.int(40, 60), size, width: words.slice(0, at).join(" ").length * size * 0.6 };
      const rest = (gap: number, over: Partial<TextLine> = {}) => ({ text: words.slice(at).join(" "), x: first.x + first.width + gap * size, y: first.y + Math.round(rng.float(-0.2, 0.2) * size), size: Math.round(size * rng.float(0.85, 1.15)), width: 200, ...over });
      const named = (other: TextLine) => withoutCutNames(label(first.text), [first, other], page([])).address?.name;
      expect(named(rest(rng.float(0.2, 1.2)))).toBe("");
      // A column's gap on, type of another size, a line lower on the page, or a line that is no name's words: it stays.
      expect(named(rest(rng.float(1.6, 4)))).toBe(first.text);
      expect(named(rest(rng.float(0.2, 1.2), { size: Math.round(size * 0.6) }))).toBe(first.text);
      expect(named(rest(rng.float(0.2, 1.2), { y: first.y + size * 0.6 }))).toBe(first.text);
      expect(named(rest(rng.float(0.2, 1.2), { text: rng.pick(["Ship from:", "12 MAY 2026", "Ref: 1029", "VAN 12"]) }))).toBe(first.text);
      // Split inside a word: the word's end in small letters a letter's gap on, boxed lower and smaller ('Wren & Ivy Bakeh'
      // then 'nee': fresh seed 2657129363, file 833). A column's gap on, or a line under the row, it stays.
      const end = rng.pick(["ouse", "nery", "ings", "ure", "ac"]);
      const piece = (gap: number, dy: number) => rest(gap, { text: end, y: first.y + Math.round(dy * size), size: Math.round(size * rng.float(0.6, 0.75)) });
      expect(named(piece(rng.float(0, 0.5), rng.float(0.1, 0.3)))).toBe("");
      expect(named(piece(rng.float(1.6, 4), rng.float(0.1, 0.3)))).toBe(first.text);
      expect(named(piece(rng.float(0, 0.5), rng.float(1, 1.5)))).toBe(first.text);
    }
  });

  it(`is none where its line holds the end of its first word before it, the reading having broken it off (drawn, SEED=${SEED})`, () => {
    const plainWord = (w: string) => w.normalize("NFD").replace(/\p{M}/gu, "");
    // 'ei O Suilleabhain' for Mei Ó Súilleabháin (run H, SEED=1227518014, file 1820, a 400 DPI scan), 'aes Home' for Magpie Home.
    for (let k = 0; k < 100; k++) {
      const rng = new Rng(`${SEED}/broken-start/${k}`);
      const words = (rng.chance(0.5) ? personName(rng) : shopName(rng)).split(" ");
      if (words.length < 2 || !/^\p{L}{3,}$/u.test(words[0])) continue;
      const end = words[0].slice(-rng.int(1, Math.min(4, words[0].length - 1))).toLowerCase();
      const name = words.slice(1).join(" ");
      const line = (text: string) => ({ text, x: 100, y: 50, size: 20, width: text.length * 12 });
      const named = (text: string, given = name) => withoutBrokenStart(label(given), [line(text)]).address?.name;
      expect(named(`${end} ${name}`), `${end} ${name}`).toBe("");
      // After a heading, a contact's word, or a word of capitals: it stays.
      expect(named(`${rng.pick(["Deliver to", "Sent by", "to", "from", "Ship to:"])} ${name}`)).toBe(name);
      expect(named(`${rng.pick(["c/o", "attn", "fao"])} ${name}`)).toBe(name);
      expect(named(`${words[0].toUpperCase()} ${name}`)).toBe(name);
      // The first word read in small letters and given back whole, accent and all ('zoe Ward' for Zoë Ward): it stays.
      const whole = `${words[0]} ${name}`;
      expect(named(`${plainWord(words[0]).toLowerCase()} ${name}`, whole)).toBe(whole);
    }
  });

  it(`is none where no line holds it whole and the line of its first word, a letter off, has a broken word's end before it ('Fizgerald Har': drawn, SEED=${SEED})`, () => {
    // The second maker's seed 628310799, file 199, a 200 DPI scan: the row 'Hamza Fitzgerald' read as 'mza Fitzgerald' and
    // 'Ha', the name taken as 'Fitzgerald Ha' and voted 'Fizgerald Har'.
    let drawn = 0;
    for (let k = 0; k < 150; k++) {
      const rng = new Rng(`${SEED}/broken-row/${k}`);
      const words = personName(rng).split(" ");
      if (words.length < 2 || !/^\p{L}{4,}$/u.test(words[0]) || !/^\p{L}{5,}$/u.test(words[1])) continue;
      const cut = rng.int(1, words[0].length - 2);
      const [start, end] = [words[0].slice(0, cut), words[0].slice(cut).toLowerCase()];
      if (end.length > 4) continue;
      const rest = words.slice(1);
      const at = rng.int(1, rest[0].length - 2);
      const misread = rest[0].slice(0, at) + rest[0].slice(at + 1);
      const given = [misread, ...rest.slice(1), start].join(" ");
      const lines = [
        { text: rng.pick(["TO:", "Deliver to", "SHIP TO"]), x: 100, y: 10, size: 14, width: 80 },
        { text: `${end} ${rest.join(" ")}`, x: 100 + 12 * cut, y: 30, size: 20, width: 12 * (end.length + rest.join(" ").length + 1) },
        { text: start, x: 100, y: 32, size: 20, width: 12 * start.length },
      ];
      expect(withoutBrokenStart(label(given), lines).address?.name, `${given} from ${lines.map((l) => l.text).join(" / ")}`).toBe("");
      // Its first word after a heading or a word in capitals on its line: it stays.
      const kept = [{ ...lines[1], text: `${rng.pick(["Ship to:", "Deliver to", words[0].toUpperCase()])} ${rest.join(" ")}` }];
      expect(withoutBrokenStart(label(given), kept).address?.name, `${given} from ${kept[0].text}`).toBe(given);
      drawn++;
    }
    expect(drawn).toBeGreaterThan(20);
  });

  it("is none where the rest of its row lies inside another reading of the same row ('Oscar Harnres' under '=e ae Khan': run G, SEED=353825910, file 3190)", () => {
    // A 200 DPI photo's small-type pass read the sender's row twice: 'Oscar Harnres' (26 px) and '=e ae Khan' (71 px high, from
    // the name's start to past its end); the ink after 'Harnres' was inside the second, and 'Oscar Harpree' was given.
    const row = { text: "=e ae BLUEBELL ENGINEERING STUDIOS", x: 100, y: 40, size: 40, width: 420 };
    expect(withoutCutNames(label(name.text), [name, row], page([...words, [308, 52, 500, 70]])).address?.name).toBe("");
    // The other reading over the same row with nothing printed past the name: the name stays; so does one beside it that
    // starts after it (a column, a heading).
    expect(withoutCutNames(label(name.text), [name, { ...row, width: 205 }], page(words)).address?.name).toBe(name.text);
    expect(withoutCutNames(label(name.text), [name, { ...row, text: "Ship from:", x: 308, width: 100 }], page([...words, [308, 52, 400, 70]])).address?.name).toBe(name.text);
    // (Its box starting a little inside the name's end, as boxes of two columns overlap.)
    expect(withoutCutNames(label(name.text), [name, { ...row, text: "Ship from:", x: 290, width: 110 }], page([...words, [308, 52, 400, 70]])).address?.name).toBe(name.text);
  });

  it(`stays where the ink beside it is a frame's edge, a rule running on past its row; a word there still cuts it (drawn, SEED=${SEED})`, () => {
    // The box round a routing label's sort code, its edge 0.55 of a height before 'GANNET YARNS' (run F, SEED=2548624490,
    // file 1542, a 203 DPI thermal print): the name was none.
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/frame-edge/${k}`);
      const size = rng.int(12, 30);
      const [x, y, width] = [rng.int(150, 250), rng.int(40, 60), rng.int(4, 8) * size];
      const line = { text: "GANNET YARNS", x, y, size, width };
      const text: [number, number, number, number] = [x, y + Math.round(0.15 * size), x + width, y + Math.round(0.85 * size)];
      const side = rng.pick([1, -1] as const);
      const gap = Math.round(rng.float(0.15, 0.5) * size);
      const at = side === 1 ? x + width + gap : x - gap;
      const thick = rng.int(1, 3);
      const [top, bottom] = [Math.max(0, y - Math.round(rng.float(0, 1.5) * size)), Math.min(199, y + Math.round(rng.float(2.2, 4) * size))];
      const rule: [number, number, number, number] = side === 1 ? [at, top, at + thick, bottom] : [at - thick, top, at, bottom];
      const word: [number, number, number, number] = side === 1 ? [at, text[1], at + 3 * size, text[3]] : [at - 3 * size, text[1], at, text[3]];
      const drawn = JSON.stringify({ k, size, side, gap, thick, top, bottom });
      expect(withoutCutNames(label(line.text), [line], page([text, rule])).address?.name, drawn).toBe(line.text);
      expect(withoutCutNames(label(line.text), [line], page([text, word])).address?.name, drawn).toBe("");
    }
  });
});

describe(`a title printed alone on the line over a name (drawn, SEED=${SEED})`, () => {
  const label = (recipient: string, sender = "Moorland Soap Co"): LabelDetails => ({
    courier: "royalmail",
    countryCode: "GB",
    trackingCode: "HB618241581GB",
    address: { name: recipient, address: ["13 Beech Close", "Bradford"], postcode: "BD1 8PA", countryCode: "GB" },
    returnAddress: { name: sender, address: ["43 Jubilee Drive"], postcode: "UB1 9DU", countryCode: "GB" },
  });
  // Fresh seed 1113018866, file 3911 (a 200 DPI scan): 'Dr.' in larger type over 'Dafydd Wilson', OCR's lines as read.
  const lines = [
    { text: "Royal Mail", x: 78, y: 86, size: 51, width: 256 },
    { text: "Dr.", x: 120, y: 216, size: 60, width: 83 },
    { text: "Posted: 2026-09-22", x: 1053, y: 254, size: 24, width: 286 },
    { text: "Dafydd Wilson", x: 119, y: 304, size: 48, width: 364 },
    { text: "13 Beech Close", x: 122, y: 374, size: 39, width: 384 },
    { text: "Moorland Soap Co", x: 885, y: 992, size: 19, width: 215 },
  ];

  it("is the name's first word ('Dr. Dafydd Wilson': fresh seed 1113018866, file 3911)", () => {
    const out = withTitleAbove(label("Dafydd Wilson"), lines);
    expect(out.address?.name).toBe("Dr. Dafydd Wilson");
    expect(out.returnAddress?.name).toBe("Moorland Soap Co");
  });

  it("takes any drawn title over any drawn name, and nothing else: not a word that is no title, a line a column away or further up, a second title", () => {
    const titles = ["Mr", "Mrs", "Ms", "Miss", "Dr", "Mx", "Prof", "Rev", "Mr.", "Mrs.", "Dr.", "MRS", "DR."];
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/title-above/${k}`);
      const name = personName(rng).replace(/^(?:Mr|Mrs|Ms|Miss|Dr|Mx|Prof|Rev)\.? /, "");
      if (/^(?:&|and) /.test(name)) continue; // a couple's titles ('Dr & Mr Baker')
      const title = rng.pick(titles);
      const [size, x, y] = [rng.int(18, 60), rng.int(20, 400), rng.int(300, 600)];
      const nameLine = { text: name, x, y, size, width: name.length * size * 0.55 };
      const over = (text: string, dx = 0, gap = rng.float(0.1, 0.9) * size) => [{ text, x: x + dx, y: y - gap - size * 1.2, size: size * 1.2, width: text.length * size * 0.6 }, nameLine];
      const drawn = JSON.stringify({ k, name, title });
      expect(withTitleAbove(label(name), over(title, rng.int(-Math.floor(size / 3), Math.floor(size / 3)))).address?.name, drawn).toBe(`${title} ${name}`);
      expect(withTitleAbove(label(name), [nameLine]).address?.name, drawn).toBe(name);
      expect(withTitleAbove(label(name), over(rng.pick(["Deliver To", "SHIP TO:", "Order 1234", "Or.", "Dear"]))).address?.name, drawn).toBe(name);
      expect(withTitleAbove(label(name), over(title, 2 * size)).address?.name, drawn).toBe(name);
      expect(withTitleAbove(label(name), over(title, 0, 1.5 * size)).address?.name, drawn).toBe(name);
      expect(withTitleAbove(label(`Mrs ${name}`), over(title).map((l) => (l === nameLine ? { ...l, text: `Mrs ${name}` } : l))).address?.name, drawn).toBe(`Mrs ${name}`);
    }
  });
});

describe(`a name with a figure standing alone among its words (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "HB618241581GB", address: { name: "Jane Smith", address: ["1 High Street"], postcode: "LS1 1AA", countryCode: "GB" }, fromAddress: { name, address: [], postcode: "", countryCode: "GB" } });

  it("is none: an '&' read as a 4 ('WREN 4 IVY PRINTS', gate ci-56)", () => {
    const out = withoutLoneFigures(label("WREN 4 IVY PRINTS"));
    expect(out.fromAddress?.name).toBe("");
    expect(out.address?.name).toBe("Jane Smith");
  });

  it("leaves every drawn name as read, and makes none of any with its '&' read as a figure", () => {
    let amp = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/lone-figure/${k}`);
      for (const name of [personName(rng), shopName(rng), companyName(rng), retailerName(rng)]) {
        expect(withoutLoneFigures(label(name)).fromAddress?.name, name).toBe(name);
        if (!name.includes(" & ")) continue;
        amp++;
        expect(withoutLoneFigures(label(name.replace(" & ", ` ${rng.pick(["4", "8", "6"])} `))).fromAddress?.name, name).toBe("");
      }
    }
    expect(amp).toBeGreaterThan(20);
  });
});

describe(`a routing label's sender read under its van line (drawn, SEED=${SEED})`, () => {
  const label = (sender: string, van: string | null = "114"): LabelDetails => ({
    courier: "evri",
    countryCode: "GB",
    trackingCode: "H0M11L3998150632",
    routing: { van },
    address: { name: "", address: [], postcode: "", countryCode: "GB" },
    fromAddress: { name: sender, address: [], postcode: "", countryCode: "GB" },
  });
  const at = (text: string, y: number) => ({ text, x: 70, y, size: 34, width: text.length * 20 });

  it("is none: the recipient's block taken for the sender where no retailer is printed (fresh seed 1113018866, file 3367: 'Bethan Baker')", () => {
    const lines = [at("COU-PNXT HUB STANDARD EVRI", 105), at("VAN 114 DROP 16 C-ROUND 1679", 343), at("Bethan Baker", 428), at("125 Tennyson Terrace", 483)];
    expect(withoutSenderUnderVan(label("Bethan Baker"), lines).fromAddress?.name).toBe("");
  });

  it("leaves a drawn retailer's name printed over the van line, and any sender of a label that is no routing label", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/under-van/${k}`);
      const name = rng.chance(0.5) ? retailerName(rng).toUpperCase() : shopName(rng);
      const van = rng.chance(0.5) ? `VAN ${rng.int(1, 200)}  DROP ${rng.int(1, 60)}  C-ROUND ${rng.int(1000, 9999)}` : `VAN ${rng.int(1, 200)}`;
      const header = [at(name, rng.int(40, 120)), at(van, rng.int(300, 400))];
      expect(withoutSenderUnderVan(label(name), header).fromAddress?.name, name).toBe(name);
      const under = [at(van, rng.int(300, 400)), at(name, rng.int(430, 600))];
      expect(withoutSenderUnderVan(label(name), under).fromAddress?.name, name).toBe("");
      expect(withoutSenderUnderVan(label(name, null), under).fromAddress?.name, name).toBe(name);
    }
  });
});

describe(`a company's suffix alone on the line under its name (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H0GIK17120500731", address: { name, address: ["111 Abbey Parade", "Redhill"], postcode: "RH1 3HB", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size = 41) => ({ text, x, y, size, width: text.length * size * 0.5 });

  it("makes the name none ('Wren & Ivy Dental Practice' over 'ple': fresh seed 3487369636, file 946)", () => {
    const lines = [at("Deliver to", 71, 274, 33), at("Wren & Ivy Dental Practice", 68, 321), at("ple", 71, 387, 51), at("111 Abbey Parade", 71, 449, 40)];
    expect(withoutSuffixUnder(label("Wren & Ivy Dental Practice"), lines).address?.name).toBe("");
  });

  it("takes any drawn company whose suffix wrapped, read right or a letter off; leaves names over a street, a suffix a column away, a name that has its suffix", () => {
    // Read right, or its last letter read as another ('ple' for plc).
    const misread = (w: string, rng: Rng) => (rng.chance(0.5) || w.endsWith(".") ? w : `${w.slice(0, -1)}${rng.pick(["e", "a", "i"])}`);
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/suffix-under/${k}`);
      const [name, suffix] = [shopName(rng), rng.pick(["plc", "Ltd", "LLP", "Limited", "Inc", "PLC", "Ltd."])];
      if (/\b(?:ltd|limited|llp|plc|inc)\.?$/iu.test(name)) continue; // its suffix on its own line already
      const [x, y, size] = [rng.int(20, 300), rng.int(100, 400), rng.int(18, 50)];
      const nameLine = at(name, x, y, size);
      const under = (text: string, dx = 0) => [nameLine, at(text, x + dx, y + size * rng.float(1.1, 1.6), size)];
      const drawn = JSON.stringify({ k, name, suffix });
      expect(withoutSuffixUnder(label(name), under(misread(suffix, rng), rng.int(-Math.floor(size / 3), Math.floor(size / 3)))).address?.name, drawn).toBe("");
      expect(withoutSuffixUnder(label(name), under(`${rng.int(1, 200)} ${rng.pick(["Mill Lane", "High Street", "Abbey Parade"])}`)).address?.name, drawn).toBe(name);
      expect(withoutSuffixUnder(label(name), under(suffix, 3 * size)).address?.name, drawn).toBe(name);
      expect(withoutSuffixUnder(label(name), [nameLine]).address?.name, drawn).toBe(name);
      const whole = `${name} ${suffix}`.replace(/\.$/, "");
      expect(withoutSuffixUnder(label(whole), [at(whole, x, y, size), at(suffix, x, y + size * 1.3, size)]).address?.name, drawn).toBe(whole);
      // 'Co' wrapped alone, its stop read as any mark ('WILLOW & WICK VETS' over 'CO;': fresh seed 791838569, file 772); a name
      // that has its 'Co' already keeps it.
      // Its o misread too ('Seren Trading' over 'Cc': fresh seed 1333315663, file 3818).
      const co = rng.pick(["Co", "Co.", "CO", "CO.", "CO;", "Co,", "co:", "Cc", "Ci", "C0", "Ca."]);
      const hasCo = /\bco\.?$/i.test(name);
      expect(withoutSuffixUnder(label(name), under(co, rng.int(-Math.floor(size / 3), Math.floor(size / 3)))).address?.name, `${drawn} ${co}`).toBe(hasCo ? name : "");
      if (!hasCo) expect(withoutSuffixUnder(label(`${name} Co.`), [at(`${name} Co.`, x, y, size), at(co, x, y + size * 1.3, size)]).address?.name, drawn).toBe(`${name} Co.`);
    }
  });

  it("takes a shop's name wrapped before the word it ends with ('The Larkspur' over 'Coffee': fresh seed 2942110715, file 3799); leaves a whole name", () => {
    const lines = [at("Ifundeliveredreturnto:", 40, 900, 30), at("The Larkspur", 40, 940, 30), at("Coffee", 40, 980, 30), at("Way", 40, 1020, 30)];
    expect(withoutSuffixUnder(label("The Larkspur"), lines).address?.name).toBe("");
    let wrapped = 0;
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/shop-under/${k}`);
      const name = shopName(rng);
      const words = name.split(" ");
      const last = words.at(-1) ?? "";
      const [x, y, size] = [rng.int(20, 300), rng.int(100, 400), rng.int(18, 50)];
      const row = (text: string, n: number, dx = 0) => at(text, x + dx, y + n * size * rng.float(1.1, 1.6), size);
      const drawn = JSON.stringify({ k, name });
      // Whole on its line, over its street, a person's name or a county: kept.
      const street = `${rng.int(1, 200)} ${rng.pick(["Mill Lane", "High Street", "Abbey Parade"])}`;
      expect(withoutSuffixUnder(label(name), [row(name, 0), row(street, 1)]).address?.name, drawn).toBe(name);
      const person = personName(rng);
      expect(withoutSuffixUnder(label(person), [row(person, 0), row(rng.pick(["Kent", "Flat 3", "Rose Cottage", street]), 1)]).address?.name, drawn).toBe(person);
      // Its last word, one shops' names end with (not after another such: 'Bramble Books' is a whole name), wrapped alone
      // onto the next line: none. (A word the vocabulary does not hold, 'Games', is not judged.)
      if (words.length < 2 || !SHOP_WORDS.includes(last.toLowerCase()) || SHOP_WORDS.includes(words.at(-2)?.toLowerCase() ?? "")) continue;
      const start = words.slice(0, -1).join(" ");
      expect(withoutSuffixUnder(label(start), [row(start, 0), row(last, 1, rng.int(-Math.floor(size / 3), Math.floor(size / 3))), row(street, 2)]).address?.name, drawn).toBe("");
      wrapped++;
    }
    expect(wrapped).toBeGreaterThan(20);
  });
});

describe(`a line read between a block's heading and the line taken for its name (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "KB793040539GB", address: { name, address: ["205 Abbey Way", "Richmond"], postcode: "TW9 0PD", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size = 33) => ({ text, x, y, size, width: text.length * size * 0.55 });

  it("makes the name none ('Deliver to' / '2 erat' / 'Button Tin Supplies (UK) Ltd', for Morag O'Brien: seed 258096912, file 95)", () => {
    const lines = [at("Deliver to", 918, 264, 30), at("2 erat", 1069, 315, 57), at("Button Tin Supplies (UK) Ltd", 919, 367), at("205 Abbey Way", 919, 422, 40), at("Richmond", 919, 475)];
    expect(withoutLineLostAbove(label("Button Tin Supplies (UK) Ltd"), lines).address?.name).toBe("");
  });

  it("takes a drawn block whose first line was misread into debris; leaves the name right under its heading, and a field's line above it", () => {
    const debris = (rng: Rng) => rng.pick(["2 erat", "a", "ee", "—", "Mo rag", "|", "rn eed", "5 ie"]);
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/lost-above/${k}`);
      const [person, company] = [personName(rng), companyName(rng)];
      const heading = rng.pick([...PRINTED_HEADINGS.filter((h) => !/weight|date|posted|service|sold/i.test(h)), "Deliver to", "SHIP TO:", "FROM", "Sender"]);
      const [x, y, size] = [rng.int(20, 900), rng.int(100, 600), rng.int(18, 50)];
      const pitch = size * rng.float(1.3, 1.7);
      const head = at(heading, x + rng.int(-3, 3), y, Math.round(size * rng.float(0.7, 1.1)));
      const row = (text: string, n: number, dx = 0) => at(text, x + dx, y + n * pitch, size);
      const drawn = JSON.stringify({ k, person, company, heading });
      // The person's line read as debris (anywhere over the block), the company's taken for the name.
      const lost = [head, row(debris(rng), 1, rng.int(0, 3 * size)), row(company, 2), row("205 Abbey Way", 3)];
      expect(withoutLineLostAbove(label(company), lost).address?.name, drawn).toBe("");
      // Read whole: the name right under its heading, the company under it.
      const whole = [head, row(person, 1), row(company, 2), row("205 Abbey Way", 3)];
      expect(withoutLineLostAbove(label(person), whole).address?.name, drawn).toBe(person);
      // A field's heading over the block with its value ('Date: 2026-01-25'), and a line beside the block in another column.
      const fields = [at(`Date: 2026-0${rng.int(1, 9)}-1${rng.int(0, 9)}`, x, y - pitch, size), row(person, 0), row("a", 0.5, 40 * size), row("205 Abbey Way", 1)];
      expect(withoutLineLostAbove(label(person), fields).address?.name, drawn).toBe(person);
    }
  });

  it("leaves the name of a block printed bottom up, its postcode first under the heading (run F, SEED=2548624490, file 3522)", () => {
    // 'Delivery Address:' / 'E19ZT' / 'London' / '197 Manor Square' / 'Miss Morag Martin', a 600 DPI photo: the name was none.
    const bottomUp = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "JR903948836GB", address: { name, address: ["197 Manor Square", "London"], postcode: "E1 9ZT", countryCode: "GB" } });
    const lines = [at("Delivery Address:", 41, 630, 55), at("E19ZT", 41, 689, 37), at("London", 41, 743, 38), at("197 Manor Square", 42, 795, 37), at("Miss Morag Martin", 41, 850, 56), at("07700900010", 40, 911, 37)];
    expect(withoutLineLostAbove(bottomUp("Miss Morag Martin"), lines).address?.name).toBe("Miss Morag Martin");
    expect(withoutLineLostAbove(bottomUp("Miss Morag Martin"), [lines[0], at("E1 9ZT", 41, 689, 37), ...lines.slice(2)]).address?.name).toBe("Miss Morag Martin");
    // Another postcode between (another block's, or a misread one): the rule holds.
    expect(withoutLineLostAbove(bottomUp("Miss Morag Martin"), [lines[0], at("E19ZX", 41, 689, 37), ...lines.slice(2)]).address?.name).toBe("");
  });

  it("leaves a name whose line starts with its own heading under another block ('SENDER' and its lines over 'TO: Bjorn Johnson': fresh SEED=969544535, file 505)", () => {
    const lines = [at("SENDER", 60, 281, 24), at("Nettle Apothecary", 61, 323, 32), at("164 Canal Court", 62, 367, 25), at("Bolton", 61, 410, 26), at("BL1 4YY", 61, 454, 25), at("TO: Bjorn Johnson", 58, 538, 66), at("Apartment 114", 59, 631, 55)];
    expect(withoutLineLostAbove(label("Bjorn Johnson"), lines).address?.name).toBe("Bjorn Johnson");
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/own-heading/${k}`);
      const [person, sender] = [personName(rng), rng.chance(0.5) ? personName(rng) : companyName(rng)];
      const [x, y, size] = [rng.int(20, 900), rng.int(100, 600), rng.int(18, 50)];
      const pitch = size * rng.float(1.3, 1.7);
      const row = (text: string, n: number, big = 1) => at(text, x + rng.int(-3, 3), Math.round(y + n * pitch), Math.round(size * big));
      const own = rng.pick(["TO:", "To:", "SHIP TO:", "Deliver to:", "Recipient:"]);
      const drawn = JSON.stringify({ k, person, sender, own });
      // The sender's block, headed, then the recipient's, its heading on its name's line in larger type.
      const lines = [row(rng.pick(["SENDER", "FROM", "From:", "Sender"]), 0), row(sender, 1), row("BL1 4YY", 2), row(`${own} ${person}`, 3.2, rng.float(1.6, 2)), row("205 Abbey Way", 4.5)];
      expect(withoutLineLostAbove(label(person), lines).address?.name, drawn).toBe(person);
      // Debris before the name is no heading: the rule still holds there.
      const debris = [lines[0], row("2 erat", 1), row(`ee ${person}`, 2), row("205 Abbey Way", 3)];
      expect(withoutLineLostAbove(label(person), debris).address?.name, drawn).toBe("");
    }
  });
});

describe(`a line of print the reading lost between a block's heading and the line taken for its name (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H081VR4408257990", fromAddress: { name, address: ["3 Orchard Mews", "London"], postcode: "WC1E 7SQ", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size: number) => ({ text, x, y, size, width: Math.round(text.length * size * 0.55) });
  const page = boxesPage;
  // A line's print as boxes: its words, a letter's height high from its box's top, gaps between them.
  const print = (rng: Rng, l: { x: number; y: number; size: number; width: number }, tall = 1) => {
    const boxes: number[][] = [];
    for (let x = l.x; x < l.x + l.width; ) {
      const w = rng.int(Math.round(l.size * 1.5), Math.round(l.size * 4));
      boxes.push([x, l.y, Math.min(x + w, l.x + l.width), l.y + Math.round(l.size * tall)]);
      x += w + Math.round(l.size * rng.float(0.3, 0.6));
    }
    return boxes;
  };

  it("makes the name none ('SENDER' / 'Saltmarsh Books' lost / 'Beechwood': run E, SEED=76423947, file 3669, a 144 DPI screenshot)", () => {
    const rng = new Rng(`${SEED}/3669`);
    // The small-type pass's lines; the page: the lost line's print where 'Saltmarsh Books' is printed (2x of 144 DPI).
    const lines = [at("SENDER", 41, 256, 19), at("Beechwood", 42, 337, 24), at("3 Orchard Mews", 42, 379, 22), at("London WC1E 7SQ", 42, 423, 30)];
    const printed = [...lines.flatMap((l) => print(rng, l)), ...print(rng, at("Saltmarsh Books", 41, 296, 20))];
    expect(withoutLineLostAbove(label("Beechwood"), lines, page(900, 600, printed)).fromAddress?.name).toBe("");
    // Without the page, as before: nothing read between, the name stays.
    expect(withoutLineLostAbove(label("Beechwood"), lines).fromAddress?.name).toBe("Beechwood");
  });

  it("takes drawn blocks whose first line was lost whole; leaves a name right under its heading, a rule under the heading, and specks", () => {
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/ink-between/${k}`);
      const [person, company] = [personName(rng), rng.chance(0.5) ? companyName(rng) : shopName(rng)];
      const heading = rng.pick(["SENDER", "FROM", "From:", "Sender", "Return address:", "Deliver to", "SHIP TO:"]);
      const [x, y, size] = [rng.int(10, 500), rng.int(20, 300), rng.int(12, 50)];
      const pitch = Math.round(size * rng.float(1.15, 1.7));
      const head = at(heading, x + rng.int(-2, 2), y, Math.round(size * rng.float(0.7, 1.2)));
      const top = y + head.size + Math.round(size * rng.float(0.15, 0.6));
      const row = (text: string, n: number) => at(text, x + rng.int(-2, 2), top + n * pitch, size);
      const drawn = JSON.stringify({ k, person, company, heading, size, pitch });
      const [W, H] = [x + 40 * size, top + 6 * pitch + 2 * size];
      const street = `${rng.int(1, 200)} ${rng.pick(["Orchard Mews", "High Street", "Mill Lane"])}`;
      // Ascenders and descenders past a line's box: a fifth of its height at most, over and under some of its words.
      const marks = (l: { x: number; y: number; size: number; width: number }) =>
        rng.chance(0.5) ? [[l.x + 2, l.y - Math.round(l.size * rng.float(0, 0.2)), l.x + 4, l.y], [l.x + 8, l.y + l.size, l.x + 10, l.y + l.size + Math.round(l.size * rng.float(0, 0.2))]] : [];
      // The person's line printed and lost, the company's under it taken for the name.
      const lost = [head, row(company, 1), row(street, 2)];
      const lostPage = page(W, H, [...print(rng, head), ...print(rng, row(person, 0), rng.float(0.7, 1)), ...lost.slice(1).flatMap((l) => print(rng, l))]);
      expect(withoutLineLostAbove(label(company), lost, lostPage).fromAddress?.name, drawn).toBe("");
      // Read whole: the name right under its heading; a rule under the heading; a speck between.
      const whole = [head, row(person, 0), row(company, 1), row(street, 2)];
      const rule = head.y + head.size + Math.round(size * 0.1);
      const wholePage = page(W, H, [
        ...whole.flatMap((l) => [...print(rng, l), ...marks(l)]),
        ...(rng.chance(0.5) ? [[x - 5, rule, x + 20 * size, rule + Math.max(1, Math.round(size * 0.08))]] : []),
      ]);
      expect(withoutLineLostAbove(label(person), whole, wholePage).fromAddress?.name, drawn).toBe(person);
      // A block whose name stands a line's gap under its heading, nothing printed between.
      const apart = [head, row(person, 1), row(street, 2)];
      expect(withoutLineLostAbove(label(person), apart, page(W, H, apart.flatMap((l) => [...print(rng, l), ...marks(l)]))).fromAddress?.name, drawn).toBe(person);
    }
  });

  it("takes drawn blocks printed without a heading whose first line was lost whole; leaves a whole block, a logo over it and specks (fresh seed 2657129363, file 719)", async () => {
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/ink-over/${k}`);
      const [person, company] = [personName(rng), rng.chance(0.5) ? companyName(rng) : shopName(rng)];
      const [x, y, size] = [rng.int(10, 500), rng.int(120, 300), rng.int(12, 50)];
      const pitch = Math.round(size * rng.float(1.15, 1.7));
      const row = (text: string, n: number) => at(text, x + rng.int(-2, 2), y + n * pitch, size);
      const street = `${rng.int(1, 200)} ${rng.pick(["Orchard Mews", "High Street", "Mill Lane"])}`;
      // A routing label's line far over the block ('VAN 7 DROP 57 C-ROUND 1503'), read.
      const header = at("VAN 7 DROP 57 C-ROUND 1503", x - 60, y - Math.round(rng.float(3, 5) * pitch), Math.round(size * 1.2));
      const drawn = JSON.stringify({ k, person, company, size, pitch });
      const [W, H] = [x + 40 * size, y + 6 * pitch + 2 * size];
      const marks = (l: { x: number; y: number; size: number; width: number }) =>
        rng.chance(0.5) ? [[l.x + 2, l.y - Math.round(l.size * rng.float(0, 0.2)), l.x + 4, l.y], [l.x + 8, l.y + l.size, l.x + 10, l.y + l.size + Math.round(l.size * rng.float(0, 0.2))]] : [];
      const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H0YXMM5694376733", address: { name, address: [street], postcode: "SA19 9AS", countryCode: "GB" } });
      // The person's line printed and lost, the company's under it taken for the name: none.
      const lost = [header, row(company, 1), row(street, 2)];
      const lostPage = page(W, H, [...print(rng, header), ...print(rng, row(person, 0), rng.float(0.8, 1)), ...lost.slice(1).flatMap((l) => print(rng, l))]);
      expect((await withoutLineLostOver(label(company), lost, lostPage)).address?.name, drawn).toBe("");
      // Read whole, with ascenders and specks: kept.
      const whole = [header, row(person, 0), row(company, 1), row(street, 2)];
      expect((await withoutLineLostOver(label(person), whole, page(W, H, whole.flatMap((l) => [...print(rng, l), ...marks(l)])))).address?.name, drawn).toBe(person);
      // A field in small type unread over it ('DATE: 03-04-2026' over 'Miss Renée Leroy': fresh seed 2657129363, file 3742), and a
      // heading boxed down beside the name's top ('SHIP FROM:' over 'Mr & Mrs Hill', file 2962): kept.
      const date = at("DATE: 03-04-2026", x, y - Math.round(size * 0.9), Math.round(size * 0.45));
      expect((await withoutLineLostOver(label(person), whole.slice(1), page(W, H, [...print(rng, date), ...whole.slice(1).flatMap((l) => print(rng, l))]))).address?.name, drawn).toBe(person);
      const heading = { ...at("SHIP FROM:", x, y - Math.round(size * 1.3), size), size: Math.round(size * 1.6) };
      expect((await withoutLineLostOver(label(person), [heading, ...whole.slice(1)], page(W, H, [...print(rng, { ...heading, size }), ...whole.slice(1).flatMap((l) => print(rng, l))]))).address?.name, drawn).toBe(person);
      // A logo (three lines high) over the name, ending a little over it: kept.
      const logo = [x, y - Math.round(3.5 * size), x + 6 * size, y - Math.round(size * rng.float(0.3, 0.6))];
      expect((await withoutLineLostOver(label(person), whole.slice(1), page(W, H, [logo, ...whole.slice(1).flatMap((l) => print(rng, l))]))).address?.name, drawn).toBe(person);
      // Without the page, as before.
      expect((await withoutLineLostOver(label(company), lost)).address?.name, drawn).toBe(company);
      // A reader that reads the lost row as anything but a heading: none still.
      expect((await withoutLineLostOver(label(company), lost, lostPage, async () => person)).address?.name, drawn).toBe("");
    }
  });

  it(`keeps a name whose heading, set close over it, the reading lost: the row read again is a heading (drawn, SEED=${SEED}; fresh seed 1411914453, file 2292)`, async () => {
    let rows = 0;
    for (let k = 0; k < 6; k++) {
      const rng = new Rng(`${SEED}/heading-lost-over/${k}`);
      const doc = await PDFDocument.create();
      const bold = await doc.embedFont(StandardFonts.HelveticaBold);
      const font = await doc.embedFont(rng.pick([StandardFonts.Helvetica, StandardFonts.HelveticaBold]));
      const p = doc.addPage([288, 432]);
      const [x, size, dpi] = [rng.float(20, 120), rng.float(10, 14), rng.pick([200, 203, 300])];
      const base = rng.float(100, 220);
      const lead = size * rng.float(1.15, 1.3);
      const name = personName(rng);
      p.drawText(rng.pick(["TO:", "Ship to:", "DELIVER TO", "Recipient:"]), { x, y: 432 - (base - lead), size: size * rng.float(0.95, 1.1), font: bold });
      p.drawText(name, { x, y: 432 - base, size, font });
      p.drawText(`${rng.int(1, 300)} Victoria Lane`, { x, y: 432 - (base + lead), size, font });
      let px: Pixmap | null = null;
      await renderPages(await doc.save(), { dpi, maxSide: 2400, maxPages: 1 }, async (_i, out) => {
        px = out;
      });
      const ready = atOcrResolution(toGrey(px!), dpi, 4000);
      const s = ready.dpi / 72;
      const cap = 0.718 * size * s;
      const line = (text: string, y: number): TextLine => ({ text, x: x * s, y: (y - 0.718 * size) * s, size: cap * 1.3, width: font.widthOfTextAtSize(text, size) * s });
      const lines = [line(name, base), line("1 Victoria Lane", base + lead)];
      const label: LabelDetails = { courier: "evri", countryCode: "GB", trackingCode: "H0XNJB6541622329", address: { name, address: ["1 Victoria Lane"], postcode: "ZE1 3ZY", countryCode: "GB" } };
      const read = async (row: Grey) => (await recognise(scaleGrey(row, 2), ready.dpi * 2, "line")).words.map((w) => w.text).join(" ");
      const drawn = `${SEED}/${k} ${name} at ${size.toFixed(1)} pt, ${dpi} DPI`;
      // The heading's row is seen as a line lost over the name: none without a reader, kept once it reads as a heading.
      if ((await withoutLineLostOver(label, lines, ready.grey)).address?.name) continue;
      rows++;
      const seen: string[] = [];
      const kept = (await withoutLineLostOver(label, lines, ready.grey, async (row) => { const t = await read(row); seen.push(`${t} ${row.width}x${row.height}`); return t; })).address?.name;
      expect(kept, `${drawn} ${JSON.stringify(seen)}`).toBe(name);
    }
    expect(rows, "the heading's row is seen over the name in most draws").toBeGreaterThanOrEqual(4);
  }, 60_000);
});

describe(`a line lost whole between a heading and the line under it, all three set close (drawn, SEED=${SEED})`, () => {
  // 'Buyer' / 'Chloé Morris' lost / 'AtlasArchitects Co.' given as the recipient, the lost line's ink 6 rows under the
  // heading's box and 8 over the company's (run I, SEED=139911343, file 1108, a 300 DPI table photo).
  const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "KB637690251GB", address: { name, address: ["Flat 4", "Birmingham"], postcode: "B15 4RP", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size: number) => ({ text, x, y, size, width: Math.round(text.length * size * 0.55) });
  const page = boxesPage;
  const ink = (l: { x: number; y: number; size: number; width: number }, top: number, high: number) => [[l.x, top, l.x + l.width, top + high]];

  it("makes the name none; one right under its heading stays", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/close/${k}`);
      const [person, company] = [personName(rng), companyName(rng)];
      const [x, y, size] = [rng.int(10, 300), rng.int(20, 200), rng.int(16, 48)];
      const head = at(rng.pick(["Buyer", "Recipient", "Deliver to", "SHIP TO"]), x, y, Math.round(size * rng.float(0.7, 0.9)));
      // The lost line's ink: a fifth of a height or less under the heading's box, three fifths to four fifths of a height high.
      const lostTop = head.y + head.size + Math.round(size * rng.float(0.1, 0.2));
      const lostHigh = Math.round(size * rng.float(0.6, 0.8));
      const line = at(company, x, lostTop + lostHigh + Math.round(size * rng.float(0.1, 0.2)), size);
      const drawn = JSON.stringify({ k, person, company, size });
      const [W, H] = [x + 40 * size, line.y + 3 * size];
      const lost = page(W, H, [...ink(head, head.y + 2, head.size - 4), ...ink(at(person, x, lostTop, size), lostTop, lostHigh), ...ink(line, line.y + 3, size - 6)]);
      expect(withoutLineLostAbove(label(company), [head, line], lost).address?.name, drawn).toBe("");
      // The person's line read: right under its heading, nothing between.
      const read = { ...at(person, x, lostTop - 2, size) };
      const whole = page(W, H, [...ink(head, head.y + 2, head.size - 4), ...ink(read, lostTop, lostHigh), ...ink(line, line.y + 3, size - 6)]);
      expect(withoutLineLostAbove(label(person), [head, read, line], whole).address?.name, drawn).toBe(person);
    }
  });
});

describe(`a heading whose row goes on past it with print the reading lost (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H09OXB4614966099", address: { name, address: ["47 QUAY ROAD", "EDINBURGH"], postcode: "EH1 1LE", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size: number, width = Math.round(text.length * size * 0.55)) => ({ text, x, y, size, width });
  const page = boxesPage;
  // A line's print as boxes: its words, most of its box's height high, gaps between them.
  const print = (rng: Rng, l: { x: number; y: number; size: number; width: number }) => {
    const boxes: number[][] = [];
    for (let x = l.x; x < l.x + l.width; ) {
      const w = rng.int(Math.round(l.size * 1.5), Math.round(l.size * 4));
      boxes.push([x, l.y + Math.round(l.size * 0.1), Math.min(x + w, l.x + l.width), l.y + Math.round(l.size * 0.9)]);
      x += w + Math.round(l.size * rng.float(0.3, 0.6));
    }
    return boxes;
  };

  it("makes the line under it no name ('Delivery address:' + 'EOIN MORGAN' lost / 'LARKSPUR GARAGE LTD.': gate seed 1705849762, file 387)", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/heading-goes-on/${k}`);
      const [person, company] = [personName(rng).toUpperCase(), companyName(rng).toUpperCase()];
      const heading = rng.pick(["Delivery address:", "Deliver to:", "SHIP TO:", "To:", "FROM:", "Sender:"]);
      const [x, y, size] = [rng.int(20, 200), rng.int(100, 400), rng.int(20, 60)];
      const pitch = Math.round(size * rng.float(1.3, 1.8));
      const head = at(heading, x, y, size);
      const lostName = at(person, x + head.width + Math.round(size * rng.float(0.25, 0.6)), y, size);
      const rows = [at(company, x + rng.int(-2, 2), y + pitch, size), at("47 QUAY ROAD", x, y + 2 * pitch, size), at("EDINBURGH", x, y + 3 * pitch, size)];
      const [W, H] = [Math.max(lostName.x + lostName.width, ...rows.map((r) => r.x + r.width)) + 4 * size, y + 5 * pitch];
      const drawn = JSON.stringify({ k, person, company, heading, size, pitch });
      // The name printed after the heading on its row, lost: the company's line is no name.
      const lost = page(W, H, [...[head, lostName, ...rows].flatMap((l) => print(rng, l))]);
      expect(withoutLineLostAbove(label(company), [head, ...rows], lost).address?.name, drawn).toBe("");
      // Nothing printed after the heading: the line under it is the name (a company with no contact).
      const whole = page(W, H, [...[head, ...rows].flatMap((l) => print(rng, l))]);
      expect(withoutLineLostAbove(label(company), [head, ...rows], whole).address?.name, drawn).toBe(company);
      // Another column a gap of many heights away on the heading's row, or a line the reading gave there: the name stays.
      const column = at("Weight: 1.8kg", head.x + head.width + Math.round(size * rng.float(4, 8)), y, size);
      const far = page(W + column.width + 4 * size, H, [...[head, column, ...rows].flatMap((l) => print(rng, l))]);
      expect(withoutLineLostAbove(label(company), [head, ...rows], far).address?.name, drawn).toBe(company);
      const read = at(person, lostName.x, y, size);
      expect(withoutLineLostAbove(label(company), [head, read, ...rows], lost).address?.name, drawn).toBe(company);
      // The heading read without its colon ('Ship To' for 'Ship To:': fresh seed 1333315663, file 2043, a 300 DPI scan): the
      // colon's two dots after its box are no word, and the name under it stays; a name printed after the colon still makes it none.
      const bare = at(heading.replace(/:$/, ""), x, y, size);
      const dotX = bare.x + bare.width + Math.round(size * rng.float(0.05, 0.25));
      const dot = Math.max(2, Math.round(size * 0.15));
      // (Its dots from about the small letters' top to the baseline: 0.24 to 0.76 of the line's height on that file.)
      const [dotTop, dotFoot] = [y + Math.round(size * rng.float(0.22, 0.28)), y + Math.round(size * rng.float(0.76, 0.84))];
      const colon = [[dotX, dotTop, dotX + dot, dotTop + dot], [dotX, dotFoot - dot, dotX + dot, dotFoot]];
      const bareHead = page(W, H, [...[bare, ...rows].flatMap((l) => print(rng, l)), ...colon]);
      expect(withoutLineLostAbove(label(company), [bare, ...rows], bareHead).address?.name, drawn).toBe(company);
      const after = at(person, dotX + dot + Math.round(size * rng.float(0.25, 0.5)), y, size);
      const bareLost = page(Math.max(W, after.x + after.width + 4 * size), H, [...[bare, after, ...rows].flatMap((l) => print(rng, l)), ...colon]);
      expect(withoutLineLostAbove(label(company), [bare, ...rows], bareLost).address?.name, drawn).toBe("");
    }
  });
});

describe(`a name read with its gaps lost (drawn, SEED=${SEED})`, () => {
  it("has its gaps put back where its words are capitalised and listed ('BrambleCraftsLimited': run E, SEED=76423947, files 3857 and 3085)", async () => {
    expect(await unglued("BrambleCraftsLimited")).toBe("Bramble Crafts Limited");
    expect(await unglued("Wren&IvyOutfittersLimited")).toBe("Wren & Ivy Outfitters Limited");
    // A letter misread in the run, capitals alone, a bracket, a gap already, or under twenty letters: as read (GLUED makes it none).
    for (const t of ["MoorlandkKnitsTradingCo", "COPPERKETTLESUPPLIES", "HAZEL&HIVEOUTDOORLTD", "SaltmarshOutdoor(UK)Ltd", "Bramble CraftsLimitedCo", "BrambleCrafts"]) expect(await unglued(t), t).toBe(t);
  });

  it("gives a drawn shop's or company's name back whole or leaves the run as read, never other words", async () => {
    let back = 0;
    let glued = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/glued/${k}`);
      const name = rng.chance(0.5) ? companyName(rng) : shopName(rng);
      if (!/^(?:\p{Lu}\p{Ll}+|&)(?: (?:\p{Lu}\p{Ll}+|&))+$/u.test(name)) continue;
      const run = name.replace(/ /g, "");
      if (run.length < 20) continue;
      glued++;
      const got = await unglued(run);
      expect([name, run], JSON.stringify({ k, name })).toContain(got);
      if (got === name) back++;
    }
    // Most drawn names are words the English model lists ('Bramble', 'Supplies', 'Outfitters'); a few ('Saltmarsh') are not.
    expect(back, `${back} of ${glued}`).toBeGreaterThanOrEqual(glued / 2);
  });
});

describe(`a sender's name that is part of the shop's name printed whole elsewhere on the page (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "TI14JT3770453110", returnAddress: { name, address: ["Dundee"], postcode: "DD2 3SA", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size = 26) => ({ text, x, y, size, width: Math.round(text.length * size * 0.55) });

  it("makes it none ('Juniper Soap' under the header 'Juniper Soap Co', 'Pine Bookshop': bench/outside SEED=2646511857, files 32 and 68)", () => {
    const lines = [at("evri", 40, 44), at("Juniper Soap Co", 924, 64), at("IF UNDELIVERED, PLEASE RETURN TO", 40, 144, 16), at("Juniper Soap", 37, 155, 65), at("Dundee", 40, 221, 39), at("DD2 3SA", 40, 270, 14)];
    expect(withoutPartOfHeader(label("Juniper Soap"), lines).returnAddress?.name).toBe("");
    const pine = [at("Pebble & Pine Bookshop", 847, 54, 20), at("Pine Bookshop, Flat 37, 161 Dale View, Hillside, Reading, North Yorkshire, RG1 1BU", 114, 479, 15)];
    expect(withoutPartOfHeader(label("Pine Bookshop"), pine).returnAddress?.name).toBe("");
  });

  it("takes drawn names read with words lost at either end; leaves a name read whole, after its heading, or in a sentence", () => {
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/part-of-header/${k}`);
      const shop = rng.chance(0.5) ? shopName(rng) : companyName(rng);
      const words = shop.split(" ");
      if (words.length < 3 || words.some((w) => !/^(?:\p{Lu}[\p{L}'’.-]*|&)$/u.test(w))) continue;
      const lost = rng.int(1, Math.min(3, words.length - 2));
      const part = (rng.chance(0.5) ? words.slice(lost) : words.slice(0, words.length - lost)).join(" ");
      const header = at(shop, rng.int(400, 900), rng.int(20, 80));
      const block = [at(rng.pick(["Return to:", "FROM", "SENDER", "If undelivered return to:"]), 40, 300, 16), at(`${part}${rng.chance(0.5) ? ", 12 Mill Lane, Dundee DD2 3SA" : ""}`, 40, 330, 20)];
      const drawn = JSON.stringify({ k, shop, part });
      expect(withoutPartOfHeader(label(part), [header, ...block]).returnAddress?.name, drawn).toBe("");
      // Read whole, the header the same; the name after its heading on its own line; the shop named in a sentence.
      expect(withoutPartOfHeader(label(shop), [header, at(shop, 40, 330, 20)]).returnAddress?.name, drawn).toBe(shop);
      expect(withoutPartOfHeader(label(part), [at(`${rng.pick(["SENDER", "FROM", "From:", "Return to:"])} ${part}`, 40, 330, 20)]).returnAddress?.name, drawn).toBe(part);
      expect(withoutPartOfHeader(label(part), [at(`Thank you for shopping at ${part}`, 40, 900, 14), ...block]).returnAddress?.name, drawn).toBe(part);
    }
  });
});

// Drawn over the generator's names, a fresh seed each run (replay with SEED=…).
const PREMISES_SEED = process.env.SEED || freshSeed();

describe(`a name ending in a flat's or unit's first word (drawn, SEED=${PREMISES_SEED})`, () => {
  it("gives none for the name with that word run on, and keeps the name alone (run E, SEED=76423947, file 1226: 'Z Clark Unit')", () => {
    // OCR read the line 'Unit 12' under 'Z Clark' as 'Unie', the layout took it for the name's end, the name's second reading gave 'Unit'.
    const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H0DDLI7674087655", address: { name, address: ["6 Prince's Hill"], postcode: "N16 9FB", countryCode: "GB" } });
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${PREMISES_SEED}/premises-last/${k}`);
      const name = rng.pick([personName, shopName, companyName])(rng);
      const word = rng.pick(["Unit", "UNIT", "Flat", "FLAT", "Apartment", "Apt", "Suite"]);
      const why = `${PREMISES_SEED}/${k} ${name} ${word}`;
      expect(plausibleOnly(label(`${name} ${word}`)).address?.name, why).toBe("");
      expect(["", name], why).toContain(plausibleOnly(label(name)).address?.name);
    }
    for (const name of ["Unit Four Supplies", "Flat Cap Co", "The Suite Shop", "Apartment Living Ltd"]) expect(plausibleOnly(label(name)).address?.name, name).toBe(name);
  });
});

describe(`a country's line read as the name, its gaps as read (drawn, SEED=${PREMISES_SEED})`, () => {
  it("gives none for the country, however OCR gapped or cased it, and keeps names that only hold a country's word ('U nited Kingdom': SEED=1411914453, file 3696)", () => {
    const label = (name: string): LabelDetails => ({ courier: "evri", countryCode: "GB", trackingCode: "H0NE137343210494", address: { name, address: ["172 Corstorphine Grove"], postcode: "B15 9BD", countryCode: "GB" } });
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${PREMISES_SEED}/country/${k}`);
      const country = rng.pick(["United Kingdom", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland"]);
      const cased = rng.pick([country, country.toUpperCase()]);
      // A gap read inside a word, or one lost between two.
      const at = rng.int(1, cased.length - 1);
      const gapped = rng.chance(0.5) ? `${cased.slice(0, at)} ${cased.slice(at)}`.replace(/\s+/g, " ") : cased.replace(" ", "");
      expect(plausibleOnly(label(gapped)).address?.name, `${PREMISES_SEED}/${k} ${gapped}`).toBe("");
    }
    for (const name of ["Wales Crafts Ltd", "England & Co", "Mr Kofi England", "Scotland Street Books"]) expect(plausibleOnly(label(name)).address?.name, name).toBe(name);
  });
});

describe(`a name given the start of a row under it whose middle was lost (drawn, SEED=${SEED})`, () => {
  const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "MX871918291GB", address: { name, address: ["Apartment 10"], postcode: "CF10 3DE", countryCode: "GB" } });
  const at = (text: string, x: number, y: number, size: number) => ({ text, x, y, size, width: Math.round(text.length * size * 0.55) });

  it("makes the name none ('Prof Mohammed Kowalski' over 'Old' … '& Co': run J, SEED=3605086469, file 354)", () => {
    const lines = [at("Prof Mohammed Kowalski", 82, 637, 42), at("Old", 80, 714, 36), at("& Co", 530, 714, 36), at("Apartment 10", 78, 783, 45)];
    expect(withoutEndOfBrokenRow(label("Prof Mohammed Kowalski Old"), lines).address?.name).toBe("");
  });

  it("takes any drawn name over a company line's first word with its last words on its row; leaves a name's end alone on its row, or a column beside it", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/broken-row/${k}`);
      const [name, company] = [personName(rng), companyName(rng)];
      const [first, ...rest] = company.split(" ");
      const [x, y, size] = [rng.int(20, 300), rng.int(100, 400), rng.int(18, 50)];
      const head = at(name, x, y, size);
      const under = at(first, x + rng.int(-3, 3), y + Math.round(size * rng.float(1.3, 1.8)), size);
      const endWord = rest.slice(-rng.int(1, 2)).join(" ");
      // The row's last words, read where they stand: after the lost middle, still under the name's line.
      const endX = under.x + under.width + Math.round(size * rng.float(2.6, 4));
      if (endX >= head.x + head.width) continue;
      const drawn = JSON.stringify({ k, name, company });
      const given = `${name} ${first}`;
      expect(withoutEndOfBrokenRow(label(given), [head, under, at(endWord, endX, under.y, size)]).address?.name, drawn).toBe("");
      expect(withoutEndOfBrokenRow(label(given), [head, under]).address?.name, drawn).toBe(given);
      // Another column's line on its row, starting past the name's line.
      expect(withoutEndOfBrokenRow(label(given), [head, under, at(endWord, head.x + head.width + size, under.y, size)]).address?.name, drawn).toBe(given);
      // A name read whole on its line keeps, whatever the row under it holds.
      expect(withoutEndOfBrokenRow(label(name), [head, under, at(endWord, endX, under.y, size)]).address?.name, drawn).toBe(name);
    }
  });
});

describe(`a line under the name that ends a block printed bottom up (drawn, SEED=${SEED})`, () => {
  const at = (text: string, x: number, y: number, size = 33) => ({ text, x, y, size, width: text.length * size * 0.55 });

  it("makes the name none ('MISS BJORN' over 'in', for Miss Björn Clarke: fresh seed 2942110715, file 3140)", () => {
    const label: LabelDetails = { courier: "royalmail", countryCode: "GB", trackingCode: "WB320271306GB", address: { name: "MISS BJORN", address: ["IRONBRIDGE ARCHITECTS & CO", "70 MANOR CRESCENT", "WORCESTER"], postcode: "WR1 4WN", countryCode: "GB" } };
    const lines = ["WR1 4WN", "WORCESTER", "70 MANOR CRESCENT", "IRONBRIDGE ARCHITECTS & CO", "MISS BJORN", "in"].map((t, i) => at(t, 40, 300 + 40 * i));
    expect(withoutLineLostUnder(label, lines).address?.name).toBe("");
  });

  it("takes a drawn bottom-up block whose name's last line was misread; leaves a name with nothing of its own under it, and a block read top down", () => {
    const debris = (rng: Rng) => rng.pick(["in", "ee", "Cl ark", "wooD", "rn", "Ie"]);
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/lost-under/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : companyName(rng);
      const street = `${rng.int(1, 300)} ${rng.pick(["Manor Crescent", "Mill Lane", "High Street"])}`;
      const town = rng.pick(["Worcester", "Perth", "Bath", "Leeds"]);
      const postcode = rng.pick(["WR1 4WN", "PH1 9FE", "BA1 1AA", "LS1 4DT"]);
      const premises = rng.pick(["Rose Cottage", "Flat B", "The Old Mill"]);
      const label = (n: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "WB320271306GB", address: { name: n, address: [premises, street, town], postcode, countryCode: "GB" } });
      const [x, y, size] = [rng.int(20, 600), rng.int(100, 600), rng.int(18, 50)];
      const pitch = size * rng.float(1.2, 1.6);
      const rows = (texts: string[], from = 0) => texts.map((t, i) => at(t, x + rng.int(-2, 2), y + (from + i) * pitch, size));
      const drawn = JSON.stringify({ k, name });
      const bottomUp = rows([postcode, town, street, premises, name]);
      // Its last line misread, right under it: none.
      expect(withoutLineLostUnder(label(name), [...bottomUp, ...rows([debris(rng)], 5)]).address?.name, drawn).toBe("");
      // Nothing under it, the next block's heading, a code's digits, or print a column away: kept.
      expect(withoutLineLostUnder(label(name), bottomUp).address?.name, drawn).toBe(name);
      expect(withoutLineLostUnder(label(name), [...bottomUp, ...rows([rng.pick(["SHIP FROM:", "Sender", "From"])], 5)]).address?.name, drawn).toBe(name);
      expect(withoutLineLostUnder(label(name), [...bottomUp, ...rows(["WB 3202 7130 6GB"], 5)]).address?.name, drawn).toBe(name);
      // The buyer's email or web address under the name (an Evri drop-off label: fresh seed 2942110715, file 2779).
      const email = `${name.toLowerCase().replace(/[^a-z]/g, "")}@${rng.pick(["example.co.uk", "mail.com"])}`;
      expect(withoutLineLostUnder(label(name), [...bottomUp, ...rows([rng.pick([email, "www.gannetprints.co.uk"])], 5)]).address?.name, drawn).toBe(name);
      expect(withoutLineLostUnder(label(name), [...bottomUp, at("in", x + 6 * size, y + 5 * pitch, size)]).address?.name, drawn).toBe(name);
      // Read top down, its premises under it and a postcode printed over it in a header: kept.
      const topDown = [at(postcode, x, y - 3 * pitch, size), ...rows([name, premises, street, town, postcode])];
      expect(withoutLineLostUnder(label(name), topDown).address?.name, drawn).toBe(name);
    }
  });
});

describe("a row read again whose print runs on past the crop's right edge", () => {
  // 'Mrs Bartosz McAllisteę': the row's crop cut through McAllister's r, read as an ę and taken in for its accent (the
  // second maker's seed 531518048, file 224, a 300 DPI scan). Print in the crop's last two columns, in its rows' middle.
  const page = (boxes: [number, number, number, number][]) => boxesPage(400, 120, boxes);
  it("is seen where a letter's stroke crosses the edge, not where paper, the line above's descenders or the page's end are", () => {
    // The crop: columns to 300, rows 30 to 90, type 40 high.
    expect(inkAtEdge(page([[290, 45, 304, 80]]), 300, 30, 90, 40)).toBe(true);
    expect(inkAtEdge(page([[250, 45, 290, 80]]), 300, 30, 90, 40)).toBe(false);
    expect(inkAtEdge(page([[290, 28, 304, 38], [290, 84, 304, 95]]), 300, 30, 90, 40)).toBe(false);
    expect(inkAtEdge(page([[390, 45, 400, 80]]), 400, 30, 90, 40)).toBe(false);
  });
});
