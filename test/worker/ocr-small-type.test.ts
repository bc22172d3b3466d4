import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { headingGlued, rowComesBefore, rowGoesOn, runsAcross, startsInsideLine, twoLinesHigh } from "../../worker/label-import/ocr-job";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { companyName, districts, personName, postcodeIn, shopName, streetLines } from "../../bench/label-generator/world";
import { atOcrResolution } from "../../worker/label-import/ocr/image";
import { blockHeading, rereadSmallType, smallTypeBlocks } from "../../worker/label-import/ocr/reread";
import { recognise } from "../../worker/label-import/ocr/tesseract";
import { ocrLines } from "../../worker/label-import/ocr/text";
import { renderPages } from "../../worker/label-import/pdfium";
import { type Pixmap, toGrey } from "../../worker/images/raster";
import type { TextLine } from "../../worker/label-reading/text";

const SEED = process.env.SEED || freshSeed();
const line = (text: string, x: number, y: number, size: number, width = text.length * size * 0.55): TextLine => ({ text, x, y, size, width });

describe("blocks in small type", () => {
  // As the page's reading of a 203 DPI thermal print enlarged to 300 DPI gave them (fresh seed 1113018866, file 2487).
  const recipient = [line("Mrs. M ap Rhys", 101, 525, 35), line("117 Mill Rise", 102, 584, 32), line("BD1 7AP", 102, 744, 30)];
  const ret = [line("Retuiti to:", 61, 1311, 18), line("Hazel & Hive Crafts", 61, 1341, 19), line("173 Lavender Parade", 62, 1372, 19), line("Whitby", 59, 1404, 24), line("North Yorkshire", 62, 1434, 19), line("YO21 2YZ", 62, 1466, 20)];

  it("are the small lines that stand together, with a line and a half's margin over and under, the recipient's left out", () => {
    const blocks = smallTypeBlocks([...recipient, line("Despatch date: 31-07-2026", 355, 243, 23), ...ret], 300, () => false);
    expect(blocks).toHaveLength(2);
    const [x0, y0, x1, y1] = blocks.find((b) => b[1] > 1000)!;
    expect(y0).toBeLessThan(1311 - 18);
    expect(y1).toBeGreaterThan(1466 + 20);
    expect(x0).toBeLessThan(61);
    expect(x1).toBeGreaterThan(62 + "173 Lavender Parade".length * 19 * 0.55);
    // Type at a recipient's size is no block; a block holding a line `skip` names is left out.
    expect(smallTypeBlocks(recipient, 300, () => false)).toEqual([]);
    expect(smallTypeBlocks(ret, 300, (l) => l.text.includes("YO21"))).toEqual([]);
    // Sizes are counted at 300 DPI: the same lines read off a page at 150 DPI are no small type.
    expect(smallTypeBlocks(ret, 150, () => false)).toEqual([]);
  });

  it("whose margins meet are read as one (a name in larger type between a heading and its address: file 3121)", () => {
    const lines = [line("Collection Address:", 46, 245, 29), line("rock ea", 46, 288, 32), line("ROSE COTTAGE", 46, 327, 25), line("CARLISLE", 46, 362, 25)];
    expect(smallTypeBlocks(lines, 300, () => false)).toHaveLength(1);
  });

  it("take in a box over them holding two of their rows run together (run H file 538 'Pes aaa', run I files 2406 and 3539)", () => {
    // As the page's reading of a 240 DPI scan gave them: 'FROM Kofi Hall' and '217 Mill Mews' boxed as one 53 px line.
    const read = [line("Pes aaa", 718, 228, 53, 160), line("Colchester", 718, 304, 22), line("CO1 6HS", 718, 343, 21)];
    expect(smallTypeBlocks(read, 300, () => false)[0][1]).toBeLessThanOrEqual(228);
    const rng = new Rng(`${SEED}/rows-run-together`);
    for (let k = 0; k < 200; k++) {
      // Lines in small type (under 30 px at 300 DPI), the box over them no small type of its own.
      const size = rng.int(18, 26);
      const [x, y] = [rng.int(20, 1200), rng.int(100, 1500)];
      const district = rng.pick(districts);
      const rows = [...(rng.chance(0.5) ? [streetLines(rng)[0]] : []), district.town, postcodeIn(rng, district)];
      const step = Math.round(size * rng.float(1.3, 1.8));
      const tall = Math.round(size * rng.float(1.75, 3.4));
      const under = rows.map((t, i) => line(t, x + rng.int(-2, 2), y + tall + rng.int(2, size) + i * step, size));
      const debris = rng.pick(["Pes aaa", "i bn BEM ee:", "ont wh 4", "Me ls Ae"]);
      const drawn = JSON.stringify({ k, size, tall, rows, debris });
      const top = (lines: TextLine[]) => Math.min(...smallTypeBlocks(lines, 300, () => false).map((b) => b[1]));
      // Read as debris over the block's rows: the block takes it in, and is read again from its top.
      expect(top([line(debris, x, y, tall), ...under]), drawn).toBeLessThanOrEqual(y);
      // A carrier's or a service's line, a heading, a line in its block's type or far higher, one over no address: left out.
      for (const [text, height] of [["Royal Mail", tall], ["TRACKED 48", tall], ["Return to:", tall], [debris, Math.round(size * 3.7)]] as const) {
        expect(top([line(text, x, y, height), ...under]), drawn).toBeGreaterThan(y);
      }
      expect(top([line(debris, x, y, tall), ...under.slice(0, -1)]), drawn).toBeGreaterThan(y);
    }
  });

  it("read again enlarged take the place of the block's lines; the recipient's stay as the page read them", async () => {
    // A return address printed at 5 pt on a 4x6 in label at 203 DPI, enlarged to 300 DPI as the page is for its reading.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const p = doc.addPage([288, 432]);
    const draw = (x: number, y: number, size: number, text: string) => p.drawText(text, { x, y: 432 - y - size, size, font });
    for (const [k, text] of ["Priya Sharma", "14 Mill Lane", "Leeds", "LS1 4AB"].entries()) draw(30, 60 + 20 * k, 14, text);
    for (const [k, text] of ["Return to:", "Kestrel Vintage", "9 Quay Street", "Bristol BS1 4DJ"].entries()) draw(30, 300 + 7 * k, 5, text);
    let px: Pixmap | null = null;
    await renderPages(await doc.save(), { dpi: 203, maxSide: 2400, maxPages: 1 }, async (_i, out) => {
      px = out;
    });
    const { grey, dpi } = atOcrResolution(toGrey(px!), 203, 2400);
    const lines = ocrLines((await recognise(grey, dpi)).words);
    const recipients = lines.filter((l) => l.y < 400);
    expect(recipients.map((l) => l.text)).toContain("Priya Sharma");
    const again = await rereadSmallType(lines, grey, dpi, (l) => l.text.includes("LS1 4AB"));
    expect(again).not.toBeNull();
    expect(again!.filter((l) => l.y < 400)).toEqual(recipients);
    const block = again!.filter((l) => l.y > 800).map((l) => l.text);
    expect(block).toContain("Kestrel Vintage");
    expect(block.join(" ")).toContain("BS1 4DJ");
    // Placed back at the page's scale: the name's line where the page prints it (y 307 pt at 300 DPI is about 1,280 px).
    const name = again!.find((l) => l.text === "Kestrel Vintage")!;
    expect(Math.abs(name.y - (307 * 300) / 72)).toBeLessThan(15);
    expect(name.size).toBeLessThan(30);
    // No block in small type, or only the recipient's: nothing read again.
    expect(await rereadSmallType(recipients, grey, dpi, () => false)).toBeNull();
  });

  it("have a heading misread in several letters put back as printed, and no other line (files 2487, 2743, 2983)", () => {
    expect(blockHeading("Retuiti to:")).toBe("Return to:");
    expect(blockHeading("Retureis adaress:")).toBe("Return address:");
    expect(blockHeading("Returnsaddiess:")).toBe("Return address:");
    expect(blockHeading("Collecton adress:")).toBe("Collection address:");
    // A heading as read, a field's label, a line that is no heading's shape, or too far from any: as read.
    for (const text of ["Return to:", "SHIP TO:", "Ship to:", "If undelivered please return to:", "Weight:", "Reference:", "Order Notes:", "Customer Ref:", "Hazel & Hive Crafts", "Retuiti to: Hazel", "Postage Paid:"]) {
      expect(blockHeading(text), text).toBeNull();
    }
  });

  it("whose name's row Tesseract split in two may hold a cut name (fresh seed 1113018866, file 721: 'Bluebell Craf')", () => {
    const split = [line("Return to:", 48, 1035, 25), line("Bluebell Craf", 49, 1066, 27, 95), line("uks Limited, Flat 40, Sheffield S10 1GY", 151, 1067, 18)];
    expect(rowGoesOn(split, "Bluebell Craf")).toBe(true);
    // A row read whole, or one whose next line stands apart (another column), goes on nowhere.
    const whole = [line("Return to:", 48, 1035, 25), line("Bluebell Crafts Limited, Flat 40, Sheffield S10 1GY", 49, 1066, 27, 700)];
    expect(rowGoesOn(whole, "Bluebell Crafts Limited")).toBe(false);
    expect(rowGoesOn([line("Bluebell Crafts", 49, 1066, 27, 210), line("Weight 2kg", 700, 1066, 27)], "Bluebell Crafts")).toBe(false);
  });

  it("whose name's row holds a line before it may have lost the name's start (run E, SEED=76423947, file 980: 'Trading Co')", () => {
    // Read again enlarged off a 240 DPI scan: 'AI nnrlangd Trad:' over the start of 'Trading Co', for Moorland Trading Co.
    const split = [line("Sender details", 911, 306, 28, 268), line("AI nnrlangd Trad:", 910, 350, 22, 323), line("Trading Co", 1127, 353, 40, 235), line("Lavender Square", 977, 404, 39, 361)];
    expect(rowComesBefore(split, "Trading Co")).toBe(true);
    const rng = new Rng(`${SEED}/row-before`);
    for (let k = 0; k < 200; k++) {
      const name = rng.pick([personName, companyName, shopName])(rng);
      const [x, y, size] = [rng.int(300, 1200), rng.int(100, 1500), rng.int(15, 45)];
      const drawn = JSON.stringify({ k, name, x, y, size });
      const own = line(name, x, y, size);
      // Debris of the name's first words right before it, overlapping it or a word's gap short of it.
      const debris = line(rng.pick(["AI nnrlangd Trad:", "Moor", "Juni per", "ee"]), x - rng.int(2, 8) * size, y + rng.int(-size / 4, size / 4), Math.round(size * rng.float(0.6, 1.1)));
      debris.width = Math.max(size, x - debris.x + rng.int(-size, size));
      expect(rowComesBefore([debris, own], name), drawn).toBe(true);
      // Nothing before it, a heading alone on its row before it, or another column's line well apart: it stands.
      expect(rowComesBefore([own], name), drawn).toBe(false);
      const heading = line(rng.pick(["From:", "Return to:", "SENDER", "Sender:"]), x - rng.int(4, 8) * size, y, size);
      heading.width = x - heading.x - rng.int(0, size);
      expect(rowComesBefore([heading, own], name), drawn).toBe(false);
      const width = rng.int(3, 6) * size;
      const column = line("Seren Wong", x - width - Math.round(rng.float(2.5, 6) * size), y, size, width);
      expect(rowComesBefore([column, own], name), drawn).toBe(false);
    }
  });

  it("whose lines run on under a line beside the name hold two columns read as one (run H, SEED=1227518014, file 2802)", () => {
    // A 203 DPI thermal print: the recipient's rows and the sender's beside them read as one line each, the sender's
    // postcode ending one; the block under 'IMOGEN LEROY' took the sender's postcode, and the payload made it the sender's.
    const rng = new Rng(`${SEED}/runs-across`);
    for (let k = 0; k < 200; k++) {
      const [size, small] = [rng.int(25, 45), rng.int(18, 28)];
      const [x0, y0] = [rng.int(20, 120), rng.int(100, 800)];
      const left = [personName(rng), ...streetLines(rng), postcodeIn(rng, rng.pick(districts))];
      // The right column a gap of one to four letters' height right of the left one's longest line.
      const x1 = x0 + Math.max(...left.map((t) => t.length * size * 0.55)) + rng.int(1, 4) * size;
      const right = [shopName(rng), ...streetLines(rng), postcodeIn(rng, rng.pick(districts))];
      const drawn = JSON.stringify({ k, left, right, size });
      const at = (i: number) => y0 + i * Math.round(size * 1.6);
      // The rows under the names read as one line each, down to the right column's postcode.
      const rows = right.length - 1;
      const merged = [line(left[0], x0, at(0), size), line(right[0], x1, at(0) - rng.int(0, 10), small)];
      for (let i = 1; i <= rows; i++) {
        const text = `${left[i] ?? ""} ${right[i]}`.trim();
        merged.push(line(text, x0, at(i), size, x1 + right[i].length * small * 0.55 - x0));
      }
      const postcode = right.at(-1)!;
      const block = { name: left[0], address: merged.slice(2, -1).map((l) => l.text), postcode, countryCode: "GB" };
      expect(runsAcross(merged, block), drawn).toBe(true);
      // Each column read apart: the name's block stays in its column.
      const apart = [...left.map((t, i) => line(t, x0, at(i), size)), ...right.map((t, i) => line(t, x1, at(i), small))];
      const own = { name: left[0], address: left.slice(1, -1), postcode: left.at(-1)!, countryCode: "GB" };
      expect(runsAcross(apart, own), drawn).toBe(false);
      expect(runsAcross(apart, { ...own, name: right[0], address: right.slice(1, -1), postcode }), drawn).toBe(false);
    }
  });

  it("whose line holds letters before the name that are no heading may have lost its first word (run H file 1820: 'ei O Suilleabhain')", () => {
    expect(startsInsideLine([line("ei O Suilleabhain", 956, 331, 33)], "O Suilleabhain")).toBe(true);
    const rng = new Rng(`${SEED}/starts-inside`);
    for (let k = 0; k < 300; k++) {
      const name = rng.pick([personName, companyName, shopName])(rng);
      const drawn = JSON.stringify({ k, name });
      const at = (text: string) => [line("Weight: 1.2kg", 40, 100, 30), line(text, 40, 200, 25), line("12 Mill Lane", 40, 240, 25)];
      // The debris the layout passes over: small letters, a letter, or a word in small letters with a stop.
      const debris = rng.pick(["ei", "aes", "pacar", "om", "a", "ee.", "nis", "ds", "“eres", "ai", "ej"]);
      expect(startsInsideLine(at(`${debris} ${name}`), name), drawn).toBe(true);
      // The name alone on its line, after a heading (as printed, or misread with its colon), a rule's or a border's mark: it stands.
      expect(startsInsideLine(at(name), name), drawn).toBe(false);
      const heading = rng.pick(["FROM", "From:", "Return to:", "SENDER", "Sender:", "Sent by:", "RETURN TO:", "If undelivered please return to:", "Retuiti to:"]);
      expect(startsInsideLine(at(`${heading} ${name}`), name), drawn).toBe(false);
      expect(startsInsideLine(at(`${rng.pick(["|", "—", "•", "[", "*"])} ${name}`), name), drawn).toBe(false);
    }
  });

  it("whose name starts with 'From' run into it lost it to the heading (run J files 3577 'FromTheCeilidhCoffee', 3115)", () => {
    expect(headingGlued("FromTheCeilidhCoffee")).toBe(true);
    expect(headingGlued("Fromironbridge Coffee Ltd")).toBe(true);
    const rng = new Rng(`${SEED}/heading-glued`);
    for (let k = 0; k < 300; k++) {
      const name = rng.pick([personName, companyName, shopName])(rng);
      const drawn = JSON.stringify({ k, name });
      expect(headingGlued(`From${name}`), drawn).toBe(true);
      expect(headingGlued(`From${name.replace(/ /g, "")}`), drawn).toBe(true);
      // As drawn, after 'From' and a gap, or a town's or surname's 'Frome', 'Fromm': a name.
      expect(headingGlued(name), drawn).toBe(false);
      expect(headingGlued(`From ${name}`), drawn).toBe(false);
      expect(headingGlued(`${rng.pick(["Frome", "Fromm"])} ${name}`), drawn).toBe(false);
    }
  });

  it("whose name's box is twice its block's lines' height holds two lines, one of them lost (run E, SEED=76423947, file 3515: 'Bryn Awel')", () => {
    // Read again enlarged off a 150 DPI table photo of a block printed bottom up: 'Bryn Awel' boxed over 'Foxhole Silver'.
    const lines = [line("IV28NW", 50, 619, 23, 94), line("Inverness", 50, 656, 23, 109), line("183 St Mary's Row", 51, 693, 24, 209), line("Bryn Awel", 48, 718, 45, 113)];
    expect(twoLinesHigh(lines, { name: "Bryn Awel", address: ["183 St Mary's Row", "Inverness"], postcode: "IV2 8NW", countryCode: "GB" })).toBe(true);
    const rng = new Rng(`${SEED}/two-high`);
    for (let k = 0; k < 200; k++) {
      const name = rng.pick([personName, companyName, shopName])(rng);
      const [x, y, size] = [rng.int(20, 1200), rng.int(100, 1500), rng.int(15, 45)];
      const address = { name, address: ["183 St Mary's Row", "Inverness"], postcode: "IV2 8NW", countryCode: "GB" };
      const block = (nameSize: number) => [line(name, x, y, nameSize), line("183 St Mary's Row", x, y + 2 * size, Math.round(size * rng.float(0.9, 1.1))), line("Inverness", x, y + 3 * size, size), line("IV2 8NW", x, y + 4 * size, size)];
      const drawn = JSON.stringify({ k, name, size });
      expect(twoLinesHigh(block(Math.round(size * rng.float(1.85, 2.3))), address), drawn).toBe(true);
      // In its block's type, in bold or larger type up to half as high again, or with no line of its block read: it stands.
      expect(twoLinesHigh(block(Math.round(size * rng.float(0.8, 1.5))), address), drawn).toBe(false);
      expect(twoLinesHigh([line(name, x, y, 2 * size)], address), drawn).toBe(false);
    }
  });
});
