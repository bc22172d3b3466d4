/**
 * Evri labels made by senders: printed in a ParcelShop ('print in store': 'From: <shop>' on one
 * line, no postcode, sometimes the shop's whole address run on after it; the drop-off shop's own
 * address as a distractor) and printed at home from Evri's website ('From:' block with the
 * sender's address, 'Deliver to:' block, service and weight).
 */
import { evriCode, evriPayload, printedEvri } from "../codes.ts";
import { addressLines, addressStyle, evriService, type Party, recipientParty, senderOneLine, senderParty, shipDate, type Truth, weight } from "../content.ts";
import { type Drawing, fitted, type Pen, pen, SIZES, typography } from "../layout.ts";
import { addressBlock, brandMark, cased, headedBlock, line, linearBarcode, RECIPIENT_HEADINGS, SENDER_HEADINGS, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";
import { districts, postcodeIn } from "../world.ts";

const SHOPS = ["Londis", "Co-op", "Costcutter", "Spar", "Premier Stores", "One Stop", "Post & Go Newsagents", "Best-one", "McColl's", "Evri ParcelShop"];

export const evriShop = (rng: Rng, o: { inStore: boolean }): Drawing => fitted(rng, (r, shrink) => draw(r, shrink, o.inStore));

function draw(rng: Rng, shrink: number, inStore: boolean): Drawing | null {
  const size = rng.weighted([["4x6", 7], ["100x150", 2], ["a6", 1]] as const);
  const p = pen(rng, SIZES[size], typography(rng), shrink, rng.float(8, 16));
  const code = evriCode(rng);
  const recipient = recipientParty(rng);
  const sender = senderParty(rng, rng.chance(inStore ? 0.8 : 0.5));
  const service = evriService(rng);
  const wt = rng.chance(inStore ? 0.35 : 0.6) ? weight(rng, "evri") : null;
  p.notes.push(size);
  const hasSender = rng.chance(0.93);

  brandAndService(p, service.printed, wt?.printed ?? null);
  // The sender: one line in a shop ('From: Tidewater Tea Co'), a block at home; above, below or beside the recipient.
  const heading = rng.pick(SENDER_HEADINGS);
  const senderAt = rng.weighted([["top", 4], ["bottom", 3], ...(inStore ? [] : [["right", 2] as const, ["left", 2] as const])] as const);
  const beside = hasSender && (senderAt === "right" || senderAt === "left");
  const putSender = (x: number, y: number, maxW: number) => senderBlock(p, sender, inStore, heading, x, y, maxW);
  if (hasSender && senderAt === "top") p.y = putSender(p.m, p.y, p.w - 2 * p.m) + 8;
  recipientBlock(p, recipient, beside ? (senderAt as "left" | "right") : null, putSender);
  if (inStore && rng.chance(0.35)) dropOffShop(p);
  if (hasSender && senderAt === "bottom") p.y = putSender(p.m, p.y, p.w - 2 * p.m) + 6;
  if (!barcodes(p, code, recipient)) return null;
  if (!hasSender) p.notes.push("no sender printed");
  const truth: Truth = { courier: "evri", trackingCode: code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName: hasSender ? sender.name : "", service: service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w: p.w, h: p.h, items: p.items, truth, notes: p.notes, parties: { recipient, sender: hasSender ? sender : null } };
}

/** The 'evri' mark, the service beside it, the weight and date under the service. */
function brandAndService(p: Pen, service: string, weightText: string | null) {
  const { rng, s, m, w, items, y } = p;
  const brandSize = rng.float(20, 30) * s;
  const brandRight = rng.chance(0.25);
  items.push(brandMark(rng, brandRight ? w / 2 : m, y, rng.pick(["evri", "EVRI", "evri"]), brandSize, "sans", brandRight ? { align: "right", w: w / 2 - m } : {}));
  const svcX = brandRight ? m : w / 2;
  items.push(line(svcX, y + 2, cased(rng, service), rng.float(11, 15) * s, p.typo.head, { bold: true, maxW: w / 2 - m }));
  let side = y + 20 * s;
  if (weightText) {
    items.push(line(svcX, side, weightText, 8.5 * s, p.typo.body, { maxW: w / 2 - m }));
    side += 11 * s;
  }
  if (rng.chance(0.5)) {
    items.push(line(svcX, side, `${cased(rng, rng.pick(["Date:", "Printed:", "Created:"]))} ${shipDate(rng).printed}`, 7.5 * s, p.typo.body, { maxW: w / 2 - m }));
    side += 10 * s;
  }
  p.y = Math.max(y + brandSize * 1.3, side) + 6;
}

/** The sender at (x, y): one line in a shop (its address run on sometimes), a block at home; answers its bottom. */
function senderBlock(p: Pen, sender: Party, inStore: boolean, heading: string, x: number, y: number, maxW: number): number {
  const { rng, s } = p;
  if (inStore) {
    const withAddress = rng.chance(0.2);
    if (withAddress) p.notes.push("sender with its address on one line");
    const text = `${heading} ${senderOneLine(rng, sender, withAddress)}`;
    p.items.push(line(x, y, text, rng.float(8, 11) * s, p.typo.body, { maxW, bold: rng.chance(0.3) }));
    return y + 14 * s;
  }
  const lines = addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.2 }), phone: "none", email: false, country: null });
  const b = headedBlock(rng, lines, { x, y, size: rng.float(6.5, 8.5) * s, font: p.typo.body, maxW, heading, inlineHeading: rng.chance(0.3), lead: p.typo.lead });
  p.items.push(...b.items);
  return b.bottom;
}

/** The recipient, with or without a heading; the sender's block beside it (left or right) when `beside` says. */
function recipientBlock(p: Pen, recipient: Party, beside: "left" | "right" | null, putSender: (x: number, y: number, maxW: number) => number) {
  const { rng, s, m, w } = p;
  const style = addressStyle(rng, { upper: 0.25 });
  const rHeading = rng.chance(0.7) ? rng.pick(RECIPIENT_HEADINGS) : null;
  const rSize = rng.float(10.5, 14) * s;
  const rW = beside ? w * 0.58 - m : w - 2 * m;
  const rX = beside === "left" ? w * 0.42 : m;
  const r = addressBlock(rng, recipient, style, { x: rX, y: p.y, size: rSize, font: p.typo.body, maxW: rW, heading: rHeading, inlineHeading: rHeading !== null && rng.chance(0.3), nameSize: rSize * rng.float(1, 1.2), nameBold: rng.chance(0.6), lead: p.typo.lead });
  p.items.push(...r.items);
  const senderBottom = beside === "right" ? putSender(w * 0.6, p.y, w * 0.4 - m) : beside === "left" ? putSender(m, p.y, w * 0.4 - m - 8) : 0;
  p.y = Math.max(r.bottom, senderBottom) + 8;
}

/** A ParcelShop's own address (with its postcode) where the parcel was dropped off. */
function dropOffShop(p: Pen) {
  const { rng, s, m, w } = p;
  const d = rng.pick(districts);
  p.items.push(line(m, p.y, `${cased(rng, rng.pick(["Dropped off at:", "Drop-off:", "ParcelShop:"]))} ${rng.pick(SHOPS)}, ${rng.int(1, 200)} ${rng.pick(["High St", "Market Pl", "Station Rd"])}, ${d.town} ${postcodeIn(rng, d)}`, 7 * s, p.typo.body, { maxW: w - 2 * m }));
  p.y += 12 * s;
  p.notes.push("drop-off shop address");
}

/** The barcode with its printed code, a Data Matrix beside it on some; false when it runs off the label. */
function barcodes(p: Pen, code: string, recipient: Party): boolean {
  const { rng, s, m, w, h, y } = p;
  const has2d = rng.chance(0.55);
  const symSize = rng.float(50, 66) * s;
  const barW = has2d ? w - 2 * m - symSize - 10 : w - 2 * m - rng.float(0, 40);
  const barH = rng.float(48, 70) * s;
  const barY = Math.max(y, rng.chance(0.5) ? h - m - barH - 20 * s : y + rng.float(4, 20));
  const bar = linearBarcode(rng, { x: m, y: barY, w: barW, h: barH, symbology: "code128", text: code, printed: printedEvri(rng, code), font: p.typo.body, size: rng.float(9, 12) * s });
  p.items.push(...bar.items);
  if (has2d) p.items.push(twoD({ x: w - m - symSize, y: barY, size: symSize, symbology: "datamatrix", text: evriPayload(rng, { code, to: recipient.postcode, depot: "", van: 0, drop: 0, round: 0 }) }).item);
  return bar.bottom <= h - 3;
}
