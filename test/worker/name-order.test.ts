import { describe, expect, it } from "vitest";
import { addressLines, addressStyle, recipientParty, senderParty, weight } from "../../bench/label-generator/content";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { weightGrams } from "../../worker/label-reading/fields";
import { readAddresses } from "../../worker/label-reading/layout";
import { classifyLine } from "../../worker/label-reading/line-kinds";
import type { TextLine } from "../../worker/label-reading/text";

// Whole names or none (issue 36, class 2) and blocks printed bottom up (class 4): a legacy system that prints the
// postcode first and the name last, a title or initials on a line of their own, a first name over its surname.

/** Lines from (x, y) down, `size` pt type, 1.25 leading. */
const block = (x: number, y: number, texts: string[], size = 11): TextLine[] => texts.map((text, i) => ({ text, x, y: y + i * size * 1.25, size }));
const recipientOf = (lines: TextLine[]) => readAddresses(lines).recipient;

describe("a block printed bottom up", () => {
  it("is read from its other end: postcode first, name last", () => {
    const r = recipientOf([...block(14, 20, ["ROYAL MAIL TRACKED 24"], 12), ...block(14, 60, ["TO", "LS6 2AB", "WEST YORKSHIRE", "LEEDS", "14 CARDIGAN ROAD", "PRIYA PATEL"])]);
    expect(r).toMatchObject({ name: "PRIYA PATEL", postcode: "LS6 2AB" });
    expect(r?.address).toEqual(["14 CARDIGAN ROAD", "LEEDS", "WEST YORKSHIRE"]);
  });

  it("keeps a broken name's own lines in order, and a 'c/o' line printed over the name under it", () => {
    const r = recipientOf(block(14, 60, ["UNITED KINGDOM", "NG7 1AA", "NOTTINGHAM", "80 SANDRINGHAM TERRACE", "C/O MRS TOMASZ WATSON", "JACK", "OKAFOR"]));
    expect(r?.name).toBe("JACK OKAFOR");
    expect(r?.address).toContain("C/O MRS TOMASZ WATSON");
  });

  it("reads a block under a heading on the postcode's line with its town ('SHIP TO: Nottingham NG1 7AA' over the street)", () => {
    // Fresh seed 584889086, file 67, a pdfkit text PDF: the name was missed, the block its postcode's line alone.
    const r = readAddresses([...block(9, 20, ["SHIP TO: Nottingham NG1 7AA", "37 Sandringham Grove", "Apartment 66", "Tomasz Nguyen"], 12), ...block(9, 80, ["From Dovetail Design"], 10)]);
    expect(r.recipient).toMatchObject({ name: "Tomasz Nguyen", address: ["Apartment 66", "37 Sandringham Grove", "Nottingham"], postcode: "NG1 7AA" });
    expect(r.sender?.name).toBe("Dovetail Design");
  });

  it("ends a block printed bottom up where the type changes, over another block printed top down (fresh seed 1877855200, file 248)", () => {
    // The sender in 6 pt printed bottom up right over the recipient in 10-12 pt: the recipient's name was 'Leicester'.
    const r = readAddresses([...block(34, 20, ["SENDER", "LE4 2TH", "Leicester", "158 Willow Avenue", "Willow & Wick Goods"], 6), ...block(34, 58, ["Dr. Chloé O'Brien"], 12), ...block(34, 72, ["13 Albert Street", "Oxford", "Oxfordshire", "OX1 5TD"], 10)]);
    expect(r.recipient).toMatchObject({ name: "Dr. Chloé O'Brien", address: ["13 Albert Street", "Oxford", "Oxfordshire"], postcode: "OX1 5TD" });
    expect(r.sender).toMatchObject({ name: "Willow & Wick Goods", address: ["158 Willow Avenue", "Leicester"], postcode: "LE4 2TH" });
  });

  it("knows a street by its word 'Rise' (fresh seed 3474335258, file 32, a pdf-lib text PDF whose name was missed)", () => {
    const r = recipientOf(block(22, 60, ["DN1 2RT", "DONCASTER", "BRAMLEY", "72 LONDON RISE", "C/O RORY THOMAS", "MEI BAKER"], 12));
    expect(r).toMatchObject({ name: "MEI BAKER", address: ["C/O RORY THOMAS", "72 LONDON RISE", "BRAMLEY", "DONCASTER"], postcode: "DN1 2RT" });
  });

  it("passes over a house name printed between the street and the name, and a heading on the postcode's line", () => {
    expect(recipientOf(block(14, 60, ["TO", "YO31 5FD", "YORK", "110 GEORGE GROVE", "THE OLD RECTORY", "DR YUSUF HILL"]))?.name).toBe("DR YUSUF HILL");
    const r = recipientOf(block(9, 60, ["DELIVER TO S1 8EE", "Sheffield", "39 St John's Lane", "FAO F Turner-Hale", "Bluebell Vets Holdings Ltd"]));
    expect(r?.name).toBe("Bluebell Vets Holdings Ltd");
    // The town on the postcode's line: the street comes next.
    expect(recipientOf(block(29, 60, ["Deliver to:", "UNITED KINGDOM", "York YO31 5FD", "110 George Grove", "A. Harris", "+44 7700 900589"]))?.name).toBe("A. Harris");
  });

  it("takes a 'The …' line over a whole name for the premises where the street is not known by its words (run F, file 1348)", () => {
    // A pdf-lib legacy despatch label: 'BB1 1ET' / 'LANCASHIRE' / 'BLACKBURN' / 'ACACIA WAY' / 'THE LAURELS' / 'NOAH THOMAS'
    // ('Way', ending surnames too, is no known street without its number): the recipient's name was missed.
    const r = recipientOf(block(16, 60, ["UNITED KINGDOM", "BB1 1ET", "LANCASHIRE", "BLACKBURN", "ACACIA WAY", "THE LAURELS", "NOAH THOMAS"]));
    expect(r).toMatchObject({ name: "NOAH THOMAS", address: ["THE LAURELS", "ACACIA WAY", "BLACKBURN", "LANCASHIRE"], postcode: "BB1 1ET" });
    // Not a 'The …' line right under the postcode (no town before it), nor over a one-word name.
    expect(recipientOf(block(16, 60, ["BB1 1ET", "THE LAURELS", "NOAH THOMAS"]))?.name ?? "").toBe("");
    expect(recipientOf(block(16, 60, ["BB1 1ET", "BLACKBURN", "ACACIA WAY", "THE LAURELS", "THOMAS"]))?.name ?? "").toBe("");
    // So does the line over a whole name starting with its title (run E, SEED=76423947, file 2388, a turned pdf-lib label).
    const r2 = recipientOf(block(19, 60, ["DELIVER TO EN1 4GT", "Enfield", "Lavender Place", "Bryn Awel", "Miss Noah Harrison", "noahharrison@example.co.uk"]));
    expect(r2).toMatchObject({ name: "Miss Noah Harrison", address: ["Bryn Awel", "Lavender Place", "Enfield"], postcode: "EN1 4GT" });
    // Not a title alone, nor a name right under the postcode.
    expect(recipientOf(block(19, 60, ["EN1 4GT", "Miss Noah Harrison"]))?.name ?? "").toBe("");
  });

  it("takes a name that starts with its title whole, the lines between it and the street for the premises'", () => {
    // Fresh seed 584889086, file 85, a 203 DPI thermal print: 'The Old Post Office' over 'Mrs. Bjorn Wood', the name missed.
    const r = recipientOf(block(90, 60, ["IP1 7LZ", "Suffolk", "Ipswich", "Hyde Park", "High Grove", "The Old Post Office", "Mrs. Bjorn Wood"], 14));
    expect(r).toMatchObject({ name: "Mrs. Bjorn Wood", address: ["The Old Post Office", "High Grove", "Hyde Park", "Ipswich", "Suffolk"], postcode: "IP1 7LZ" });
  });

  it("takes a name that starts with its initial whole, the line between it and the street for the premises' (fresh seed 1877855200, file 223)", () => {
    const r = recipientOf(block(25, 60, ["FORDINGBRIDGE SP6 0ZB", "105 ALBERT SQUARE", "TY NEWYDD", "C TURNER-HALE", "Tel: 07700 900358"], 11.5));
    expect(r).toMatchObject({ name: "C TURNER-HALE", address: ["TY NEWYDD", "105 ALBERT SQUARE", "FORDINGBRIDGE"], postcode: "SP6 0ZB" });
    // A title on its own line over the initial is the name's start (fresh seed 1622903726, file 413, a 200 DPI scan).
    expect(recipientOf(block(106, 60, ["CB12TS", "CAMBRIDGE", "178 FORE RISE", "FLAT 2, RIVERSIDE ESTATE", "PROF", "C WOOD", "Tel: 07700 900035"], 30))?.name).toBe("PROF C WOOD");
  });

  it("gives no name where a line over the name may be a house's or the name's own", () => {
    const r = recipientOf(block(14, 60, ["FROM", "TQ1 2BB", "TORQUAY", "4 HARBOUR ROW", "THE OLD POST OFFICE", "OLD FORGE BAKEHOUSE"]));
    expect(r?.name ?? "").toBe("");
  });

  it("never takes a date printed over the block for the name", () => {
    // A legacy despatch label: the order's date over a block printed bottom up ('DATE 2026-07-10' was the name).
    const header = block(14, 20, ["ACCOUNT 386723-72 DESPATCH 58447986", "EVRI EVRI 48 HOUR DELIVERY"], 9);
    for (const date of ["DATE 2026-07-10", "DATE 25 Sep 2026", "Date: 10/07/2026"]) {
      const r = recipientOf([...header, ...block(14, 60, [date, "UNITED KINGDOM", "BS16 6SW", "Bristol", "208 Dock Terrace", "Apartment 99", "Rev Fatima Harris"])]);
      expect(["Rev Fatima Harris", ""], date).toContain(r?.name ?? "");
    }
  });

  it("takes a numberless street or a one-word house name for the street the name is printed under", () => {
    // A marketplace's seller block on a consignment's page (fresh seed 2647158373, file 81): the sender was 'Norwich'.
    const r = readAddresses([...block(17, 40, ["Buyer", "Ilford IG1 8DG", "Jesmond", "188 Elm Hill", "Little Fern Garage (UK) Ltd"], 10), ...block(17, 170, ["Seller:", "Norwich NR2 7YP", "Hyde Park", "Bridge Road", "Glenview", "Mr. D Wong"], 6.6)]);
    expect(r.sender?.name).toBe("Mr. D Wong");
    expect(r.sender?.address).toEqual(["Glenview", "Bridge Road", "Hyde Park", "Norwich"]);
  });

  it("never takes the town on the postcode's line for the name when the lines under it do not read as an address", () => {
    const r = readAddresses([...block(17, 40, ["Deliver to:", "Jane Smith", "1 High Street", "Leeds LS1 1AA"], 10), ...block(17, 170, ["Seller:", "Norwich NR2 7YP", "Hyde Park"], 6.6)]);
    expect(r.sender?.name ?? "").toBe("");
    expect(r.sender?.postcode).toBe("NR2 7YP");
    // A town over its county, the name and street lost by OCR (bench/outside seed 1366117983, a scan: the sender was 'Reading').
    const town = readAddresses([...block(600, 120, ["SHIP TO", "Ms Jakub Young", "33 Queens Drive", "Leeds", "LS6 1EJ"], 28), ...block(30, 133, ["If undelivered, please return to", "Reading", "Lancashire", "RG1 5NH"], 16)]);
    expect(town.sender?.name ?? "").toBe("");
    expect(town.sender?.address).toEqual(["Reading", "Lancashire"]);
    // With a street's number on the line, the line is more than a town.
    expect(recipientOf(block(17, 40, ["Jane Smith 1 High Street LS1 1AA"]))?.name).toBe("Jane Smith");
  });

  it("never reads a block printed top down under an address on one line as that address printed bottom up", () => {
    // bench/outside seed 1366117983, a web label: the sender was 'Leeds Lancashire' and the recipient had no name.
    const r = readAddresses(block(7, 20, ["SENDER", "Wild Garlic Games, Flat 35B, 75 High Street, Perth, Gwynedd, PH1 2EN", "Zain Smith-Jones", "178 Union Street", "Leeds", "Lancashire", "LS6 2XU"], 8));
    expect(r.sender?.name).toBe("Wild Garlic Games");
    expect(r.recipient).toMatchObject({ name: "Zain Smith-Jones", postcode: "LS6 2XU" });
  });

  it("never takes the country over a postcode for the name", () => {
    const r = recipientOf([...block(14, 60, ["UNITED KINGDOM", "EX4 4QJ"]), ...block(14, 120, ["VAN 12 DROP 4"], 16)]);
    expect(r?.name ?? "").toBe("");
  });

  it("is left alone when its lines do not read as an address the other way up (none rather than a part)", () => {
    const r = recipientOf(block(14, 60, ["TO", "BS8 1TH", "23 PARK ROW", "BRISTOL"]));
    expect(r?.name ?? "").toBe("");
  });
});

describe("a name broken over lines", () => {
  it("takes a title with its stop alone over the rest of the name ('Mrs.' / 'Z de la Cruz')", () => {
    // Fresh seed 584889086, file 260, a 200 DPI scan: the name was missed.
    expect(recipientOf(block(82, 60, ["To", "Mrs.", "Z de la Cruz", "45 St Anne's Court", "Orchard Avenue", "London", "EC1V 0AH"], 14))?.name).toBe("Mrs. Z de la Cruz");
  });

  it("gives no name where only its title was found", () => {
    // The name's own line drawn elsewhere on the page (a marketplace label's items out of reading order): 'Mrs.' was
    // the recipient's name, and 'REV' on an A4 sheet.
    for (const title of ["Mrs.", "REV", "Dr"]) {
      const r = recipientOf(block(14, 60, ["To", title, "73 Dock House", "Orchard Square", "Padstow", "PL28 6ZJ"]));
      expect(r?.name ?? "", title).toBe("");
      expect(r?.postcode).toBe("PL28 6ZJ");
    }
  });

  it("takes an initial or a title printed alone over the surname", () => {
    expect(recipientOf(block(189, 100, ["TO:", "F", "Cunningham", "Hillside Farm", "Lavender Mews", "Harrow", "HA1 4ES"]))?.name).toBe("F Cunningham");
    expect(recipientOf(block(20, 100, ["MR", "JOHN SMITH", "14 ACACIA AVENUE", "MANCHESTER", "M1 1AE"]))?.name).toBe("MR JOHN SMITH");
  });

  it("takes initials printed on the heading's line over the surname ('Ship to: G.' / 'Morgan' gave 'Morgan')", () => {
    const r = readAddresses([...block(33, 60, ["Ship to: G.", "Morgan", "11 Beech Square", "London", "WC2H 1RB"]), ...block(33, 200, ["SHIPFROM: F", "WRIGHT", "184 ALEXANDRA PARADE", "BIRMINGHAM", "B15 5HU"], 8)]);
    expect(r.recipient?.name).toBe("G. Morgan");
    expect(r.sender?.name).toBe("F WRIGHT");
    // A sender printed without a postcode, and a letter after a heading over a whole name (OCR's reading of a mark).
    expect(readAddresses([...block(20, 20, ["From: F", "Wright", "Whitby"], 8), ...block(20, 80, ["Jane Smith", "1 High Street", "Leeds LS1 1AA"])]).sender?.name).toBe("F Wright");
    expect(recipientOf(block(20, 80, ["To: I", "Jane Smith", "1 High Street", "Leeds LS1 1AA"]))?.name).toBe("Jane Smith");
  });

  it("gives no name where one word over another could be a first name over its surname or a name over its house", () => {
    // A surname with a house's ending (bench/outside seed 1366117983: 'Oscar' and 'Élodie' were the names).
    const r = recipientOf(block(16, 40, ["SHIP TO", "Oscar", "Underwood", "207 Station Approach", "Harrogate", "HG1 1FL"]));
    expect(r?.name).toBe("");
    expect(r?.postcode).toBe("HG1 1FL");
    // Words run together are no one word (a table photo's 'JoséKelly' over a house, fixed seed 3636036 file 37).
    expect(recipientOf(block(16, 40, ["JoséKelly", "Beechwood", "12 Fore Way", "Norwich", "NR2 5UP"]))?.name).toBe("JoséKelly");
  });

  it("takes the word under a name's line as its end where a premises line comes between it and the street, a service word too", () => {
    // Fresh seed 3422321280, file 283, a pdf-lib text PDF: 'Home' (a service word alone) ended the block, the sender 'Copper Kettle'.
    const r = readAddresses([...block(15, 20, ["Fionnuala Wood", "44 Market Way", "Kirkstall", "Wakefield", "WF1 7TA"]), ...block(14, 150, ["If undelivered return to:", "Copper Kettle", "Home", "Bryn Awel", "214 Gladstone Avenue", "Worcester WR17GH"], 7)]);
    expect(r.recipient?.name).toBe("Fionnuala Wood");
    expect(r.sender).toMatchObject({ name: "Copper Kettle Home", address: ["Bryn Awel", "214 Gladstone Avenue", "Worcester"], postcode: "WR1 7GH" });
    expect(recipientOf(block(14, 60, ["Saltmarsh", "Home", "12 Quay Street", "Whitby", "YO21 1AA"]))?.name).toBe("Saltmarsh Home");
    // A service word over the block, not under a name's line in its type, still ends it.
    expect(recipientOf([...block(14, 20, ["Tracked 24"], 11), ...block(14, 34, ["HOME", "Jane Smith", "1 High Street", "Leeds LS1 1AA"])])?.name).toBe("Jane Smith");
    // Nor is it a name's end over a line that starts with a title: that line is the name (fresh seed 2845914634, file 3919, a
    // flattened PDF whose recipient was given as the marketplace's 'Tradewell').
    expect(recipientOf(block(39, 80, ["Tradewell", "Tradewell Shipping", "Standard", "Mrs A Chowdhury", "118 Dock Drive", "London NW1 2HP"]))?.name).toBe("Mrs A Chowdhury");
  });

  it("takes one word over another as the name where a premises line comes between them and the street", () => {
    // A block has one premises line before its street (fresh seed 584889086, file 109: a consignment of four, each name missed).
    expect(recipientOf(block(14, 60, ["Niamh", "Watson", "Ty Newydd", "126 Corstorphine Gardens", "London", "EC1V 8GY"]))?.name).toBe("Niamh Watson");
    expect(recipientOf(block(28, 100, ["Olivia", "MacLeod", "Bryn Awel", "3 Beech Walk", "Clifton", "Carlisle", "CA1 0RS"]))).toMatchObject({ name: "Olivia MacLeod", address: ["Bryn Awel", "3 Beech Walk", "Clifton", "Carlisle"] });
  });
});

describe("a weight among a packing slip's items", () => {
  it("is an item's size, not the parcel's weight, on a line with a price", () => {
    expect(weightGrams("Qty Item\n1   Soy wax candle 200g   £12.50\nTotal: £12.50")).toBeNull();
    expect(weightGrams("1   Coffee beans 1kg   £9.99\nWeight: 1.25 kg")).toBe(1250);
  });

  it("is never part of a code printed grouped (gate seed 1306377285, file 44: 'H06G' read as 6 g)", () => {
    expect(weightGrams("KT1 7HH\nH06G R404 2890 7995")).toBeNull();
    expect(weightGrams("AB12KG 5000")).toBeNull();
    for (const [text, grams] of [["750g", 750], ["Parcel 1.2 kg", 1200], ["WT 0.75 KG", 750], ["Weight:1.2kg", 1200], ["(450 g)", 450], ["Weight1050g", 1050]] as const) expect(weightGrams(text)).toBe(grams);
  });
});

// Drawn from the label generator's parties, a fresh seed each run (replay with SEED=…): never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`name order (drawn cases): SEED=${SEED}`);

describe(`a name's start read as OCR's debris (drawn, SEED=${SEED})`, () => {
  it("gives no name rather than the surname under it (gate seed 893044337, file 86: 'H.O' over 'Suilleabhain')", () => {
    // 'H. Ó' over 'Súilleabháin' (a name printed initials over surname) read 'H.O': debris, passed over; the surname was given.
    const bare = (t: string) => t.normalize("NFD").replace(/\p{M}/gu, "");
    let drawn = 0;
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/initials/${k}`);
      const to = recipientParty(rng);
      const surname = to.name.split(" ").pop()!;
      const initials = Array.from({ length: rng.int(2, 3) }, () => rng.pick([..."ABCDEFGHJKLMNOPRSTWYÓÉ"]));
      const read = bare(initials.join(".")) + (rng.chance(0.5) ? "." : "");
      if (!classifyLine(read).debris || !/^\p{Lu}[\p{L}'’-]+$/u.test(surname)) continue;
      drawn++;
      const size = rng.int(10, 40);
      const heading = rng.pick([[], ["Recipient"], ["Deliver to:"], ["SHIP TO"]]);
      const lines = [...heading, read, surname, ...to.lines, to.town, to.printedPostcode];
      const page = block(rng.int(10, 80), 60, lines, size);
      expect(recipientOf(page)?.name, JSON.stringify({ k, lines })).toBe("");
      // Read with its gaps, the start is the name's; a mark off the name's left edge is no part of it.
      const spaced = block(20, 60, [...heading, initials.map((i) => `${bare(i)}.`).join(" "), surname, ...to.lines, to.town, to.printedPostcode], size);
      expect(recipientOf(spaced)?.name).toBe(`${initials.map((i) => `${bare(i)}.`).join(" ")} ${surname}`);
      const whole = `${initials.map((i) => `${bare(i)}.`).join(" ")} ${surname}`;
      const mark = [...block(20, 60, [...heading, whole, ...to.lines, to.town, to.printedPostcode], size), { text: read, x: 20 + size * 6, y: 60 - size * 1.25 + heading.length * size * 1.25, size }];
      expect(recipientOf(mark)?.name).toBe(whole);
    }
    expect(drawn).toBeGreaterThan(50);
  });
});

describe(`a name cut after its particle (drawn, SEED=${SEED})`, () => {
  it("is none, the whole name kept (fresh seed 625819656, file 1141: 'DR. ELLIE DE' of Dr. Ellie de la Cruz)", () => {
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/particle/${k}`);
      const to = recipientParty(rng);
      const first = to.name.split(" ").slice(0, -1).join(" ") || "Ellie";
      const particle = rng.pick(["de", "van", "von", "de la", "van der", "ap", "del", "della", "bin", "Ní", "&", "and"]);
      const surname = recipientParty(rng).name.split(" ").pop()!;
      if (!/^\p{Lu}\p{Ll}+$/u.test(surname)) continue;
      const upper = rng.chance(0.3);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const reversed = rng.chance(0.5);
      // Its street next (a house's name or a flat there may be the end of a name wrapped after 'and': wrappedName's).
      const street = to.lines.find((l) => /^\d/.test(l));
      if (!street) continue;
      const lines = (name: string) => {
        const body = [cased(name), street, to.town, to.printedPostcode];
        return reversed ? ["SHIP TO:", ...body.reverse()] : body;
      };
      const cut = `${first} ${particle}`;
      expect(recipientOf(block(20, 60, lines(cut), 12))?.name ?? "", JSON.stringify({ k, cut })).toBe("");
      // Whole, printed top down, it stands. (Printed bottom up over a numbered house's name, '33 Ty Gwyn', a name is none
      // by the rules for those blocks, whatever its words.)
      const whole = [cased(`${cut} ${surname}`), street, to.town, to.printedPostcode];
      expect(recipientOf(block(20, 60, whole, 12))?.name, JSON.stringify(whole)).toBe(whole[0]);
    }
  });
});

describe(`a block printed bottom up with a house named in Welsh or Gaelic over the name (drawn, SEED=${SEED})`, () => {
  it("takes the house's line for the premises, the name whole (gate seed 577469302, file 60: 'TY NEWYDD' over 'HARRY Ó SÚILLEABHÁIN')", () => {
    // The house's line between the street and a name with no title or initial read as the name's first line: none given.
    const houses = ["Ty Newydd", "Tŷ Gwyn", "Ty Coch", "Plas Newydd", "Plas Uchaf", "Bwthyn Bach", "Fferm Isaf", "Tyddyn Du", "Llys Awel", "Taigh na Mara", "Tigh na Coille"];
    let drawn = 0;
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/celtic-house/${k}`);
      const to = recipientParty(rng);
      const street = to.lines.find((l) => /^\d/.test(l));
      if (to.second || !street) continue;
      drawn++;
      const upper = rng.chance(0.5);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const house = rng.pick(houses);
      const townFirst = rng.chance(0.5);
      const top = townFirst ? [`${to.town} ${to.printedPostcode}`] : [to.printedPostcode, to.town];
      const heading = rng.pick([[], ["TO"], ["Deliver to:"]]);
      const lines = [...heading, ...top, street, house, to.name].map(cased);
      const r = recipientOf(block(rng.int(8, 40), 60, lines, rng.int(9, 14)));
      expect(r?.name, JSON.stringify({ k, lines })).toBe(cased(to.name));
      expect(r?.address).toContain(cased(house));
      // Printed top down, the house under the name stays the address's.
      const down = recipientOf(block(20, 60, [to.name, house, street, to.town, to.printedPostcode].map(cased), 11));
      expect(down?.name, JSON.stringify({ k, down: to.name })).toBe(cased(to.name));
    }
    expect(drawn).toBeGreaterThan(100);
  });
});

describe(`a block printed bottom up with a house's or a business's name starting 'The' over the name (drawn, SEED=${SEED})`, () => {
  it("takes that line for the premises, the name whole ('The Laurels' over a name, not known by its words: a miss)", () => {
    // The line between the street and a name with no title or initial read as the name's first line: none given. No one's
    // name starts with 'The'; a house's ('The Laurels', 'The Old Forge') or a business's the person is at ('The Book Nook')
    // does, and either is no part of the name.
    const places = ["The Laurels", "The Willows", "The Beeches", "The Hollies", "The Gables", "The Paddocks", "The Cedars", "The Old Forge", "The Old School", "The Firs", "The Limes", "The Orchard", "The Book Nook", "The Wren & Ivy Tea Co"];
    let drawn = 0;
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/the-house/${k}`);
      const to = recipientParty(rng);
      const street = to.lines.find((l) => /^\d/.test(l));
      // A person's name (a company's ends in its kind: 'Ltd', 'LLP', '& Co').
      if (to.second || !street || /\b(?:ltd\.?|limited|llp|plc|co\.?|sons)$/i.test(to.name)) continue;
      drawn++;
      const upper = rng.chance(0.5);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const place = rng.pick(places);
      const townFirst = rng.chance(0.5);
      const top = townFirst ? [`${to.town} ${to.printedPostcode}`] : [to.printedPostcode, to.town];
      const heading = rng.pick([[], ["TO"], ["Deliver to:"]]);
      const lines = [...heading, ...top, street, place, to.name].map(cased);
      const r = recipientOf(block(rng.int(8, 40), 60, lines, rng.int(9, 14)));
      expect(r?.name, JSON.stringify({ k, lines })).toBe(cased(to.name));
      expect(r?.address).toContain(cased(place));
      // Printed top down, the place under the name stays the address's.
      const down = recipientOf(block(20, 60, [to.name, place, street, to.town, to.printedPostcode].map(cased), 11));
      expect(down?.name, JSON.stringify({ k, down: to.name })).toBe(cased(to.name));
    }
    expect(drawn).toBeGreaterThan(100);
  });

  it("takes that line for the premises over a first name and a surname on lines of their own (fresh seed 969544535, file 2085)", () => {
    // A 203 DPI thermal print of a legacy despatch label: 'THE LAURELS' / 'CALLUM' / 'PATTERSON' gave 'THE LAURELS CALLUM'.
    const places = ["The Laurels", "The Willows", "The Old Forge", "The Old School", "The Orchard", "The Book Nook"];
    let drawn = 0;
    for (let k = 0; k < 400 && drawn < 100; k++) {
      const rng = new Rng(`${SEED}/the-house-broken/${k}`);
      const to = recipientParty(rng);
      const street = to.lines.find((l) => /^\d/.test(l));
      const words = to.name.split(" ");
      if (to.second || !street || words.length !== 2 || /^(?:mr|mrs|ms|miss|dr|mx|prof|rev)\.?$/i.test(words[0])) continue;
      drawn++;
      const upper = rng.chance(0.5);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const lines = [to.printedPostcode, to.town, street, rng.pick(places), words[0], words[1]].map(cased);
      const r = recipientOf(block(rng.int(8, 40), 60, lines, rng.int(9, 14)));
      // The whole name or none, never the house's words in it.
      expect([cased(to.name), ""], JSON.stringify({ k, lines })).toContain(r?.name ?? "");
    }
    expect(drawn).toBeGreaterThan(50);
  });

  it("gives no name where a business's name starting 'The' is wrapped over its last words ('The Copper Kettle' / 'Supplies Ltd')", () => {
    for (const last of ["Supplies Ltd", "Tea Co", "Ltd", "& Sons"]) {
      const r = recipientOf(block(14, 60, ["LS6 2AB", "Leeds", "14 Cardigan Road", "The Copper Kettle", last]));
      expect(r?.name ?? "", last).not.toBe(last);
    }
  });
});

describe(`a sender printed bottom up in small type right over the recipient's block (drawn, SEED=${SEED})`, () => {
  it("never reads on into the recipient's lines, however many (gate seed 4125225391, file 29: 'HEREFORD HEREFORDSHIRE')", () => {
    // 'FROM:' / 'RH1 8YF' / 'SURREY' / … / 'WREN & IVY TOOLS' in 7 pt right over 'HARPREET FITZGERALD' / … / 'HEREFORD' /
    // 'HEREFORDSHIRE' / 'HR1 1QL' in 14 pt: the walk down from the sender's postcode stopped at its nine lines before the
    // recipient's postcode, and gave the sender as the recipient's town and county, the recipient no name.
    let [n, bothRight] = [0, 0];
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/bottom-up-over/${k}`);
      const [to, from] = [recipientParty(rng), senderParty(rng)];
      const upper = rng.chance(0.5);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const county = (p: typeof to) => (p.county && rng.chance(0.6) ? [p.county] : []);
      const fromLines = [from.printedPostcode, ...county(from), from.town, ...[...from.lines].reverse(), from.name].map(cased);
      const toLines = [to.name, ...(to.second ? [to.second] : []), ...to.lines, to.town, ...county(to), to.printedPostcode].map(cased);
      const small = rng.float(6, 8);
      const big = small * rng.float(1.7, 2.2);
      const x = rng.int(10, 40);
      const fromPage = block(x, 40, [rng.pick(["FROM:", "Sender:", "Return to:"]), ...fromLines], small);
      const top = 40 + (fromLines.length + 1) * small * 1.25 + small * rng.float(0.2, 1.2);
      const r = readAddresses([...fromPage, ...block(x, top, toLines, big)]);
      const context = JSON.stringify({ k, fromLines, toLines });
      expect([cased(from.name), ""], context).toContain(r.sender?.name ?? "");
      expect([cased(to.name), ""], context).toContain(r.recipient?.name ?? "");
      expect(r.recipient?.postcode, context).toBe(to.postcode);
      n++;
      if (r.sender?.name && r.recipient?.name) bothRight++;
    }
    // Most are read whole (a sender's house name not known by its words, 'The Laurels', over its name leaves it none): 95.5-99.5%
    // of 200 on each of 60 fresh seeds, none wrong.
    expect(bothRight).toBeGreaterThan(n * 0.85);
  });
});

describe(`a packing slip's item sizes under a label (drawn, SEED=${SEED})`, () => {
  it("are no parcel's weight, its price in a column of its own (fresh seed 2970226876, files 829 and 1041: 'Soy wax candle 200g')", () => {
    // A slip's rows read as lines of their own: the quantity, the item, its price right of it; the item's '200g' was given as
    // the weight of a label that prints none.
    for (let k = 0; k < 200; k++) {
      const rng = new Rng(`${SEED}/slip-items/${k}`);
      const printed = rng.chance(0.5) ? weight(rng, rng.pick(["evri", "royalmail"] as const)) : null;
      const to = recipientParty(rng);
      const label = [to.name, ...to.lines, to.town, to.printedPostcode, ...(printed ? [printed.printed] : [])];
      const item = () => {
        const size = rng.chance(0.5) ? `${rng.int(1, 20) * 50}${rng.pick(["g", " g", "G"])}` : `${rng.pick(["0.5", "1", "1.5", "2", "2.5"])}${rng.pick(["kg", " kg", "KG"])}`;
        const words = `${rng.pick(["Soy wax", "Organic", "Hand-poured", "Loose leaf", "Ground", "Wildflower"])} ${rng.pick(["candle", "tea", "coffee", "soap", "honey", "flour"])}`;
        return [String(rng.int(1, 4)), `${words} ${size}`, `£${rng.int(3, 60)}.${rng.int(10, 99)}`];
      };
      const slip = ["PACKING SLIP", "Qty Product", ...Array.from({ length: rng.int(1, 4) }, item).flat(), `Total: £${rng.int(20, 200)}.00`];
      const text = [...label, ...slip].join("\n");
      expect(weightGrams(text), text).toBe(printed ? printed.grams : null);
    }
  });

  it("leave a label's own weight after words where no slip is printed (a heading OCR misread, a parcel's line)", () => {
    // The item rule dropped these while the text held no slip: import-ocr's 'Peel na 0.6 ky' (for 'Weight: 0.6 kg').
    expect(weightGrams("Peel na 0.6kg")).toBe(600);
    expect(weightGrams("JO BLOGGS\n1 High St\nLEEDS\nLS1 4AB\nSmall Parcel 1.5kg")).toBe(1500);
    expect(weightGrams("JO BLOGGS\nLS1 4AB\nQty Product\n1\nOrganic tea 200g\n£4.50")).toBeNull();
  });
});

describe(`a block printed bottom up over a heading's line that holds a postcode (drawn, SEED=${SEED})`, () => {
  it("ends at the heading ('Dropped off at: Best-one, 67 Market Pl, Woking GU22 8EP': fresh seed 2970226876, file 502)", () => {
    // The heading's postcode was taken for another block's in the same type, under this one: the block was dropped, its name none.
    for (let k = 0; k < 100; k++) {
      const rng = new Rng(`${SEED}/heading-under-bottom-up/${k}`);
      const [to, shop] = [recipientParty(rng), recipientParty(rng)];
      const street = to.lines.find((l) => /^\d/.test(l));
      if (!street || to.second) continue;
      const upper = rng.chance(0.5);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const size = rng.float(9, 14);
      const heading = `${rng.pick(["Dropped off at:", "Drop-off:", "ParcelShop:", "Collect from:"])} ${shop.name}, ${rng.int(1, 200)} ${rng.pick(["High St", "Market Pl", "Station Rd"])}, ${shop.town} ${shop.printedPostcode}`;
      const page = [...block(20, 40, ["DELIVER TO:", ...[to.printedPostcode, to.town, street, to.name].map(cased)], size), ...block(20, 40 + 5.5 * size * 1.25, [heading], size)];
      expect(recipientOf(page), JSON.stringify({ k, page: page.map((l) => l.text) })).toMatchObject({ name: cased(to.name), postcode: to.postcode });
    }
  });
});

describe(`a block printed bottom up with a company's line between the street and a broken name (drawn, SEED=${SEED})`, () => {
  it("takes the company's line for the address and the name whole ('BRAMBLE DENTAL PRACTICE CO.' / 'AISHA' / 'ADEYEMI')", () => {
    // A company's line ending in 'Co.' or '& Co' printed over a name broken over two lines was read as the name's first line
    // ('BRAMBLE DENTAL PRACTICE CO. AISHA', 'TIDEWATER VETS & CO NGOZI': the 3,000-label SEED=258096912, files 33 and 706,
    // legacy despatch text PDFs). The company's end is no part of a person's name.
    let [drawn, right] = [0, 0];
    for (let k = 0; k < 4000 && drawn < 150; k++) {
      const rng = new Rng(`${SEED}/company-over-broken-name/${k}`);
      const to = recipientParty(rng);
      if (!to.second || /^(?:c\/o|attn|fao)\b/i.test(to.second) || to.name.split(" ").length < 2) continue;
      drawn++;
      const style = { ...addressStyle(rng), reversed: true, nameBreak: rng.pick(["surname", "wrap"] as const), phone: "none" as const, email: false };
      const lines = addressLines(rng, to, style);
      const r = recipientOf(block(rng.int(8, 40), 60, lines, rng.int(9, 14)));
      const want = style.upper ? to.name.toUpperCase() : to.name;
      // Whole or none, never the company's line run into the name.
      if (r?.name) expect(r.name, JSON.stringify({ k, lines })).toBe(want);
      if (r?.name === want) right++;
    }
    expect(drawn).toBeGreaterThan(100);
    expect(right / drawn).toBeGreaterThan(0.9);
  });

  it("takes a house's name between the company's line and the street for the premises, and no routing letter printed huge under the block", () => {
    // A drawn case: read top down, the town on the postcode's line under the country was given as the name ('Isle of Bute').
    const r = recipientOf(block(14, 60, ["UNITED KINGDOM", "Isle of Bute PA20 9PA", "Manor Lane", "The Laurels", "Seren Print Studio plc", "Imogen Llewellyn"]));
    expect(r).toMatchObject({ name: "Imogen Llewellyn", address: ["Seren Print Studio plc", "The Laurels", "Manor Lane", "Isle of Bute"], postcode: "PA20 9PA" });
    // Under a contact's line, a routing letter read six times the block's type ('LU', a 300 DPI reading) is no name.
    const lines = block(94, 262, ["UNITED KINGDOM", "Ayr KA7 2TJ", "13 St Mary's Grove", "c/o N. Walker", "Button Tin Engineering plc"], 36);
    expect(recipientOf([...lines, { text: "LU", x: 214, y: 523, size: 230 }])?.name).toBe("Button Tin Engineering plc");
    // Nor, when nothing under the country's line reads as a block, are the postcode line's words a name.
    expect(recipientOf(block(14, 60, ["UNITED KINGDOM", "Isle of Bute PA20 9PA"]))?.name ?? "").toBe("");
  });
});

describe(`a sender's name ending in a service word, started on its heading's line (drawn, SEED=${SEED})`, () => {
  it("takes the word under the heading's line as the name's end ('Sender: The Cwm' / 'Home' / '92 Dock House')", () => {
    // Gate seed 86090039, file 45, an A4 sheet's pdf-lib text PDF: 'Home' alone (a service word) ended the block and the
    // sender was given as 'The Cwm'. A name ending in a service word reads the same started on a heading's line.
    let drawn = 0;
    for (let k = 0; k < 20000 && drawn < 60; k++) {
      const rng = new Rng(`${SEED}/heading-service-word/${k}`);
      const from = senderParty(rng, true);
      if (!/\s(?:home)$/i.test(from.name)) continue;
      drawn++;
      const upper = rng.chance(0.3);
      const cased = (t: string) => (upper ? t.toUpperCase() : t);
      const words = from.name.split(" ");
      const heading = rng.pick(["Sender:", "From:", "FROM:", "Return to:"]);
      const size = rng.int(6, 9);
      const sender = block(rng.int(8, 30), 58, [`${heading} ${cased(words.slice(0, -1).join(" "))}`, ...[words[words.length - 1], ...from.lines, from.town, from.printedPostcode].map(cased)], size);
      const to = recipientParty(rng);
      const recipient = block(260, 58, ["SHIP TO:", ...[to.name, ...to.lines, to.town, to.printedPostcode].map(cased)], size + 3);
      const r = readAddresses([...sender, ...recipient]);
      expect(r.sender?.name, JSON.stringify({ k, lines: sender.map((l) => l.text) })).toBe(cased(from.name));
    }
    expect(drawn).toBeGreaterThan(30);
  });
});

describe(`a return line under a heading read in pieces, and a heading read twice (drawn, SEED=${SEED})`, () => {
  it("takes neither the pieces' 'TO' nor the garbled reading over 'Deliver to:' as a heading's or a name's (bench/outside seed 163306060, file 113)", () => {
    // A 203 DPI thermal print: 'IF UNDELIVERED, PLEASE RETURN TO' read as 'IF' … 'PLEASE' … 'TO', its 'TO' taken to head the
    // one-line return address under it as the recipient's; 'Deliver to:' read twice, 'NELIVER TG' over it taken as the
    // recipient's name and the heading lost. The recipient was given as the sender ('Larkspur Games', W1T 5FN).
    for (let k = 0; k < 60; k++) {
      const rng = new Rng(`${SEED}/pieced-heading/${k}`);
      const [to, from] = [recipientParty(rng), senderParty(rng)];
      const street = from.lines.find((l) => /^\d/.test(l));
      if (to.second || !street) continue;
      const small = rng.int(12, 17);
      const big = rng.int(28, 34);
      const garbled = rng.pick(["NELIVER TG", "DELIVER IG", "OELIVER T0", "DFLIVER"]);
      const lines: TextLine[] = [
        { text: "IF", x: 31, y: 120, size: small },
        { text: "PLEASE", x: 220, y: 120, size: small },
        { text: "TO", x: 408, y: 120, size: small },
        { text: `${from.name}, ${street}, ${from.town}, ${from.printedPostcode}`, x: 30, y: 145, size: small + 2 },
        { text: "Deliver to:", x: 30, y: 192, size: small },
        { text: garbled, x: 34, y: 192, size: small },
        ...block(30, 230, [to.name, ...to.lines, to.town, to.printedPostcode], big),
      ];
      const r = readAddresses(lines);
      const why = JSON.stringify({ k, lines: lines.map((l) => l.text) });
      expect(r.recipient, why).toMatchObject({ name: to.name, postcode: to.postcode });
      expect(r.sender?.postcode ?? from.postcode, why).toBe(from.postcode);
      expect([from.name, ""], why).toContain(r.sender?.name ?? "");
    }
  });
});

describe(`a sender's line OCR ran on into the recipient's column beside it (drawn, SEED=${SEED})`, () => {
  it("never walks from the recipient's block into the sender's column (gate seed 1836775388, file 44: 'CEILIDH COFFEE')", () => {
    // A 96 DPI screenshot of a broker's label: 'From' and 'RECIPIENT' side by side; Tesseract read the sender's street and
    // the recipient's flat as one line ('44 FORE CRESCENT Apartment 80'), the recipient's walk went on over it into the
    // sender's column and gave the recipient the sender's name.
    let right = 0;
    for (let k = 0; k < 60; k++) {
      const rng = new Rng(`${SEED}/run-on-column/${k}`);
      const [to, from] = [recipientParty(rng), senderParty(rng)];
      const size = rng.int(28, 34);
      const gap = size * 1.25;
      const left = [from.name, ...from.lines, from.town, from.printedPostcode].map((t) => t.toUpperCase());
      // The recipient's column starts a gutter right of the sender's widest line, as on a printed label (capitals are about
      // 0.6 of their size wide): drawn at a fixed x, a long company name in 34 px capitals ran under the recipient's
      // column, text no printer lays out (SEED=2135248033, k 57: 'THE NORTHGATE OUTFITTERS' ended where 'Gareth Jones' began).
      const widest = Math.max(...left.map((t) => t.length)) * size * 0.6;
      const [lx, rx] = [45, Math.max(rng.int(480, 520), Math.ceil(45 + widest + 1.5 * size))];
      const rightCol = [to.name, ...(to.second ? [to.second] : []), ...to.lines, `${to.town} ${to.printedPostcode}`];
      const lines: TextLine[] = [{ text: "From", x: lx, y: 232, size }, { text: "RECIPIENT", x: rx, y: 232, size }];
      const rows = Math.max(left.length, rightCol.length);
      // One row of the two columns read as one line from the left margin (not the name's row nor the postcode's).
      const runOn = rng.int(1, Math.min(left.length, rightCol.length) - 2);
      for (let i = 0; i < rows; i++) {
        const y = 282 + i * gap;
        if (i === runOn) lines.push({ text: `${left[i]} ${rightCol[i]}`, x: lx, y, size });
        else {
          if (left[i]) lines.push({ text: left[i], x: lx, y, size });
          if (rightCol[i]) lines.push({ text: rightCol[i], x: rx, y, size });
        }
      }
      const r = readAddresses(lines);
      const why = JSON.stringify({ k, lines: lines.map((l) => l.text) });
      // Never the sender's name, nor anything of the sender's column, as the recipient's.
      if (r.recipient?.name) expect(r.recipient.name, why).toBe(to.name);
      if (r.recipient?.name === to.name) right++;
    }
    expect(right).toBeGreaterThan(40);
  });
});
