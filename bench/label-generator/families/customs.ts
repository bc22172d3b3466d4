/**
 * Customs declarations (CN22, CN23) as posting tools and post offices print them, and the international label that
 * carries one beside it. A declaration alone is no shipping label, though it may print the parcel's S10 number and
 * its barcode (and a CN23 has the sender's and the addressee's addresses): uploading one must charge nothing.
 * Forms after the UPU's CN22/CN23 and Royal Mail's versions of them: the boxes' captions with their numbers, the
 * categories ticked, contents with weights and values, HS tariff numbers, the certificate and the signature.
 */
import { s10Check } from "../codes.ts";
import { recipientParty, senderParty, shipDate } from "../content.ts";
import { type FileSpec, type FontFace, type Item, SIZES, textWidth } from "../layout.ts";
import { line, linearBarcode } from "../parts.ts";
import type { Rng } from "../random.ts";
import { personName } from "../world.ts";
import { anyLabel } from "./sheets.ts";

/** Service indicators of international S10 items (letters, large letters, tracked and signed parcels). */
const INTERNATIONAL = ["LX", "LB", "LF", "RR", "RB", "RN", "CP", "CX", "UG", "VA"];

export function internationalS10(rng: Rng): string {
  const serial = rng.digits(8);
  return `${rng.pick(INTERNATIONAL)}${serial}${s10Check(serial)}GB`;
}

const CONTENTS = [["Cotton T-shirt", "610910"], ["Paperback book", "490199"], ["Ceramic mug", "691200"], ["Knitted scarf", "611720"], ["Silver ring", "711311"],
  ["Vinyl record", "852380"], ["Tea, loose leaf 250g", "090230"], ["Soap bar", "340111"], ["Greeting cards", "490900"], ["Phone case", "392690"],
  ["Wool yarn", "510910"], ["Board game", "950490"], ["Enamel pin", "711719"], ["Leather wallet", "420232"]] as const;

const FOREIGN = [["Anna Müller", "Hauptstraße 12", "10115", "Berlin", "Germany"], ["Luc Martin", "8 rue des Lilas", "69003", "Lyon", "France"],
  ["Sofia Rossi", "Via Roma 41", "20121", "Milano", "Italy"], ["Emma de Vries", "Keizersgracht 220", "1016 DZ", "Amsterdam", "Netherlands"],
  ["James Carter", "1450 Oak Street", "OR 97205", "Portland", "United States"], ["Mia Thompson", "22 King Street", "NSW 2042", "Newtown", "Australia"],
  ["Seán Murphy", "14 Main Street", "T12 X2V6", "Cork", "Ireland"], ["Olivia Brown", "305 Queen St W", "ON M5V 2A2", "Toronto", "Canada"]] as const;

/** Channel Islands addresses: customs apply, and their postcodes have the UK's shape. */
const CHANNEL = [["St Helier", "JE2", "Jersey"], ["St Peter Port", "GY1", "Guernsey"], ["St Brelade", "JE3", "Jersey"], ["St Sampson", "GY2", "Guernsey"]] as const;

interface Form {
  items: Item[];
  bottom: number;
}

const ticked = (rng: Rng, names: string[]) => {
  const on = rng.int(0, names.length - 1);
  return names.map((n, i) => `${i === on ? rng.pick(["[X]", "☒", "X"]) : rng.pick(["[ ]", "☐", "□"])} ${n}`);
};

/** The contents rows: description, quantity, weight, value, tariff number, origin. */
function contents(rng: Rng) {
  return Array.from({ length: rng.int(1, 3) }, () => {
    const [what, hs] = rng.pick(CONTENTS);
    const qty = rng.int(1, 4);
    return { what, hs, qty, kg: rng.int(1, 40) / 20, value: rng.int(3, 60) + rng.pick([0, 0.5, 0.99]), origin: rng.pick(["United Kingdom", "GB", "UK", "China", "India"]) };
  });
}

/** A CN22 in the box (x, y, w): the small form stuck on a parcel or printed on a label roll. */
export function cn22(rng: Rng, x: number, y: number, w: number, o: { code: string | null; font: FontFace }): Form {
  const s = w / 290;
  const size = 6.5 * s;
  const f = o.font;
  const items: Item[] = [];
  let top = y + 6 * s;
  items.push(line(x + 6 * s, top, rng.pick(["CUSTOMS DECLARATION", "Customs Declaration", "CUSTOMS DECLARATION / DÉCLARATION EN DOUANE"]), 9 * s, f, { bold: true, maxW: w * 0.7 }));
  items.push(line(x + w - 50 * s, top, rng.pick(["CN 22", "CN22"]), 12 * s, f, { bold: true }));
  top += 13 * s;
  items.push(line(x + 6 * s, top, rng.pick(["May be opened officially", "May be opened officially / Peut être ouvert d'office"]), size, f, { maxW: w - 12 * s }));
  top += size * 1.5;
  items.push(line(x + 6 * s, top, `${rng.pick(["Designated operator:", "Postal operator:"])} ${rng.pick(["Royal Mail", "ROYAL MAIL GROUP LTD", "Royal Mail UK"])}`, size, f, { maxW: w - 12 * s }));
  top += size * 1.6;
  if (o.code) {
    const bar = linearBarcode(rng, { x: x + 6 * s, y: top, w: w - 12 * s, h: 30 * s, symbology: "code128", text: o.code, printed: o.code.replace(/^(..)(\d{4})(\d{4})(\d)(..)$/, "$1 $2 $3 $4$5"), font: "sans", size: 8 * s });
    items.push(...bar.items);
    top = bar.bottom + 4 * s;
  }
  const cats = ticked(rng, ["Gift", "Commercial sample", "Documents", "Returned goods", "Other"]);
  items.push(line(x + 6 * s, top, cats.slice(0, 3).join("   "), size, f, { maxW: w - 12 * s }), line(x + 6 * s, top + size * 1.4, cats.slice(3).join("   "), size, f, { maxW: w - 12 * s }));
  top += size * 3.2;
  const col2 = x + w * 0.62;
  const col3 = x + w * 0.8;
  items.push(line(x + 6 * s, top, "Quantity and detailed description of contents (1)", size * 0.9, f, { maxW: w * 0.55 }), line(col2, top, "Weight (kg) (2)", size * 0.9, f, { maxW: w * 0.17 }), line(col3, top, "Value (3)", size * 0.9, f));
  top += size * 1.5;
  const rows = contents(rng);
  for (const r of rows) {
    items.push(line(x + 6 * s, top, `${r.qty} x ${r.what}`, size, f, { maxW: w * 0.55 }), line(col2, top, r.kg.toFixed(2), size, f), line(col3, top, `£${(r.value * r.qty).toFixed(2)}`, size, f));
    top += size * 1.35;
  }
  top += size * 0.4;
  items.push(line(x + 6 * s, top, "For commercial items only: HS tariff number (4)   Country of origin of goods (5)", size * 0.85, f, { maxW: w - 12 * s }));
  top += size * 1.3;
  items.push(line(x + 6 * s, top, `${rows[0].hs}   ${rows[0].origin}`, size, f));
  top += size * 1.5;
  const kg = rows.reduce((t, r) => t + r.kg, 0);
  const value = rows.reduce((t, r) => t + r.value * r.qty, 0);
  items.push(line(x + 6 * s, top, `Total weight (kg) (6) ${kg.toFixed(2)}`, size, f), line(col2 - 20 * s, top, `Total value (7) £${value.toFixed(2)}`, size, f));
  top += size * 1.6;
  const cert = "I, the undersigned, whose name and address are given on the item, certify that the particulars given in this declaration are correct and that this item does not contain any dangerous article or articles prohibited by legislation or by postal or customs regulations.";
  for (const l of wrap(cert, w - 12 * s, size * 0.8, f)) {
    items.push(line(x + 6 * s, top, l, size * 0.8, f));
    top += size * 0.8 * 1.25;
  }
  top += size * 0.4;
  items.push(line(x + 6 * s, top, `${rng.pick(["Date and sender's signature (8)", "Date and sender’s signature (8)"])}   ${shipDate(rng).printed}   ${rng.pick(["", "Signed: "])}${personName(rng).split(" ").pop()}`, size, f, { maxW: w - 12 * s }));
  top += size * 1.8;
  items.push({ t: "rect", x, y, w, h: top - y, line: 0.8 });
  return { items, bottom: top };
}

/** Words of `text` in lines no wider than `w` at `size`. */
export function wrap(text: string, w: number, size: number, font: FontFace): string[] {
  const out: string[] = [];
  let cur = "";
  for (const word of text.split(" ")) {
    const next = cur ? `${cur} ${word}` : word;
    if (cur && textWidth(next, size, font) > w) {
      out.push(cur);
      cur = word;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

/** A CN23 on an A4 page: sender and addressee boxes, the contents table, categories, certificate, signature. */
function cn23(rng: Rng, code: string | null): Item[] {
  const { w } = SIZES.a4;
  const m = rng.float(28, 44);
  const f: FontFace = rng.pick(["sans", "sans", "serif"]);
  const size = rng.float(7.5, 9);
  const items: Item[] = [line(m, m, rng.pick(["CUSTOMS DECLARATION", "Customs declaration"]), 15, f, { bold: true }), line(m + 250, m + 2, "CN 23", 15, f, { bold: true })];
  items.push(line(m, m + 20, rng.pick(["May be opened officially", "May be opened officially / Peut être ouvert d'office"]), size, f));
  if (code) items.push(...linearBarcode(rng, { x: w - m - 190, y: m - 4, w: 190, h: 38, symbology: "code128", text: code, printed: code, font: "sans", size: 9 }).items);
  let top = m + 48;
  const sender = senderParty(rng);
  const half = (w - 2 * m) / 2;
  const box = (title: string, lines: string[], x: number) => {
    items.push({ t: "rect", x, y: top - 4, w: half - 6, h: 12 + lines.length * size * 1.9, line: 0.7 }, line(x + 4, top, title, size, f, { bold: true }));
    items.push(...lines.map((l, i) => line(x + 4, top + (i + 1) * size * 1.9, l, size, f, { maxW: half - 14 })));
  };
  const captions = ["Name", "Business", "Street", "Postcode", "City", "Country"];
  const labelled = (vals: string[]) => (rng.chance(0.6) ? vals.map((v, i) => `${captions[i]}: ${v}`) : vals);
  box("From", labelled([sender.name, "", sender.lines[0], sender.printedPostcode, sender.town, "United Kingdom"]), m);
  const channel = rng.chance(0.3) ? rng.pick(CHANNEL) : null;
  if (channel) {
    const to = recipientParty(rng);
    box("To", labelled([to.name, "", to.lines[0], `${channel[1]} ${rng.int(1, 9)}${rng.chars(2, "ABDEFGHJLNPQRSTUWXYZ")}`, channel[0], channel[2]]), m + half + 6);
  } else {
    const [name, street, postcode, city, country] = rng.pick(FOREIGN);
    box("To", labelled([name, "", street, postcode, city, country]), m + half + 6);
  }
  top += 20 + 6 * size * 1.9;
  items.push(line(m, top, `Importer's reference (if any)   Importer's telephone/fax/e-mail`, size * 0.9, f));
  top += size * 2.2;
  const cols = [m, m + 200, m + 260, m + 330, m + 400, m + 460];
  const cell = (v: string, i: number, at: number) => line(cols[i], top, v, at, f, { maxW: (cols[i + 1] ?? w - m) - cols[i] - 4 });
  items.push(...["Detailed description of contents (1)", "Quantity (2)", "Net weight (kg) (3)", "Value (5)", "HS tariff number (7)", "Country of origin (8)"].map((c, i) => cell(c, i, size * 0.8)));
  top += size * 1.6;
  for (const r of contents(rng)) {
    items.push(...[r.what, String(r.qty), r.kg.toFixed(2), `£${(r.value * r.qty).toFixed(2)}`, r.hs, r.origin].map((v, i) => cell(v, i, size)));
    top += size * 1.5;
  }
  top += size;
  items.push(line(m, top, `Total gross weight (4) ${rng.int(2, 40) / 10} kg     Total value (6) £${rng.int(10, 200)}.00     Postal charges/Fees (9) £${rng.int(4, 30)}.${rng.pick(["00", "50", "95"])}`, size, f, { maxW: w - 2 * m }));
  top += size * 2;
  items.push(line(m, top, `Category of item (10):  ${ticked(rng, ["Commercial sample", "Gift", "Documents", "Returned goods", "Sale of goods", "Other"]).join("  ")}`, size * 0.9, f, { maxW: w - 2 * m }));
  top += size * 2;
  items.push(line(m, top, "Explanation:          Comments (11):          Licence (12)          Certificate (13)          Invoice (14)", size * 0.85, f, { maxW: w - 2 * m }));
  top += size * 2.2;
  items.push(line(m, top, `Office of origin/Date of posting: ${shipDate(rng).printed}`, size, f));
  top += size * 2;
  for (const l of wrap("I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article or articles prohibited by legislation or by postal or customs regulations.", w - 2 * m, size * 0.85, f)) {
    items.push(line(m, top, l, size * 0.85, f));
    top += size * 1.1;
  }
  items.push(line(m, top + size, `Date and sender's signature (15): ${shipDate(rng).printed}  ${sender.name}`, size, f, { maxW: w - 2 * m }));
  return items;
}

/** A customs declaration on its own: a CN22 on a label roll, an A6 page or an A4 sheet, or a CN23 on A4. */
export function customsForm(rng: Rng): FileSpec {
  const code = rng.chance(0.6) ? internationalS10(rng) : null;
  const kind = rng.weighted([["cn22-roll", 3], ["cn22-a4", 2], ["cn23", 3]] as const);
  const font: FontFace = rng.pick(["sans", "sans", "serif", "narrow"]);
  const notes = [kind, code ? "prints the item's S10 and its barcode" : "no item number"];
  if (kind === "cn23") return { family: "customs-form", pages: [{ ...SIZES.a4, placements: [], items: cn23(rng, code), storage: "upright" }], labels: [], notes };
  const page = kind === "cn22-roll" ? rng.pick([SIZES["4x6"], SIZES.a6, SIZES["100x150"]]) : SIZES.a4;
  const w = kind === "cn22-roll" ? page.w - 16 : rng.float(260, 300);
  const form = cn22(rng, 8, rng.float(8, 30), w, { code, font });
  return { family: "customs-form", pages: [{ ...page, placements: [], items: form.items, storage: "upright" }], labels: [], notes };
}

/**
 * An international label with its CN22 beside it: on an A4 page side by side or one above the other, or on a wide
 * roll page (the label on the left, the declaration on the right), the declaration printing the same S10 or none.
 * The label must still read, and only once.
 */
export function labelWithCustoms(rng: Rng): FileSpec {
  const d = anyLabel(rng.fork("label"));
  const code = d.truth.courier === "royalmail" && rng.chance(0.5) ? d.truth.trackingCode : null;
  const arrangement = rng.weighted([["a4-side", 2], ["a4-stacked", 2], ["wide-roll", 2]] as const);
  const font: FontFace = rng.pick(["sans", "serif", "narrow"]);
  const a4 = SIZES.a4;
  const notes = [arrangement, code ? "the CN22 prints the label's S10" : "CN22 without the item number", ...d.notes];
  if (arrangement === "wide-roll") {
    const page = { w: d.w + 250, h: Math.max(d.h, 420) };
    const form = cn22(rng, d.w + 8, 8, 234, { code, font });
    return { family: "label-customs", pages: [{ ...page, placements: [{ drawing: d, x: 0, y: 0, scale: 1 }], items: form.items, storage: "upright" }], labels: [d.truth], notes };
  }
  const side = arrangement === "a4-side";
  const scale = Math.min(1, (side ? a4.w / 2 - 24 : a4.w - 40) / d.w, (side ? a4.h - 60 : a4.h / 2 - 30) / d.h);
  const form = side ? cn22(rng, a4.w / 2 + 8, 24, a4.w / 2 - 32, { code, font }) : cn22(rng, 24, a4.h / 2 + 16, rng.float(260, 320), { code, font });
  return { family: "label-customs", pages: [{ ...a4, placements: [{ drawing: d, x: 20, y: 20, scale }], items: form.items, storage: "upright" }], labels: [d.truth], notes };
}
