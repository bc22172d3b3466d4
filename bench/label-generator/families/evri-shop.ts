/**
 * Evri labels made by senders: printed in a ParcelShop ('print in store': 'From: <shop>' on one
 * line, no postcode, sometimes the shop's whole address run on after it; the drop-off shop's own
 * address as a distractor) and printed at home from Evri's website ('From:' block with the
 * sender's address, 'Deliver to:' block, service and weight).
 */
import { evriCode, evriPayload, printedEvri } from "../codes.ts";
import { addressLines, addressStyle, evriService, recipientParty, senderOneLine, senderParty, shipDate, weight, type Truth } from "../content.ts";
import { fitted, SIZES, typography, type Drawing, type Item } from "../layout.ts";
import { addressBlock, brandMark, cased, headedBlock, line, linearBarcode, RECIPIENT_HEADINGS, SENDER_HEADINGS, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";
import { districts, postcodeIn } from "../world.ts";

const SHOPS = ["Londis", "Co-op", "Costcutter", "Spar", "Premier Stores", "One Stop", "Post & Go Newsagents", "Best-one", "McColl's", "Evri ParcelShop"];

export const evriShop = (rng: Rng, o: { inStore: boolean }): Drawing => fitted(rng, (r, shrink) => draw(r, shrink, o.inStore));

function draw(rng: Rng, shrink: number, inStore: boolean): Drawing | null {
  const size = rng.weighted([["4x6", 7], ["100x150", 2], ["a6", 1]] as const);
  const { w, h } = SIZES[size];
  const typo = typography(rng);
  const s = typo.scale * shrink;
  const m = rng.float(8, 16);
  const code = evriCode(rng);
  const recipient = recipientParty(rng);
  const sender = senderParty(rng, rng.chance(inStore ? 0.8 : 0.5));
  const service = evriService(rng);
  const wt = rng.chance(inStore ? 0.35 : 0.6) ? weight(rng) : null;
  const items: Item[] = [];
  const notes: string[] = [size];
  const hasSender = rng.chance(0.93);
  let y = m;

  // Brand and service.
  const brandSize = rng.float(20, 30) * s;
  const brandRight = rng.chance(0.25);
  items.push(brandMark(rng, brandRight ? w / 2 : m, y, rng.pick(["evri", "EVRI", "evri"]), brandSize, "sans", brandRight ? { align: "right", w: w / 2 - m } : {}));
  const svcX = brandRight ? m : w / 2;
  items.push(line(svcX, y + 2, cased(rng, service.printed), rng.float(11, 15) * s, typo.head, { bold: true, maxW: w / 2 - m }));
  let side = y + 20 * s;
  if (wt) {
    items.push(line(svcX, side, wt.printed, 8.5 * s, typo.body, { maxW: w / 2 - m }));
    side += 11 * s;
  }
  if (rng.chance(0.5)) {
    items.push(line(svcX, side, `${cased(rng, rng.pick(["Date:", "Printed:", "Created:"]))} ${shipDate(rng).printed}`, 7.5 * s, typo.body, { maxW: w / 2 - m }));
    side += 10 * s;
  }
  y = Math.max(y + brandSize * 1.3, side) + 6;

  // The sender: one line in a shop ('From: Tidewater Tea Co'), a block at home.
  const heading = rng.pick(SENDER_HEADINGS);
  const senderAt = rng.weighted([["top", 4], ["bottom", 3], ...(inStore ? [] : [["right", 2] as const, ["left", 2] as const])] as const);
  const beside = hasSender && (senderAt === "right" || senderAt === "left");
  const senderItems: (x: number, y: number, maxW: number) => { items: Item[]; bottom: number } = (x, sy, maxW) => {
    if (inStore) {
      const withAddress = rng.chance(0.2);
      if (withAddress) notes.push("sender with its address on one line");
      const text = `${heading} ${senderOneLine(rng, sender, withAddress)}`;
      return { items: [line(x, sy, text, rng.float(8, 11) * s, typo.body, { maxW, bold: rng.chance(0.3) })], bottom: sy + 14 * s };
    }
    const lines = addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.2 }), phone: "none", email: false, country: null });
    const b = headedBlock(rng, lines, { x, y: sy, size: rng.float(6.5, 8.5) * s, font: typo.body, maxW, heading, inlineHeading: rng.chance(0.3), lead: typo.lead });
    return { items: b.items, bottom: b.bottom };
  };
  let senderBottomAt = 0;
  if (hasSender && senderAt === "top") {
    const b = senderItems(m, y, w - 2 * m);
    items.push(...b.items);
    y = b.bottom + 8;
  }

  // The recipient, with or without a heading; the sender's block beside it (left or right) on some.
  const style = addressStyle(rng, { upper: 0.25 });
  const rHeading = rng.chance(0.7) ? rng.pick(RECIPIENT_HEADINGS) : null;
  const rSize = rng.float(10.5, 14) * s;
  const rW = beside ? w * 0.58 - m : w - 2 * m;
  const rX = beside && senderAt === "left" ? w * 0.42 : m;
  const r = addressBlock(rng, recipient, style, { x: rX, y, size: rSize, font: typo.body, maxW: rW, heading: rHeading, inlineHeading: rHeading !== null && rng.chance(0.3), nameSize: rSize * rng.float(1, 1.2), nameBold: rng.chance(0.6), lead: typo.lead });
  items.push(...r.items);
  if (beside) {
    const b = senderAt === "right" ? senderItems(w * 0.6, y, w * 0.4 - m) : senderItems(m, y, w * 0.4 - m - 8);
    items.push(...b.items);
    senderBottomAt = b.bottom;
  }
  y = Math.max(r.bottom, senderBottomAt) + 8;

  // A ParcelShop's own address (with its postcode) where the parcel was dropped off.
  if (inStore && rng.chance(0.35)) {
    const d = rng.pick(districts);
    items.push(line(m, y, `${cased(rng, rng.pick(["Dropped off at:", "Drop-off:", "ParcelShop:"]))} ${rng.pick(SHOPS)}, ${rng.int(1, 200)} ${rng.pick(["High St", "Market Pl", "Station Rd"])}, ${d.town} ${postcodeIn(rng, d)}`, 7 * s, typo.body, { maxW: w - 2 * m }));
    y += 12 * s;
    notes.push("drop-off shop address");
  }
  if (hasSender && senderAt === "bottom") {
    const b = senderItems(m, y, w - 2 * m);
    items.push(...b.items);
    y = b.bottom + 6;
  }

  // The barcode with its printed code, a 2D symbol beside or above it.
  const has2d = rng.chance(0.55);
  const symSize = rng.float(50, 66) * s;
  const barW = has2d ? w - 2 * m - symSize - 10 : w - 2 * m - rng.float(0, 40);
  const barH = rng.float(48, 70) * s;
  const barY = Math.max(y, rng.chance(0.5) ? h - m - barH - 20 * s : y + rng.float(4, 20));
  const bar = linearBarcode(rng, { x: m, y: barY, w: barW, h: barH, symbology: "code128", text: code, printed: printedEvri(rng, code), font: typo.body, size: rng.float(9, 12) * s });
  items.push(...bar.items);
  if (has2d) items.push(twoD({ x: w - m - symSize, y: barY, size: symSize, symbology: "datamatrix", text: evriPayload(rng, { code, to: recipient.postcode, depot: "", van: 0, drop: 0, round: 0 }) }).item);
  if (bar.bottom > h - 3) return null;
  if (!hasSender) notes.push("no sender printed");
  const truth: Truth = { courier: "evri", trackingCode: code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName: hasSender ? sender.name : "", service: service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w, h, items, truth, notes, parties: { recipient, sender: hasSender ? sender : null } };
}
