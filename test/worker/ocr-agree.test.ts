import { describe, expect, it } from "vitest";
import { personName, shopName } from "../../bench/label-generator/world";
import { NAME_PARTICLES, SHOP_WORDS, STROKED_L_NAMES, TITLE_WORD } from "../../worker/label-reading/vocabulary";
import { freshSeed, Rng } from "../../bench/label-generator/random";
import { agreedNames, capitalDisputed, cutShort, fDisputed, fusedApostrophe, graveAtEnd, heldSpelling, holdsName, iSplit, lostWordMisread, lReadAsI, markOverPlain, minimDisputed, misreadShopWord, misreadWord, nearlyHolds, plainL, retitled, shapesFromLatin, swappedLetter, unplacedMark } from "../../worker/label-import/ocr/agree";
import { plausibleOnly } from "../../worker/label-import/ocr-job";
import { apostropheCaron } from "../../worker/label-import/ocr/reread";
import type { LabelDetails } from "../../shared/label";

// The page's reading (the English model) against a second reading of the name's line (the Latin model).
describe("a name a second reading holds", () => {
  it.each([
    ["Zoe Muller", "Zoë Müller"], // accents are the Latin model's to give
    ["Harpreet Turner", "Ship to: H arp reet Turner"], // a word it broke, a heading before the name
    ["Kestrel Goods Ltd.", "SENDER Kestrel Goods Ltd., 21 St Anne's Court"], // the rest of the line after it
    ["Atlas Goods", "SENDERAtlasGoods, 24MeadowRoad, Reading"], // type set tight: words run together (fresh seed 3215497301)
    ["Deborah McKenzie", "Deborah McKenzie"],
    ["O'Brien", "O’Brien"],
    ["Blue Heron Studio", "Biue Heron Studio, 125 Mill Terrace"], // an l read alone and enlarged comes back an i
    ["Kestrel Tools", "FROM: Kestre! Toois"],
    ["Iain Hussain", "From: lain Hussain"], // a capital I and an l are one stroke (fresh seed 3217537065)
  ])("%j in %j", (name, reading) => {
    expect(holdsName(name, reading)).toBe(true);
  });

  it.each([
    ["Jane Sith", "Jane Smith"], // a letter the page's reading lost
    ["Jack Anmed", "Jack Ahmed"], // a letter misread
    ["Deborah McKenzi", "Ship to: Deborah McKenzie"], // cut short (fresh seed 3215497301, a 203 DPI thermal print)
    ["Foxhole Accoun", "Foxhole Ac count"], // cut short, where the second reading broke the word
    ["mith", "Jane Smith"], // a word's end is no word
    ["Kestrel Tods", "FROM: Kestrel Tools"],
    ["Copper Kettie Engineering", "Copper Kettle Engineering"], // an l the page's reading took for an i (fresh seed 2650121770)
    ["", "Jane Smith"],
  ])("not %j in %j", (name, reading) => {
    expect(holdsName(name, reading)).toBe(false);
  });
});

describe("a second reading one letter off at most", () => {
  it.each([
    ["AOIFE WILLIAMS", "AOQIFE WILLIAMS", true], // a letter added (fixed seed 3217537065, file 2976, read right)
    ["Mr R Lefevre", "M R Lefèvre", true], // a letter lost (file 468)
    ["Anais Roberts", "Anaiïs Roberts", true],
    ["Jane Smith", "Deliver to: Jane Smith, 1 High St", true],
    ["MARWOOD KIDS", "MARWOỌOOD KIDS", true], // the Latin model's Ọ beside a thickened O is no letter (seed 3930571097, file 3132)
    ["MARWOOD KIDS", "MARWOỌOOOD KIDS", false], // but two O more besides it are two letters off
    ["Mr Satruel Morris", "Mr Sartiuel Morris", false], // two letters off: the third reading's agreement is no proof (file 366)
    ["Jane Smith", "Jean Smyth", false],
    ["", "Jane Smith", false],
  ])("%j in %j: %j", (name, reading, near) => {
    expect(nearlyHolds(name, reading)).toBe(near);
  });

  it("sees a mark over one letter that the Latin reading could not name, not a rule across the line", () => {
    expect(unplacedMark("Bjōrn's Knits")).toBe(true); // fixed seed 3217537065, file 36: Björn's
    expect(unplacedMark("Freyā Hārris")).toBe(false);
    expect(unplacedMark("Björn Zielinski")).toBe(false);
    expect(unplacedMark("Jane Smith")).toBe(false);
  });
});

describe("a name cut short", () => {
  it("is the end of a name whose first word the page's reading dropped as debris, where the other reading has it", () => {
    // Fresh seed 3217537065, file 3170 (a 200 DPI scan): 'Fern Studio' was given as the sender of 'Little Fern Studio'.
    expect(cutShort("Fern Studio", "tittle Fern Studio", "Little Fern Studio")).toBe(true);
    // Debris before a name ('ds' of a logo, a small word the other reading does not have as a capitalised word).
    expect(cutShort("Jane Smith", "eres Jane Smith", "Jane Smith")).toBe(false);
    expect(cutShort("Jane Smith", "tittle Jane Smith", "Ship to: Jane Smith")).toBe(false);
    expect(cutShort("Fern Studio", "Fern Studio", "Little Fern Studio")).toBe(false);
    expect(cutShort("Gurpreet Leroy", "ds Gurpreet Leroy", "Ds Gurpreet Leroy")).toBe(false);
  });

  it("is the end of a name whose first word, right after a heading, was read in small letters (seed 3021891946, file 1737)", () => {
    expect(cutShort("Trading Co", "From: tronbridge Trading Co", "From: tronbridge Trading Co")).toBe(true);
    expect(cutShort("Fern Studio", "SENDER tittle Fern Studio", "SENDER tittle Fern Studio")).toBe(true);
    expect(cutShort("Jane Smith", "eres Jane Smith", "eres Jane Smith")).toBe(false); // debris, no heading before it
    expect(cutShort("Jane Smith", "From: Jane Smith", "From: Jane Smith")).toBe(false);
  });

  it("is the start of a name its line goes on from after a stop (seed 3021891946, file 609: 'Harbour Light' of 'Harbour Light. Gifts')", () => {
    expect(cutShort("Harbour Light", "SENDER Harbour Light. Gifts", "SENDER Harbour Light Gifts")).toBe(true);
    expect(cutShort("Mrs", "C/O Mrs. Daniel", "")).toBe(false); // a title's stop
    expect(cutShort("Harbour Light", "SENDER Harbour Light", "")).toBe(false);
    expect(cutShort("Harbour Light", "Harbour Light, 12 Mill Lane", "")).toBe(false);
    expect(cutShort("Harbour Light", "Harbour Light. 12 Mill Lane", "")).toBe(false);
  });

  it("is the start of a name the other reading goes on from in a glyph or, the page's line ended, in a capitalised word", () => {
    // Fresh seed 1113018866, file 2819 (a 200 DPI scan): "E D'Arc" for E D'Arcy, its y read ')'.
    expect(cutShort("E D'Arc", "E D'Arc", "E D'Arc)")).toBe(true);
    // Seed 2711752841, file 517 (a 240 DPI table photo): 'The Old Forge Soap' for … Soap Co.
    expect(cutShort("The Old Forge Soap", "Sent by: The Old Forge Soap", "Sent by: The Old Forge Soap C")).toBe(true);
    // The page's line goes on too: the other reading's words past the name are that line's ('Mei Garcia, 136 Heol y Nant').
    expect(cutShort("Mei Garcia", "Mei Garcia, 136 Heol y Nant Rise", "Mei Garcia. 136 Heol y Nant Rise")).toBe(false);
    expect(cutShort("Marlow Supplies (UK", "Marlow Supplies (UK", "Marlow Supplies (UK)")).toBe(false);
    expect(cutShort("E D'Arcy", "E D'Arcy", "E D'Arcy, 205 Manor Road")).toBe(false);
  });

  it("is the end of a name whose first word starts its line in small letters where the other reading has a word there too (seed 2711752841, file 276)", () => {
    expect(cutShort("Apothecary", "oxhole Apothecary", "-oxhole Apothecary")).toBe(true);
    // Fresh seed 3487369636, file 295 (a 400 DPI scan): 'Tea Co' given for Atlas Tea Co.
    expect(cutShort("Tea Co", "tine Tea Co", "nas Tea Co")).toBe(true);
    expect(cutShort("Jane Smith", "eres Jane Smith", "-ds Jane Smith")).toBe(false);
    expect(cutShort("Jane Smith", "eres Jane Smith", "Sent by: Jane Smith")).toBe(false);
    // Not starting its line: after another word, a heading's debris ('Ship to: tittle Jane Smith' aside, which a heading decides).
    expect(cutShort("Jane Smith", "Order eres Jane Smith", "Order nas Jane Smith")).toBe(false);
  });
});



describe("names given only when a second reading agrees", () => {
  const read: LabelDetails = {
    courier: "evri",
    countryCode: "GB",
    trackingCode: "H04AQA0004726589",
    address: { name: "Zoe Muller", address: ["1 High St"], postcode: "W2 8AQ", countryCode: "GB" },
    fromAddress: { name: "Jane Sith", address: [], postcode: "", countryCode: "GB" },
  };
  const named: LabelDetails = { ...read, address: { ...read.address!, name: "Zoë Müller" } };

  it("keeps a held name as the accents made it and gives none for a name no reading holds", async () => {
    const latin = new Map([
      ["Zoe Muller", "Deliver to: Zoë Müller"],
      ["Jane Sith", "From: Jane Smith"],
    ]);
    // No pixels for a third reading: the sender's disagreement stands.
    const out = await agreedNames(read, named, latin, new Map(), 300);
    expect(out.address).toEqual(named.address);
    expect(out.fromAddress).toEqual({ ...read.fromAddress, name: "" });
  });

  it("gives none where the Latin reading put a grave on a word's last e the page read plain (photo7's fresh seed 1495111038, file 1364: 'The Old Forgè Ceramics')", async () => {
    const shop: LabelDetails = { ...read, fromAddress: { name: "The Old Forge Ceramics", address: [], postcode: "", countryCode: "GB" } };
    const marked: LabelDetails = { ...shop, fromAddress: { ...shop.fromAddress!, name: "The Old Forgè Ceramics" } };
    const latin = new Map([["The Old Forge Ceramics", "SHIP FROM: The Old Forgè Ceramics, 239 Quay Grove"]]);
    expect((await agreedNames(shop, marked, latin, new Map(), 300)).fromAddress?.name).toBe("");
    // A grave inside a word stays ('Hélène', 'Lefèvre'); so does one the page's reading gave too.
    expect(graveAtEnd("The Old Forge Ceramics", "The Old Forgè Ceramics")).toBe(true);
    expect(graveAtEnd("Mr & Mrs de la Cruz", "Mr & Mrs dè la Cruz")).toBe(true);
    expect(graveAtEnd("Helene Wilson", "Hélène Wilson")).toBe(false);
    expect(graveAtEnd("Aoife Lefevre", "Aoife Lefèvre")).toBe(false);
    expect(graveAtEnd("Forgè Ceramics", "Forgè Ceramics")).toBe(false);
  });

  it("gives none for the end of a name", async () => {
    const cut: LabelDetails = { ...read, fromAddress: { name: "Fern Studio", address: [], postcode: "", countryCode: "GB" } };
    const latin = new Map([["Fern Studio", "Little Fern Studio"]]);
    const out = await agreedNames(cut, cut, latin, new Map(), 300, [], new Map([["Fern Studio", "tittle Fern Studio"]]));
    expect(out.fromAddress?.name).toBe("");
    expect((await agreedNames(cut, cut, latin, new Map(), 300, [], new Map([["Fern Studio", "Fern Studio"]]))).fromAddress?.name).toBe("Fern Studio");
  });

  it("takes the other reading's title where the page's reading gave a word of its letters that is no title", async () => {
    // Fixed seed 3217537065, file 1425, a table photo: 'My Iain O'Connor' for Mx, the Latin reading 'Mx lain O'Connor'.
    const titled: LabelDetails = { ...read, address: { ...read.address!, name: "My Iain O'Connor" } };
    const out = await agreedNames(titled, titled, new Map([["My Iain O'Connor", "Mx lain O'Connor"]]), new Map(), 300);
    expect(out.address?.name).toBe("Mx Iain O'Connor");
    expect(retitled("Mi A Scott", "Mr A Scott")).toBe("Mr A Scott");
    // A title read as printed, another reading's other title, or the rest of the name not held: nothing taken.
    expect(retitled("Ms A Scott", "Mr A Scott")).toBeNull();
    expect(retitled("My A Scott", "Mx A Smith")).toBeNull();
    expect(retitled("Jo Smith", "Dr Smith")).toBeNull();
  });

  it("gives none where the Latin reading saw a mark over one letter it could not name", async () => {
    const plain: LabelDetails = { ...read, fromAddress: { name: "Bjorn's Knits", address: [], postcode: "", countryCode: "GB" } };
    const out = await agreedNames(plain, plain, new Map([["Zoe Muller", "Zoë Müller"], ["Bjorn's Knits", "Bjōrn's Knits"]]), new Map(), 300);
    expect(out.fromAddress?.name).toBe("");
    expect(out.address?.name).toBe("Zoe Muller");
  });

  it("gives no name where its line was never read again", async () => {
    const out = await agreedNames(read, named, new Map(), new Map(), 300);
    expect(out.address?.name).toBe("");
    expect(out.address?.postcode).toBe("W2 8AQ");
  });

  it("takes no title both readings misread alike ('Mi A Scott' for Mr, fresh seed 3422321280, file 255)", () => {
    const named = (name: string) => plausibleOnly({ ...read, fromAddress: { name, address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name;
    expect(named("Mi A Scott")).toBe("");
    for (const name of ["Mr A Scott", "Ms A. Scott", "Mo Farah", "Mia Scott"]) expect(named(name)).toBe(name);
    // Dr read 'Or' (gate seed 4125225391, file 235, a 203 DPI thermal print).
    for (const name of ["Or Chloė Patterson", "OR. DANIEL MCKENZIE", "Or A Scott"]) expect(named(name)).toBe("");
    for (const name of ["Orla Scott", "O Kelly", "O'Brien & Sons", "Oran Hughes"]) expect(named(name)).toBe(name);
    // Miss with a letter lost or one more (bench/outside seed 163306060, files 81 and 34).
    for (const name of ["Mss Ciara Whitaker", "Mss", "MSS CIARA WHITAKER", "Mis Jane Hill", "Mrss J Hill"]) expect(named(name)).toBe("");
    for (const name of ["Miss Ciara Whitaker", "MISS J HILL", "Mrs J Hill", "Missy Elliott", "Misha Patel"]) expect(named(name)).toBe(name);
  });

  it("takes no initial read with a letter more ('Cc. Kaur' for C. Kaur, fresh seed 740915671, file 3214, a 203 DPI thermal print)", () => {
    const named = (name: string) => plausibleOnly({ ...read, address: { ...read.address!, name } }).address?.name;
    for (const name of ["Cc. Kaur", "Jj. Smith", "Aa. Patel", "Ci. Kaur"]) expect(named(name), name).toBe("");
    // A title with its stop, an initial, a company's 'Co.' at its end, a given name of two letters: names.
    for (const name of ["C. Kaur", "Mr. Kaur Singh", "Dr. A Kaur", "Ms. Jo Kaur", "Mx. Rory Evans", "St. John Smith", "Jo Kaur", "Ed Kaur", "Magpie Nursery Co."]) expect(named(name), name).toBe(name);
  });

  it("takes no title with one word after it: its initial or its surname lost (gates ci-57 and ci-60, thermal prints)", () => {
    const named = (name: string) => plausibleOnly({ ...read, address: { ...read.address!, name } }).address?.name;
    for (const name of ["Dr. White", "Mr. MacLeod", "Miss Ellie", "MRS O'Neill", "Prof Hughes"]) expect(named(name), name).toBe("");
    // Run together with it (fresh seed 3930571097, file 72, a 200 DPI table photo: 'DrPriya' for Dr Priya D'Arcy).
    for (const name of ["DrPriya", "MrsJones", "Mr.Singh"]) expect(named(name), name).toBe("");
    for (const name of ["MissChloéSingh", "Drew Carey", "Priya D'Arcy"]) expect(named(name), name).toBe(name);
    // A name printed letter-spaced and read in pieces (fresh seed 969544535, file 2900, a 200 DPI scan: 'M EN SAH').
    for (const name of ["M EN SAH", "J. OK AFO"]) expect(named(name), name).toBe("");
    for (const name of ["J WU", "I MENSAH", "DR MEI LI"]) expect(named(name), name).toBe(name);
    // One word of two letters or fewer: a logo's letters or a speck (fresh seed 770422545, file 1210, a flattened routing label's 'Ll').
    for (const name of ["Ll", "LL", "J", "Ab."]) expect(named(name), name).toBe("");
    for (const name of ["Bo Li", "Jo Kaur", "Ed Wu"]) expect(named(name), name).toBe(name);
    // A recipient's heading run into the name (run F, SEED=2548624490, files 3367 and 1384).
    for (const name of ["Deliverlo H NAKAMURA", "TOMISS MORAG O'BRIEN", "DeliverToAoifeÓ Súilleabháin", "ToMr J Smith"]) expect(named(name), name).toBe("");
    for (const name of ["Tom Smith", "TOMASZ NOWAK", "Toby Mrs", "Delia Verity"]) expect(named(name), name).not.toBe("");
    // A contact's or a sender's heading first, run in or spaced (gates a31e7c6 and 2585763299: 'FromF.Fraser', 'FAOH.Cooper'),
    // or a sender's heading inside the name before an initial (gate 3856939004, a 150 DPI photo).
    for (const name of ["FromF.Fraser", "FAOH.Cooper", "FAOIsla Morgan", "FAO Aoife García", "TO PROF SØREN DOHERTY", "Attn: J Smith", "Tidewater Engineering & Co FROM G MORRIS", "Wren Studio Sender: Mrs Hill"]) expect(named(name), name).toBe("");
    for (const name of ["Faolan Byrne", "FAOLAN BYRNE", "Fromm Kaur", "Tobias Hill", "Gifts From Wales", "Tomos Evans", "From Scratch Bakery", "To Lan"]) expect(named(name), name).toBe(name);
    // A house's name by its ending, or a department, one word (run F, SEED=2548624490, file 3271, a 200 DPI table photo).
    for (const name of ["Beechwood", "Glenview", "Reception"]) expect(named(name), name).toBe("");
    for (const name of ["DANIELWOOD", "InésWood", "Amelia Wood", "Isla Underwood"]) expect(named(name), name).toBe(name);
    // A house's word run into the word before it (rehearsal ci-99's gate, SEED=3180838037, file 296, a 300 DPI photo).
    for (const name of ["The OldRectory", "RoseCottage", "Mill Farm HouseLodge"]) expect(named(name), name).toBe("");
    for (const name of ["Priya's Bakehouse", "Amelia Lodge", "Tom Barnes", "The Old Rectory Tea Rooms"]) expect(named(name), name).toBe(name);
    // A flat's line, its word misread, as the name (rehearsal ci-100's gate, SEED=2686594078, file 43, a 150 DPI scan).
    for (const name of ["Fiat 10", "Unit 4B", "Suite 58"]) expect(named(name), name).toBe("");
    for (const name of ["Flat Cap Co", "Amelia Lodge"]) expect(named(name), name).toBe(name);
    const sender = (name: string) => plausibleOnly({ ...read, fromAddress: { name, address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name;
    expect(sender("Ll")).toBe("");
    expect(sender("Fiat 10")).toBe("");
    for (const name of ["Ali", "Zed", "Bo Li"]) expect(sender(name), name).toBe(name);
    // A street's line read as the name, the name's line lost (rehearsal seed 3664600431, file 355, a 203 DPI thermal print).
    for (const name of ["42 Union Hil", "40 YorkParade", "12 Mill Lane"]) expect(named(name), name).toBe("");
    for (const name of ["Unit 4 Crafts", "Flora 1920 Ltd", "3D Prints"]) expect(named(name), name).toBe(name);
    // The same, its number run into the street's first word, and a Welsh house's line (run F, SEED=1598520224).
    for (const name of ["19BRIDGE DRIVE", "7Church Lane", "214GLADSTONE AVENUE", "TY NEWYDD", "Plas Gwyn", "Tŷ Coch"]) expect(named(name), name).toBe("");
    for (const name of ["2nd Hand Books", "3D Prints", "Tyler Newydd", "Tyra Coch"]) expect(named(name), name).toBe(name);
    // A sender's heading run into an initial, a c/o line run into the name, a company's suffix misread (fresh seed 1333315663).
    for (const name of ["FROMMAGPIESILVER LTD", "SENDERBLUEBELLCOFFEE", "SENDERARoberts", "SenderIsla Khan", "CIOGARETHJONES ZOËHILL", "C/O Gareth Jones", "ZSÓFIABRONTË CIOWEICHOWDHURY", "Amy Brown c/o Wei Chen", "HUBHERMESCOU-PNXTNEXTDAY", "EVRINEXTDAY HUB", "LONDON", "Leeds", "Seren Trading Ci", "Nettle Gifts Lid", "Harbour Coffee Ltc"]) expect(named(name), name).toBe("");
    for (const name of ["FROMM KAUR", "FROMMER LTD", "SENDERS & CO", "CIOFFI ANA", "Luca Cioffi", "ANA CIOFFI", "Jane Smith CIO", "EVRIM YILDIZ", "Hermes Crafts", "Seren Trading Co", "Nettle Gifts Ltd", "Bramble Books Ltd.", "Ocean Prints UK", "Mr Li Ci"]) expect(named(name), name).toBe(name);
    // An O' or D' surname's apostrophe read spaced or as a quote (fresh seed 1333315663, file 3737, a 300 DPI scan).
    for (const [read, name] of [["Emily O ‘ Connor", "Emily O'Connor"], ["Jack D ’ Arcy", "Jack D'Arcy"], ["SEAN O ' Neill", "SEAN O'Neill"], ["Aoife O‘Brien", "Aoife O'Brien"], ["Emily O'Connor", "Emily O'Connor"], ["Leo D’Arcy", "Leo D’Arcy"]]) expect(named(read), read).toBe(name);
    // An accented small letter read in its capital's shape (stored runs: 'ZsÓfia Thomas', 'Gurpreet ÖztÜrk').
    for (const [read, name] of [["ZsÓfia Thomas", "Zsófia Thomas"], ["Gurpreet ÖztÜrk", "Gurpreet Öztürk"], ["MacLeod Óg", "MacLeod Óg"], ["ZSÓFIA KHAN", "ZSÓFIA KHAN"]]) expect(named(read), read).toBe(name);
    // A service's word split by a gap (fresh seed 1186823637, file 85, a 200 DPI scan).
    for (const name of ["STAN DARD", "Eco Nomy", "TRACK ED"]) expect(named(name), name).toBe("");
    // An article or a joining word alone (fresh seed 258096912, file 3172, a 203 DPI thermal print).
    for (const name of ["The", "THE", "and", "&"]) expect(named(name), name).toBe("");
    // Titles alone (gate seed 86090039, file 198, a 200 DPI scan).
    for (const name of ["Mr & Mrs", "MR AND MRS", "Dr.", "Mrs"]) expect(named(name), name).toBe("");
    for (const name of ["Mr & Mrs Jones", "Dr. A Mensah"]) expect(named(name), name).toBe(name);
    // A title and a short word in capitals, the rest broken onto the next line (seed 3930571097, file 1915, a 200 DPI scan).
    for (const name of ["REV ANH", "MR. LI", "DR JOSE"]) expect(named(name), name).toBe("");
    for (const name of ["REV ANH WOOD", "DR. AMENSAH", "MISS SBROWN", "MR JSMITH"]) expect(named(name), name).toBe(name);
    // A title and initials, the surname lost (gate seed 2697470300, file 423, a 203 DPI thermal print: 'Ms G' for Ms G Turner).
    for (const name of ["Ms G", "Rev H", "MR. J", "Dr A B", "Mrs J."]) expect(named(name), name).toBe("");
    for (const name of ["Ms G Turner", "MR. J. K. SMITH", "Dr A B Patel"]) expect(named(name), name).toBe(name);
    for (const name of ["The Old Forge", "Theo Hill", "Andrea Jones"]) expect(named(name), name).toBe(name);
    for (const name of ["Stan Dardis", "Express Dairies Ltd"]) expect(named(name), name).toBe(name);
    for (const name of ["Dr. I White", "Mr. J MacLeod", "Miss Ellie Brown", "Ms JKhan", "DR. AMENSAH", "Mr & Mrs Jones", "Sir Elton", "Dr. OliviaPatterson"]) expect(named(name), name).toBe(name);
  });

  it("takes no name in capitals with a word read in two cases (fixed seed 3217537065, file 1604)", () => {
    const named = (name: string) => plausibleOnly({ ...read, address: { ...read.address!, name } }).address?.name;
    expect(named("MxXO THOMPSON")).toBe("");
    for (const name of ["Mx O THOMPSON", "MX O THOMPSON", "Jane McKenzie", "DR. A MENSAH", "Mrs E Begum"]) expect(named(name)).toBe(name);
  });

  it("takes no heading for a name: the name's line was lost", () => {
    // Fresh seed 3215497301, a 203 DPI thermal print: the sender's name line lost, 'FROM' given as the sender.
    for (const heading of ["FROM", "From:", "Ship to", "SENDER"]) expect(plausibleOnly({ ...read, fromAddress: { name: heading, address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name).toBe("");
    expect(plausibleOnly(read).fromAddress?.name).toBe("Jane Sith");
  });

  it("takes no name over a postcode read as one short word: a surname or first name alone (fresh seeds 1307231402, 3515107650)", () => {
    const named = (name: string) => plausibleOnly({ ...read, address: { ...read.address!, name } }).address?.name;
    for (const part of ["LEROY", "Green", "O'Brien", "Zoë"]) expect(named(part)).toBe("");
    // A whole name whose gaps OCR lost reads as the name; a sender may be one word (a shop: 'Loomwell').
    for (const name of ["SMorris", "IAINMENSAH", "Jane Green"]) expect(named(name)).toBe(name);
    // A recipient's surname alone in title case, however long ('Gallagher' of Iain Gallagher: gate seed 90105473, file
    // 475, a flattened PDF); a sender's one word of that shape stays (a shop: 'Hatherley', with its address or not).
    let long = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/one-long-word/${k}`);
      const word = personName(rng).split(" ").pop()!;
      if (!/^\p{Lu}\p{Ll}{8,}$/u.test(word)) continue;
      long++;
      expect(named(word), word).toBe("");
      expect(named(word.toUpperCase()), word).toBe(word.toUpperCase());
      expect(plausibleOnly({ ...read, fromAddress: { name: word, address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name).toBe(word);
    }
    expect(long).toBeGreaterThan(5);
    expect(plausibleOnly({ ...read, fromAddress: { name: "Hatherley", address: ["4 Mill Lane", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" } }).fromAddress?.name).toBe("Hatherley");
    expect(plausibleOnly({ ...read, fromAddress: { name: "Loomwell", address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name).toBe("Loomwell");
    // A sender's first name alone over its address (fresh seed 3515107650, file 841: 'Wei' of 'Wei Müller').
    expect(plausibleOnly({ ...read, fromAddress: { name: "Wei", address: ["217 Wordsworth Place", "Perth"], postcode: "PH1 4UX", countryCode: "GB" } }).fromAddress?.name).toBe("");
    // A sender's first name alone with an accent, no postcode read (seed 258096912, file 784; fresh seed 574020362, file 701).
    const sender = (name: string) => plausibleOnly({ ...read, fromAddress: { name, address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name;
    for (const part of ["CIARÀ", "JOAQUÍN", "Björn", "Zoë"]) expect(sender(part)).toBe("");
    for (const name of ["Loomwell", "SørenAhmed", "CHLOÉWONG", "Joaquín King"]) expect(sender(name)).toBe(name);
    // Drawn: a word of a person's name alone, with an accent, is none; without one it stays (a shop's one word).
    let accented = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/accented-first/${k}`);
      const whole = personName(rng);
      // A capitalised word of the name ('and' of 'Mr and Mrs …' alone is none for a rule of its own).
      const words = whole.split(" ").filter((w) => /^\p{Lu}\p{L}{2,7}$/u.test(w) && !TITLE_WORD.test(w) && !NAME_PARTICLES.includes(w.toLowerCase()));
      if (!words.length) continue;
      const word = rng.pick(words);
      const drawn = rng.chance(0.5) ? word.toUpperCase() : word;
      const marked = /[\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/u.test(word);
      if (marked) accented++;
      expect(sender(drawn), JSON.stringify({ k, whole, drawn })).toBe(marked ? "" : drawn);
    }
    expect(accented).toBeGreaterThan(10);
  });

  it("reads a zero standing for an initial O as the O (fresh seed 1307231402, file 1717)", () => {
    expect(plausibleOnly({ ...read, fromAddress: { name: "0. van der Berg", address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name).toBe("O. van der Berg");
  });

  it("takes no name with a sign no name is written with: OCR's noise for a letter", () => {
    // Fresh seed 3217537065: both readings of each line agreed on the noise.
    const named = (name: string) => plausibleOnly({ ...read, address: { ...read.address!, name } }).address?.name;
    for (const noise of ["Grace Adeye=i", "Blue Heron S:pplies & Sons", "Yusuf van de! Berg", "Mr. 1Begum", "Dr C Ö6ztürk", "Jane Sm1th", "We l Walker", "Jane i Smith"]) expect(named(noise)).toBe("");
    for (const name of ["Mr. I Begum", "O'Brien-Hughes", "Smith & Sons (UK) Ltd.", "3D Prints", "2nd Hand Books", "Dr. A. N. Other", "Jones, Ellis + Co", "A/B Supplies", "Zoë Müller", "Heol y Nant", "Maria de la Cruz"]) expect(named(name)).toBe(name);
  });
});

// Drawn from the label generator's names, a fresh seed each run (replay with SEED=…): never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`ocr agree (drawn cases): SEED=${SEED}`);

describe(`an l the page's reading took for an i (drawn, SEED=${SEED})`, () => {
  it("is told from any other letter off: the English model's third reading gives the same i back (gate seed 903215200, file 419)", () => {
    expect(lReadAsI("Gwenilian Bajwa", "Sender: Gwenllian Bajwa")).toBe(true);
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/l-as-i/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const ls = [...name].flatMap((c, i) => (c === "l" ? [i] : []));
      if (!ls.length) continue;
      drawn++;
      const at = rng.pick(ls);
      const misread = name.slice(0, at) + "i" + name.slice(at + 1);
      const reading = `${rng.pick(["", "Sender: ", "FROM "])}${name}${rng.pick(["", ", 12 High Street"])}`;
      expect(lReadAsI(misread, reading), JSON.stringify({ k, misread, reading })).toBe(true);
      // Held, or off by another letter: not this misreading.
      expect(lReadAsI(name, reading)).toBe(false);
      const other = name.slice(0, at) + "x" + name.slice(at + 1);
      expect(lReadAsI(other, reading)).toBe(false);
    }
    expect(drawn).toBeGreaterThan(50);
  });
});

describe(`a letter with a dot under it in the Latin reading (drawn, SEED=${SEED})`, () => {
  it("is not counted against the name by nearlyHolds, and counts for nothing more: one other letter off at most (seed 3930571097, file 3132)", () => {
    const DOTTED = [..."ỌọẠạẸẹỊịỤụ"];
    // The name with `add` put in before each of its characters at `at` (its end at name.length).
    const put = (name: string, adds: [number, string][]) => [...adds].sort((x, y) => y[0] - x[0]).reduce((t, [at, c]) => t.slice(0, at) + c + t.slice(at), name);
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/dot-below/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const dot: [number, string] = [rng.int(0, name.length), rng.pick(DOTTED)];
      const lead = rng.pick(["", "Sender: ", "FROM "]);
      const dotted = put(name, [dot]);
      expect(nearlyHolds(name, lead + dotted), JSON.stringify({ k, dotted })).toBe(true);
      // One letter read as another besides the dotted one: still one off. Two: not (letters inside the name, neither its first
      // nor its last: a stretch of the reading that leaves one out would leave out a letter of the name too).
      const letters = [...name].flatMap((c, p) => (/\p{L}/u.test(c) ? [p] : [])).slice(1, -1);
      if (letters.length < 2) continue;
      const [i, j] = rng.shuffle([...letters]).slice(0, 2);
      const swap = (t: string, p: number) => t.slice(0, p) + (t[p].toLowerCase() === "q" ? "x" : "q") + t.slice(p + 1);
      const once = put(swap(name, i), [dot]);
      expect(nearlyHolds(name, lead + once), JSON.stringify({ k, once })).toBe(true);
      const twice = put(swap(swap(name, i), j), [dot]);
      expect(nearlyHolds(name, lead + twice), JSON.stringify({ k, twice })).toBe(false);
    }
  });
});

describe(`a name's accents from the Latin reading (drawn, SEED=${SEED})`, () => {
  it("are given only as accents on the page's letters, or as letters that reading holds (fresh seed 1395017164, file 296)", () => {
    // 'Zoe Williams' stood by the third reading; its accents came from the Latin 'Zoėë Williams', which does not hold it.
    expect(heldSpelling("Zoe Williams", "Ėë Williams", "Zoėë Williams")).toBe(false);
    expect(heldSpelling("Jack Quifiones", "Jack Quiñones", "Jack Quiñones")).toBe(true); // letters the English model has no ñ for
    const plain = (t: string) => t.normalize("NFD").replace(/\p{M}/gu, "");
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/accents/${k}`);
      const name = personName(rng);
      const page = plain(name);
      const reading = `${rng.pick(["", "Ship to: ", "SENDER "])}${name}`;
      expect(heldSpelling(page, name, reading), JSON.stringify({ k, name })).toBe(true);
      expect(heldSpelling(page, page, reading)).toBe(true);
      // Two letters read as one accented letter, from a reading with a letter more there: not the page's letters.
      if (/^[eEéÉ]/.test(page) || page.split(" ")[0].length < 3) continue;
      const garbled = `Ė${name.slice(2)}`;
      const off = `${name.slice(0, 2)}ė${name.slice(2)}`;
      expect(heldSpelling(page, garbled, off), JSON.stringify({ k, name })).toBe(false);
    }
  });
});

describe(`an accented letter the Latin reading gives for a letter of another base (drawn, SEED=${SEED})`, () => {
  it.each([
    ["Callum’s Outfitters", "Callum’s Outñitters"], // an ñ for an f (fresh seed 511420338, file 1429, a 96 DPI screenshot)
    ["Old Forge Records", "Olå Forge Records"], // an å for a d (seed 3021891946, file 459, a 203 DPI thermal print)
    ["Design Studio", "Desiñn Studio"],
    ["Ridrn White", "Riörn White"], // a d for an ö: a diaeresis has no stem (Björn; the stored agreement readings)
    ["Gold Tea", "Goód Tea"], // an ó for an l
  ])("%j as %j: two letters read there, neither known", (page, named) => {
    expect(swappedLetter(page, named)).toBe(true);
  });

  it.each([
    ["Mrs. A Miller", "Mrs. A Müller"], // the English model reads a diaeresis's dots as an i's (fresh seed 511420338, file 180)
    ["SerenBegum", "SørenBegum"], // ø read as e (file 468)
    ["Sgren", "Søren"],
    ["Zoé Bronté", "Zoë Brontë"], // é, the English model's only accent, for another on the same letter
    ["Jack Quifiones", "Jack Quiñones"], // two letters for one
    ["Thomas Miiller", "Thomas Müller"],
    ["S@REN", "SØREN"],
    ["Zs6fia", "Zsófia"],
    ["Ö6ztürk", "Öztürk"],
    // An acute joined to an o's or a u's bowl read as a d or a t, a cedilla as a g's tail (seed 258096912, file 1556).
    ["Aisha O Stilleabhain", "Aisha Ó Súilleabháin"],
    ["Niamh O Sdilleabhain", "Niamh Ó Súilleabháin"],
    ["Zsdfia's Goods", "Zsófia's Goods"],
    ["Frangois's Candles", "François's Candles"],
  ])("%j as %j: the letter the English model gives for it", (page, named) => {
    expect(swappedLetter(page, named)).toBe(false);
  });

  it("leaves every drawn name the page read without its accents alone, and finds a letter of another base put in", () => {
    const plain = (t: string) => t.normalize("NFD").replace(/\p{M}/gu, "").replace(/ø/g, "o").replace(/Ø/g, "O");
    let swapped = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/swapped/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      expect(swappedLetter(plain(name), name), JSON.stringify({ k, name })).toBe(false);
      expect(swappedLetter(name, name)).toBe(false);
      // One plain letter (not an i, e or g) of the name read by the Latin model as an ñ or an å.
      const chars = [...name];
      const at = chars.findIndex((c, i) => i > 0 && /[bcdfhkmpqrstvwxz]/.test(c));
      if (at < 0) continue;
      const other = [...chars.slice(0, at), rng.pick(["ñ", "å"]), ...chars.slice(at + 1)].join("");
      expect(swappedLetter(name, other), JSON.stringify({ k, name, other })).toBe(true);
      swapped++;
    }
    expect(swapped).toBeGreaterThan(100);
  });
});

describe(`a Polish name's ł the English model read as a t (drawn, SEED=${SEED})`, () => {
  // bench/outside seed 3259816050, files 262, 298, 369: 'Matgorzata' on the page, 'Małgorzata' in the Latin reading, given as none.
  it("takes the Latin reading's ł in the name; a t it read as ł in any other word stays two letters read", () => {
    const cased = (w: string, caps: boolean) => (caps ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1));
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/stroked-l/${k}`);
      const caps = rng.chance(0.3);
      const surname = personName(rng).split(" ").pop()!;
      const title = rng.chance(0.3) ? rng.pick(["Mrs", "Ms", "Mr", "Dr", "Miss"]) : "";
      const printed = [title, cased(rng.pick(STROKED_L_NAMES), caps), surname].filter(Boolean).join(" ");
      const name = caps ? printed.toUpperCase() : printed;
      const page = name.replace(/ł/g, "t").replace(/Ł/g, "T");
      expect(swappedLetter(page, name), JSON.stringify({ k, page, name })).toBe(false);
      // A surname's t the Latin model read as ł ('Scołt'): two letters read there.
      const other = name.replace(/(?<=\s\p{L}*)([tT])(?=\p{L}*$)/u, (t) => (t === "t" ? "ł" : "Ł"));
      if (other !== name) expect(swappedLetter(name, other), JSON.stringify({ k, name, other })).toBe(true);
    }
  });
});

describe(`an acute or a cedilla the English model read as another letter (drawn, SEED=${SEED})`, () => {
  it("takes the Latin reading's ó, ú or ç for the page's d, t or g, every other letter as the page read it", () => {
    // The English model's readings of an ó, ú and ç (seed 258096912, file 1556: 'Aisha O Stilleabhain'); its other
    // accents read as the plain letter.
    const english = (t: string, rng: Rng) =>
      [...t]
        .map((c) => (c === "ó" || c === "ú" ? rng.pick(c === "ú" ? ["t", "d"] : ["d"]) : c === "ç" ? "g" : c.normalize("NFD").replace(/\p{M}/gu, "").replace(/ø/g, "o").replace(/Ø/g, "O")))
        .join("");
    let drawn = 0;
    for (let k = 0; k < 1500; k++) {
      const rng = new Rng(`${SEED}/acute-read/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      if (!/[óúç]/u.test(name)) continue;
      drawn++;
      const page = english(name, rng);
      expect(swappedLetter(page, name), JSON.stringify({ k, page, name })).toBe(false);
      // Not an ö or an ñ for the same letters.
      expect(swappedLetter(page, name.replace(/[óú]/gu, "ö").replace(/ç/gu, "ñ")), JSON.stringify({ k, page, name })).toBe(true);
    }
    expect(drawn).toBeGreaterThan(10);
  });
});

describe(`a minim letter the two models read as two letters (drawn, SEED=${SEED})`, () => {
  it("leaves the letter unknown: no third reading gives the name (fresh seed 3453542213, file 575)", () => {
    expect(minimDisputed("Fatiua Kowalski", "Fatina Kowalski")).toBe(true);
    // A letter the Latin reading added, or read as a letter of another shape: the third reading may still give the name.
    expect(minimDisputed("Harry Wood", "SHIP TO: Harry Wwood")).toBe(false);
    expect(minimDisputed("Blue Heron Candles", "Blue Heron Candtes")).toBe(false);
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/minims/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const at = [...name].flatMap((c, i) => (["m", "n", "u", "r"].includes(c) ? [i] : []));
      if (!at.length) continue;
      drawn++;
      const i = rng.pick(at);
      const [page, latin] = rng.shuffle(["m", "n", "u", "r"].filter((m) => m !== name[i])).slice(0, 2);
      const read = name.slice(0, i) + page + name.slice(i + 1);
      const reading = `${rng.pick(["", "FROM ", "Deliver to: "])}${name.slice(0, i)}${latin}${name.slice(i + 1)}`;
      expect(minimDisputed(read, reading), JSON.stringify({ k, read, reading })).toBe(true);
      expect(minimDisputed(read, `${name.slice(0, i)}${page}${name.slice(i + 1)}`)).toBe(false);
      expect(minimDisputed(read, `${name.slice(0, i)}x${name.slice(i + 1)}`)).toBe(false);
    }
    expect(drawn).toBeGreaterThan(100);
  });
});

describe(`an initial the Latin reading ran into a heading (drawn, SEED=${SEED})`, () => {
  it("holds the whole name as the page's reading mended it ('FROMY Wilson': fresh seed 2770900263, file 191), and nothing more", async () => {
    const rng = new Rng(`${SEED}/initial-heading`);
    for (let k = 0; k < 20; k++) {
      const initial = rng.pick([..."ABCDEFGHKMNOPRSTVWYZ"]);
      const surname = personName(rng).split(" ").at(-1)!;
      const heading = rng.pick(["FROM", "From", "SENDER", "SHIP FROM"]);
      const name = `${initial} ${surname}`;
      const base: LabelDetails = { courier: "evri", countryCode: "GB", trackingCode: "H04AQA0004726589", fromAddress: { name, address: [], postcode: "", countryCode: "GB" } };
      const out = await agreedNames(base, base, new Map([[name, `${heading}${initial} ${surname}`]]), new Map(), 300);
      expect(out.fromAddress?.name, `${heading}${initial} ${surname}`).toBe(name);
      // Another initial run into the heading there: not this name.
      const other = rng.pick([..."ABCDEFGHKMNOPRSTVWYZ"].filter((c) => c !== initial));
      expect((await agreedNames(base, base, new Map([[name, `${heading}${other} ${surname}`]]), new Map(), 300)).fromAddress?.name).toBe("");
    }
  });
});

describe(`a word's capital the two models read as two capitals (drawn, SEED=${SEED})`, () => {
  it("is disputed: the third reading's name is none ('Tain Watson' / 'Iain Watson': fresh seed 3127436506, file 1133)", () => {
    expect(capitalDisputed("Tain Watson", "Iain Watson")).toBe(true);
    // The same letter to holdsName (an I as a small l, an O as a zero), a small letter misread, or the name held: no dispute.
    for (const [name, reading] of [["Iain Watson", "lain Watson"], ["Dr. O Johnson", "Dr. 0 Johnson"], ["Chidi Wright", "Cnidi Wright"], ["Mrs Charlotte Kelly", "Mrs Charlotte Kelty"], ["Tain Watson", "Tain Watson"]])
      expect(capitalDisputed(name, reading), name).toBe(false);
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/capitals/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const at = [...name].flatMap((c, i) => (/[A-Z]/.test(c) && !/\p{L}/u.test(name[i - 1] ?? " ") ? [i] : []));
      if (!at.length || [...name].length !== name.length) continue;
      drawn++;
      const i = rng.pick(at);
      // Another capital, not one holdsName takes for the same letter (I and L, O and Q are other letters to it).
      const other = rng.pick([..."ABCDEFGHJKMNPRSTUVWXYZ"].filter((c) => c !== name[i] && !(c === "L" && name[i] === "I")));
      const read = name.slice(0, i) + other + name.slice(i + 1);
      const reading = `${rng.pick(["", "FROM ", "Deliver to: "])}${name}`;
      expect(capitalDisputed(read, reading), JSON.stringify({ k, read, reading })).toBe(true);
      expect(capitalDisputed(name, reading)).toBe(false);
    }
    expect(drawn).toBeGreaterThan(200);
  });
});

describe(`letters the English model misreads alike twice, against the Latin reading (drawn, SEED=${SEED})`, () => {
  it("an l read as a capital I after a gap is no l ('Mar Iow Trading Co' / 'Marlow Trading Co': seed 1914321767, file 434)", () => {
    expect(holdsName("Mar Iow Trading Co", "Marlow Trading Co")).toBe(false);
    expect(iSplit("Mar Iow Trading Co", "Marlow Trading Co")).toBe(true);
    // A word's I the Latin reading gives as a word's small l is the same letter ('lain' for Iain).
    expect(holdsName("Mr Iain Hall", "FROM: Mr lain Hall")).toBe(true);
    expect(iSplit("Mr Iain Hall", "FROM: Mr lain Hall")).toBe(false);
  });

  it("an f read as i or t is disputed ('CwmCraits' / 'CwmCrafts': seed 1914321767, file 1079)", () => {
    expect(fDisputed("CwmCraits", "CwmCrafts,Suite33 AlbionCourt")).toBe(true);
    // And a t the other reading has for the page's f (seed 2711752841, file 674: given as 'Rhiannon Lefèvie').
    expect(fDisputed("Rhiannon Lefevie", "Rhiannon Letèvie, Ty Newydd, Abbey Gardens, Kettering NN15 6JW")).toBe(true);
    expect(fDisputed("Rhiannon Lefevie", "Rhiannon Lefèvie, Ty Newydd")).toBe(false);
    expect(fDisputed("Button Tin Cottee", "Button Tin Coffee")).toBe(false); // two letters: not one letter off
    expect(fDisputed("Cwm Crafts", "Cwm Crafts")).toBe(false);
  });

  it("holds for drawn names: an l inside a word read as a capital after a gap, an f read as i or t", () => {
    let [split, f] = [0, 0];
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/alike/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const ls = [...name].flatMap((c, i) => (c === "l" && /\p{Ll}/u.test(name[i - 1] ?? "") ? [i] : []));
      if (ls.length) {
        split++;
        const i = rng.pick(ls);
        const read = `${name.slice(0, i)} I${name.slice(i + 1)}`;
        expect(iSplit(read, name), JSON.stringify({ k, read, name })).toBe(true);
        expect(holdsName(read, name)).toBe(false);
      }
      const fs = [...name].flatMap((c, i) => (c === "f" ? [i] : []));
      if (fs.length) {
        f++;
        const i = rng.pick(fs);
        const read = `${name.slice(0, i)}${rng.pick(["i", "t"])}${name.slice(i + 1)}`;
        expect(fDisputed(read, name), JSON.stringify({ k, read, name })).toBe(true);
        expect(fDisputed(name, name)).toBe(false);
        // The page's f, the other reading's t: disputed too.
        expect(fDisputed(name, `${name.slice(0, i)}t${name.slice(i + 1)}`), JSON.stringify({ k, name })).toBe(true);
      }
    }
    expect(split).toBeGreaterThan(50);
    expect(f).toBeGreaterThan(5);
  });
});

describe("a company's suffix after the name on its line", () => {
  it("is the name's, lost: cut short ('Nettle Dental Practice' on 'Deliver to: Nettle Dental Practice LLP FROM:': seed 1914321767, file 3750)", () => {
    expect(cutShort("Nettle Dental Practice", "Deliver to: Nettle Dental Practice LLP FROM:", "Deliver to: Nettle Dental Practice LLP FROM:")).toBe(true);
    expect(cutShort("Magpie Supplies", "Magpie Supplies Ltd", "Magpie Supplies Ltd")).toBe(true);
    expect(cutShort("Magpie Supplies Ltd", "Magpie Supplies Ltd", "Magpie Supplies Ltd")).toBe(false);
    expect(cutShort("Jane Limes", "Jane Limes", "Jane Limes")).toBe(false);
  });
});

describe(`names cut short, drawn (SEED=${SEED})`, () => {
  it("a drawn name whose last letter the page lost is cut where the other reading has a glyph for it; the whole name read alike is not", () => {
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/cut/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const drawn = JSON.stringify({ k, name });
      expect(cutShort(name, name, name), drawn).toBe(false);
      expect(cutShort(name, `From: ${name}`, `From: ${name}, ${rng.int(1, 200)} Mill Lane`), drawn).toBe(false);
      if (!/\p{L}\p{L}$/u.test(name)) continue;
      const lost = name.slice(0, -1);
      expect(cutShort(lost, lost, `${lost}${rng.pick([")", "]", "|", "!", "/"])}`), drawn).toBe(true);
      const words = name.split(" ");
      if (words.length > 2 && /^\p{Lu}/u.test(words[words.length - 1])) {
        const short = words.slice(0, -1).join(" ");
        expect(cutShort(short, short, `${short} ${words[words.length - 1].slice(0, rng.int(1, 3))}`), drawn).toBe(true);
      }
    }
  });
});

describe(`a word misread alike by both readings into a non-word (drawn, SEED=${SEED})`, () => {
  it("is told by the English model's word list ('Holiow Oak Yarns': seed 2711752841, file 207; 'The Wildtlower Knits': gate ci-56)", async () => {
    expect(await misreadWord("Holiow Oak Yarns")).toBe(true);
    // An h for li, the dot lost into the l (rehearsal seed 1175936852, file 580, a 150 DPI photo).
    expect(await misreadWord("Marlow Supphes")).toBe(true);
    expect(await misreadWord("Marlow Supplies")).toBe(false);
    // Not a t for an r: a name's own word may be listed so read back ('Harriet' -> 'harrier').
    expect(await misreadWord("Mrs Harriet Lowe")).toBe(false);
    expect(await misreadWord("The Wildtlower Knits")).toBe(true);
    // An E for an F and a u for an m, read so by both models (seed 3930571097, file 308, a 600 DPI scan; a 192 DPI screenshot).
    expect(await misreadWord("OAK & ANCHOR OUTEITTERS")).toBe(true);
    expect(await misreadWord("Mohaumed Patterson")).toBe(true);
    expect(await misreadWord("Pable & Fern Tools")).toBe(true);
    // An l read as i in an accented word, looked up without its accent ('Miss Chioé Harris': seed 3930571097, file 1726).
    expect(await misreadWord("Miss Chioé Harris")).toBe(true);
    expect(await misreadWord("Miss Chloé Harris")).toBe(false);
    // An m read as two minims, ii; an i read as l (run E, SEED=76423947, file 3376; gate seed 1875347505, file 561: 203 DPI
    // thermal prints, given so).
    expect(await misreadWord("Braiible Silver Ltd.")).toBe(true);
    expect(await misreadWord("Magple Jewellery")).toBe(true);
    for (const name of ["Bramble Silver Ltd.", "Magpie Jewellery", "Mr & Mrs Lowe", "Miss Lily Hall"]) expect(await misreadWord(name), name).toBe(false);
    // Words run together with a letter misread (run F, SEED=2548624490, file 2744, a 150 DPI photo); run together alone, as read.
    expect(await misreadWord("BiueHeronGoods")).toBe(true);
    for (const name of ["BlueHeronGoods", "Deborah McKenzie", "Mr Ewan MacLeod", "HazelHive"]) expect(await misreadWord(name), name).toBe(false);
    for (const name of ["Hollow Oak Yarns", "The Wildflower Knits", "Iain Nakamura", "Little Fern Studio", "Bramble & Pine", "Gwenllian Bajwa", "Zsófia Kowalski", "Oak & Anchor Outfitters", "Mohammed Patterson", "Fable & Fern Home"]) expect(await misreadWord(name), name).toBe(false);
  });

  it("holds for a drawn name with one of its letters read as the one misread alike, against a word list of the drawn names' words", async () => {
    const pairs: [string, string][] = [["ll", "li"], ["m", "rn"], ["d", "cl"], ["f", "t"], ["l", "i"], ["f", "e"], ["f", "p"], ["m", "u"], ["li", "h"], ["m", "ii"], ["i", "l"]];
    // About one draw in five holds a word with the pair's printed letters: 400 draws give some 80, the bar of 30 far under
    // (200 draws gave 28 on SEED=1374712839 once the pairs with an f and an m were added).
    let drawn = 0;
    for (let k = 0; k < 400; k++) {
      const rng = new Rng(`${SEED}/misread-word/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      // The word list as Tesseract's: words without accents (misreadWord looks a word up without its own).
      const list = new Set(name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ø/g, "o").replace(/ł/g, "l").match(/\p{L}+/gu) ?? []);
      const listed = async (w: string) => list.has(w);
      expect(await misreadWord(name, listed), name).toBe(false);
      const [printed, read] = rng.pick(pairs);
      const word = (name.match(/\p{L}{4,}/gu) ?? []).find((w) => w.includes(printed));
      if (!word) continue;
      drawn++;
      const misread = name.replace(word, word.replace(printed, read));
      expect(await misreadWord(misread, listed), JSON.stringify({ k, name, misread })).toBe(true);
      // Its capitalised words run together, their gaps lost ('BiueHeronGoods'): the same, each word looked up apart.
      const glue = (n: string) => n.replace(/(?<=\p{Ll}[.'’]?)\s+(?=\p{Lu}\p{Ll})/gu, "");
      expect(await misreadWord(glue(name), listed), glue(name)).toBe(false);
      expect(await misreadWord(glue(misread), listed), JSON.stringify({ k, name, glued: glue(misread) })).toBe(true);
    }
    expect(drawn).toBeGreaterThan(30);
  });
});

describe(`a shop's last word misread by one look-alike letter (drawn, SEED=${SEED})`, () => {
  it("is none where the word is one a, o, e or c, or one i, l, t, f or r off a word shops' names end with", () => {
    // 'Button Tin Candies' (seed 1113018866, file 2743, a 203 DPI thermal print), 'Hazel & Hive Hame', 'Copper Kettle
    // Studia' (gates), "Gurpreet's Candies": both models read them so.
    for (const name of ["Button Tin Candies", "Hazel & Hive Hame", "Copper Kettle Studia", "Gurpreet's Candies", "Harry's Toals", "Larkspur Bockshop"]) expect(misreadShopWord(name), name).toBe(true);
    // Printed so, a person's name, a title's, or a word of another letter's shape.
    for (const name of ["Button Tin Candles", "Hazel & Hive Home", "Mr & Mrs Hame", "Hame", "Mary Jane Croft", "Sarah Dell", "Ana Maria Gomes", "Pete's Pots", "Hazel & Hive Hone", "Tea Co"]) expect(misreadShopWord(name), name).toBe(false);
    // Two letters read as one, an rn as m, into a listed word ("Harry's Yams": run E, SEED=76423947, file 1916; 'Harbour
    // Light Yams': gate seed 1875347505, file 432; 203 DPI thermal prints).
    for (const name of ["Harry's Yams", "Harbour Light Yams", "Kestrel Cydes"]) expect(misreadShopWord(name), name).toBe(true);
    for (const name of ["Harry's Yarns", "Harbour Light Yarns", "Mr Yams", "Yams"]) expect(misreadShopWord(name), name).toBe(false);
  });

  it("holds for drawn shops whose last word is read with one look-alike letter, and for no drawn name as printed", () => {
    const alike = ["iltfr", "aoec"];
    let drawn = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/shop-word/${k}`);
      const name = rng.chance(0.3) ? personName(rng) : shopName(rng);
      expect(misreadShopWord(name), name).toBe(false);
      const last = name.split(" ").at(-1)!;
      if (!SHOP_WORDS.includes(last.toLowerCase())) continue;
      const at = [...last].map((c, i) => (alike.some((g) => g.includes(c.toLowerCase())) ? i : -1)).filter((i) => i >= 0);
      if (!at.length) continue;
      const i = rng.pick(at);
      const group = alike.find((g) => g.includes(last[i].toLowerCase()))!;
      const other = rng.pick([...group].filter((c) => c !== last[i].toLowerCase()));
      const misread = name.slice(0, name.length - last.length) + last.slice(0, i) + (last[i] === last[i].toUpperCase() ? other.toUpperCase() : other) + last.slice(i + 1);
      // ('Pets' read 'Pots' is another shop's word: no misreading a word can tell.)
      if (SHOP_WORDS.includes(misread.split(" ").at(-1)!.toLowerCase())) continue;
      drawn++;
      expect(misreadShopWord(misread), JSON.stringify({ k, name, misread })).toBe(true);
    }
    // About one shop in two ends with a listed word holding such a letter: 300 draws give some 100.
    expect(drawn).toBeGreaterThan(30);
  });

  it("holds for drawn shops whose last word has two letters read as one (rn as m, cl as d, li as h)", () => {
    const shops = SHOP_WORDS.filter((w) => /rn|cl|li/.test(w));
    for (let k = 0; k < 100; k++) {
      const rng = new Rng(`${SEED}/one-for-two/${k}`);
      const word = rng.pick(shops);
      const shop = rng.pick(["Harbour Light", "Kestrel", "Bramble & Pine", "Saltmarsh"]);
      const capital = (w: string) => `${w[0].toUpperCase()}${w.slice(1)}`;
      const [two, one] = rng.pick([["rn", "m"], ["cl", "d"], ["li", "h"]].filter(([t]) => word.includes(t)));
      const printed = `${shop} ${capital(word)}`;
      const misread = `${shop} ${capital(word.replace(two, one))}`;
      expect(misreadShopWord(printed), printed).toBe(false);
      expect(misreadShopWord(misread), JSON.stringify({ k, printed, misread })).toBe(true);
    }
  });
});

describe("an ł or a consonant's caron the Latin reading gave in a word the English word list has plain", () => {
  it("is the page's plain letter ('Sophie Cłarke' for Clarke: fresh seed 1113018866, file 3995); a Polish or Czech name keeps it", async () => {
    expect(await plainL("Sophie Cłarke")).toBe("Sophie Clarke");
    expect(await plainL("Hołlow Oak Studio")).toBe("Hollow Oak Studio");
    expect(await plainL("SOPHIE CŁARKE")).toBe("SOPHIE CLARKE");
    for (const name of ["Małgorzata Ellis", "Mrs Małgorzata Sutherland", "Paweł Nowak", "Łukasz Wójcik"]) expect(await plainL(name), name).toBe(name);
    // A caron over a c: a speck the Latin model took for one ('Atlas Acčountants': gate seed 1331295779, a 144 DPI screenshot).
    expect(await plainL("Atlas Acčountants Ltd")).toBe("Atlas Accountants Ltd");
    expect(await plainL("ATLAS ACČOUNTANTS")).toBe("ATLAS ACCOUNTANTS");
    expect(await plainL("Copper Kettle Šupplies")).toBe("Copper Kettle Supplies");
    // A name so spelt keeps its marks; a vowel's mark is not this rule's (the Latin model names a printed é so).
    for (const name of ["Dvořák & Sons", "Zdeněk Dvořák", "Agnieszka Wiśniewska", "Ayşe Yılmaz", "Chloė Morgan", "Renée Thomas"]) expect(await plainL(name), name).toBe(name);
  });
});

describe(`a letter the page's reading took for another of its shape (drawn, SEED=${SEED})`, () => {
  it("takes the Latin reading's capital for a small letter of the same shape, and its I for a bar; nothing else of it", () => {
    // Fresh seed 258096912, files 2245 and 3472 (a 600 DPI photo, a flattened PDF): both names then refused.
    expect(shapesFromLatin("Joaquín white", "Joaquín White")).toBe("Joaquín White");
    expect(shapesFromLatin("KOF| MENSAH", "KOFI MENSAH")).toBe("KOFI MENSAH");
    expect(shapesFromLatin("Joaquín white", "Joaquín Whlte")).toBe("Joaquín white");
    // Not a letter whose capital is of another shape, nor in a name in capitals or small letters alone.
    expect(shapesFromLatin("Isla green", "Isla Green")).toBe("Isla green");
    expect(shapesFromLatin("JOAQUIN white", "JOAQUIN White")).toBe("JOAQUIN white");
    expect(shapesFromLatin("Jane Smith", "Jane Smith")).toBe("Jane Smith");
    expect(shapesFromLatin("J|M SMITH", "JLM SMITH")).toBe("J|M SMITH");
    // An I read small before an accented letter (seed 3930571097, file 2212, a flattened PDF); not an l for it.
    expect(shapesFromLatin("inés's Coffee", "Ship from: Inés's Coffee, 199 Dock House")).toBe("Inés's Coffee");
    expect(shapesFromLatin("Mr inés White", "Mr Inés White")).toBe("Mr Inés White");
    expect(shapesFromLatin("lnés White", "Inés White")).toBe("lnés White");
  });

  it("puts drawn names right where the Latin reading is the name, and leaves them where it is not", () => {
    let drawn = 0;
    for (let k = 0; k < 600; k++) {
      const rng = new Rng(`${SEED}/shapes/${k}`);
      const name = personName(rng);
      const words = name.split(" ");
      const at = words.findIndex((w, i) => i > 0 && /^[COSUVWXZI]\p{Ll}/u.test(w));
      // (In a name whose other words show its case: 'F okafor' may be a name in small letters.)
      if (at < 0 || !words.some((w, i) => i !== at && /^\p{Lu}\p{L}*\p{Ll}/u.test(w))) continue;
      drawn++;
      const page = words.map((w, i) => (i === at ? w[0].toLowerCase() + w.slice(1) : w)).join(" ");
      expect(shapesFromLatin(page, name), JSON.stringify({ k, page })).toBe(name);
      // A Latin reading that differs in another letter of the word: nothing taken (but where the name prints the word twice,
      // 'Siobhán Siobhán Lefèvre': the reading holds it still).
      const other = words.map((w, i) => (i === at ? `${w.slice(0, -1)}${w.endsWith("q") ? "z" : "q"}` : w)).join(" ");
      if (words.filter((w) => w === words[at]).length === 1) expect(shapesFromLatin(page, other), JSON.stringify({ k, page, other })).toBe(page);
    }
    expect(drawn).toBeGreaterThan(30);
  });
});

describe(`a possessive's apostrophe fused into the letter before it as a caron (drawn, SEED=${SEED})`, () => {
  it("makes the name none where the apostrophe was lost into it, the letter not known (seed 3930571097, file 3296); where both were read, the plain letter (gate seed 2697470300, file 283)", async () => {
    expect(fusedApostrophe("Danieľ's Gifts")).toBe(true);
    expect(fusedApostrophe("Meřs Outfitters")).toBe(true);
    expect(fusedApostrophe("From: Ťs Home, 4 Mill Lane")).toBe(true);
    expect(fusedApostrophe("Daniel's Gifts")).toBe(false);
    expect(fusedApostrophe("Dvořák Music")).toBe(false);
    const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "KB793040539GB", address: null, fromAddress: { name, address: ["4 Mill Lane"], postcode: "TW9 0PD", countryCode: "GB" } });
    const given = async (page: string, latin: string) => (await agreedNames(label(page), label(page), new Map([[page, latin]]), new Map(), 300)).fromAddress?.name;
    expect(await given("Mers Outfitters", "Meřs Outfitters")).toBe("");
    expect(await given("Daniel's Gifts", "Daniel's Gifts")).toBe("Daniel's Gifts");
    // The apostrophe read too: the Latin reading's caron is put back to the plain letter first (latinReading).
    expect(apostropheCaron("Danieľ's Gifts, Flat 8")).toBe("Daniel's Gifts, Flat 8");
    expect(await given("Daniel's Gifts", apostropheCaron("Danieľ's Gifts, Flat 8"))).toBe("Daniel's Gifts");
    expect(apostropheCaron("Dvořák's Music")).toBe("Dvořák's Music");
    let drawn = 0;
    for (let k = 0; k < 3000; k++) {
      const rng = new Rng(`${SEED}/fused-apostrophe/${k}`);
      const name = shopName(rng);
      expect(fusedApostrophe(name), name).toBe(false);
      const at = name.search(/[ldtr]['’]s(?!\p{L})/u);
      if (at < 0) continue;
      drawn++;
      // The letter and its apostrophe read as the letter with a caron, the apostrophe kept or not.
      const caron = { l: "ľ", d: "ď", t: "ť", r: "ř" }[name[at] as "l" | "d" | "t" | "r"];
      const read = `${name.slice(0, at)}${caron}${rng.chance(0.5) ? name[at + 1] : ""}${name.slice(at + 2)}`;
      expect(fusedApostrophe(apostropheCaron(read)), JSON.stringify({ k, name, read })).toBe(!read.includes(`${caron}${name[at + 1]}`));
      if (read.includes(`${caron}${name[at + 1]}`)) expect(apostropheCaron(read)).toBe(name);
    }
    expect(drawn).toBeGreaterThan(10);
  });
});

describe(`a mark the Latin reading could not name, read ė or a grave over a, i, o, u (drawn, SEED=${SEED})`, () => {
  it("makes a name whose e the page read plain none, and keeps the page's é (seed 1108467383, file 46; seed 258096912, file 796)", async () => {
    expect(markOverPlain("Hélene Wilson", "Hélėne Wilson")).toBe(true);
    expect(markOverPlain("Chloe Morgan", "From: Chloė Morgan, 4 Mill Lane")).toBe(true);
    expect(markOverPlain("José Jones", "Josė Jones")).toBe(false);
    expect(markOverPlain("Chloé Morgan", "Chloė Morgan")).toBe(false);
    expect(markOverPlain("Jane Smith", "Jane Smith")).toBe(false);
    // A grave over an a, i, o or u (seed 258096912, file 784: 'CIARÀ' for Ciarán Moore, its end lost; 'Oscàr D'Arcy').
    expect(markOverPlain("CIARA", "Sent by: CIARÀ")).toBe(true);
    expect(markOverPlain("Oscar D'Arcy", "Oscàr D'Arcy")).toBe(true);
    expect(markOverPlain("Aoife Lefèvre", "Aoife Lefèvre")).toBe(false);
    // A double acute or a ring for an acute it saw thickened (fresh seed 2942110715, files 1463 and 1903: 'SŰILLEABHÁIN',
    // 'Súilleabhåin', each given so).
    expect(markOverPlain("DANIEL Ó SUILLEABHÁIN", "DANIEL Ó SŰILLEABHÁIN")).toBe(true);
    expect(markOverPlain("Chidi Ó Súilleabhain", "Chidi Ó Súilleabhåin")).toBe(true);
    expect(markOverPlain("Ewan Ozturk", "Ewan Őztürk")).toBe(true);
    // A cedilla under an l, a k, an n or a g: a speck (fresh seed 2657129363, file 1505: 'ORĻA FASHION', given so).
    expect(markOverPlain("ORLA FASHION", "ORĻA FASHION")).toBe(true);
    expect(markOverPlain("Nina Kane", "Niņa Ķane")).toBe(true);
    const label = (name: string): LabelDetails => ({ courier: "royalmail", countryCode: "GB", trackingCode: "KB793040539GB", address: { name, address: ["4 Mill Lane"], postcode: "TW9 0PD", countryCode: "GB" } });
    const given = async (page: string, latin: string) => (await agreedNames(label(page), label(page), new Map([[page, latin]]), new Map(), 300)).address?.name;
    expect(await given("Hélene Wilson", "Hélėne Wilson")).toBe("");
    expect(await given("José Jones", "Josė Jones")).toBe("José Jones");
    let drawn = 0;
    for (let k = 0; k < 1000; k++) {
      const rng = new Rng(`${SEED}/dot-over-e/${k}`);
      const name = rng.chance(0.5) ? personName(rng) : shopName(rng);
      const chars = [...name];
      const marked = chars.flatMap((c, i) => (/[éèêëÉÈÊË]/u.test(c) ? [i] : []));
      if (!marked.length) continue;
      drawn++;
      const at = rng.pick(marked);
      const upper = chars[at] === chars[at].toUpperCase();
      const put = (c: string) => [...chars.slice(0, at), c, ...chars.slice(at + 1)].join("");
      const latin = put(upper ? "Ė" : "ė");
      // The same over another vowel of the name, as a grave.
      const vowel = chars.findIndex((c) => /[aiouAIOU]/u.test(c));
      if (vowel >= 0) {
        const grave = [...chars.slice(0, vowel), `${chars[vowel]}\u0300`.normalize("NFC"), ...chars.slice(vowel + 1)].join("");
        expect(markOverPlain(name, grave), JSON.stringify({ k, name, grave })).toBe(true);
      }
      const drawnCase = JSON.stringify({ k, name, latin });
      expect(markOverPlain(put(upper ? "E" : "e"), latin), drawnCase).toBe(true);
      expect(markOverPlain(name, latin), drawnCase).toBe(false);
      expect(markOverPlain(name, name), drawnCase).toBe(false);
    }
    expect(drawn).toBeGreaterThan(20);
  });
});

describe(`a title's letters misread, or the word after it losing its capital (drawn, SEED=${SEED})`, () => {
  const given = (name: string) =>
    plausibleOnly({ courier: "royalmail", trackingCode: "TT606189796GB", countryCode: "GB", fromAddress: { name, address: [], postcode: "", countryCode: "GB" } }).fromAddress?.name;

  it("gives the title back where one stroke letter was read for another ('Prot C Brown': gate seed 359445321, file 491, a flattened PDF)", () => {
    expect(given("Prot C Brown")).toBe("Prof C Brown");
    expect(given("PROT C BROWN")).toBe("PROF C BROWN");
    expect(given("Mts A Patel")).toBe("Mrs A Patel");
    // A name, a title as printed, a word alone, Mount's 'Mt', an i (Di is a name; Mi is MISREAD_TITLE's).
    for (const name of ["Di Brown", "Prof C Brown", "Prot", "Rory Hall", "Mt Pleasant Stores Ltd", "Prost Hall", "Mrs A Patel"]) expect(given(name), name).toBe(name);
    // 'Dt' alone is no title given back (and, two letters alone, no name: TWO_LETTERS_ALONE).
    expect(given("Dt")).toBe("");
  });

  it("is none where the word after a title starts with a small letter of another shape than its capital ('Mr ethan Turner-Hale': gate seed 1875347505, file 287)", () => {
    expect(given("Mr ethan Turner-Hale")).toBe("");
    expect(given("MRS. ethan HALL")).toBe("");
    for (const name of ["Mr Bethan Turner-Hale", "Mr de la Cruz", "Mr and Mrs Begum", "Ms van Dijk", "Mr ap Rhys", "Rev T Ó Súilleabháin"]) expect(given(name), name).toBe(name);
  });

  it("holds for drawn titled names: a stroke letter of the title misread is given back, a lost capital after it is none", () => {
    let strokes = 0;
    let capitals = 0;
    for (let k = 0; k < 300; k++) {
      const rng = new Rng(`${SEED}/title-letters/${k}`);
      const name = personName(rng);
      const [title, next, ...rest] = name.split(" ");
      if (!TITLE_WORD.test(title) || !next || !rest.length || /^(?:&|and)$/.test(next)) continue;
      expect(given(name), name).toBe(name);
      const at = [...title].map((c, i) => (/[ltfr]/.test(c) ? i : -1)).filter((i) => i >= 0);
      if (at.length) {
        const i = rng.pick(at);
        const misread = `${title.slice(0, i)}${rng.pick([..."ltfr"].filter((c) => c !== title[i]))}${title.slice(i + 1)} ${[next, ...rest].join(" ")}`;
        // ('Mt' is Mount's, left as read.)
        if (!/^mt\b/i.test(misread)) {
          strokes++;
          expect(given(misread), JSON.stringify({ k, name, misread })).toBe(name);
        }
      }
      // A capital lost: the word's next letter (a second letter in small type) opens it, or the capital itself read small.
      const small = rng.chance(0.5) ? next.slice(1) : next[0].toLowerCase() + next.slice(1);
      if (next.length < 3 || !/^[abd-hj-nprty]/.test(small)) continue;
      capitals++;
      expect(given(`${title} ${small} ${rest.join(" ")}`), JSON.stringify({ k, name, small })).toBe("");
    }
    // About one draw in four is titled with a first name after the title: 300 draws give some 60 of each, the bars far under.
    expect(strokes).toBeGreaterThan(15);
    expect(capitals).toBeGreaterThan(15);
  });
});

describe("a word taken in from the Latin reading for its accent, its accented letter another letter", () => {
  it("is found where the English model reads that letter as one it never gives for the accent (bench/outside seed 531518048, file 224)", () => {
    expect(lostWordMisread("Mrs Bartosz McAllisteę", "Mrs Bartosz McAllister")).toBe(true);
    expect(lostWordMisread("MRS BARTOSZ MCALLISTEĘ", "MRS BARTOSZ MCALLISTER,")).toBe(true);
  });

  it.each([
    // The English model's letters for accents it does not know, or the accent's own base letter.
    ["Thomas Sørensen", "Thomas Sgrensen"],
    ["Zoë Müller", "Zoe Miller"],
    ["Aoife Ó Súilleabháin", "Aoife O Sdilleabhain"],
    ["Mrs Bartosz Wałęsa", "Mrs Bartosz Watesa"],
    ["François Dubois", "Frangois Dubois"],
    // The word not read at all, or read otherwise: not judged.
    ["Thomas Sørensen", "Thomas"],
    ["Mrs Bartosz McAllisteę", "Mrs Bartosz MeAlister"],
    ["Jane Smith", "Jane Smyth"],
  ])("%j read %j is not", (name, reading) => {
    expect(lostWordMisread(name, reading)).toBe(false);
  });
});
