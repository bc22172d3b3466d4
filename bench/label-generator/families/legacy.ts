/**
 * Labels from an old despatch or warehouse system (issue 36, classes 2 and 4): fixed-width fields, mostly in
 * monospace capitals, the recipient's block often printed bottom up (postcode first, name last, as some legacy
 * systems fill their address fields), the name often broken over lines (a title, or a title and initials, on the
 * line over the surname), a 'FROM' block, an account and consignment line, the carrier's code as a Code128 and the
 * service in words. The name is all of its lines, whichever way the block runs.
 */
import { carrierParcel } from "../carrier.ts";
import { customerRef } from "../codes.ts";
import { addressLines, addressStyle, type NameBreak, recipientParty, senderParty, shipDate, type Truth, weight } from "../content.ts";
import { type Drawing, fitted, pen, SIZES, typography } from "../layout.ts";
import { headedBlock, line, linearBarcode, RECIPIENT_HEADINGS, SENDER_HEADINGS, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";

export const legacyDespatch = (rng: Rng): Drawing => fitted(rng, (r, shrink) => draw(r, shrink));

function draw(rng: Rng, shrink: number): Drawing | null {
  const size = rng.weighted([["4x6", 6], ["100x150", 3], ["6x4", 1]] as const);
  const p = pen(rng, SIZES[size], typography(rng, { body: ["mono", "mono", "sans", "narrow"], head: ["mono", "sans"] }), shrink, rng.float(8, 14));
  const { s, m, w, h } = p;
  const recipient = recipientParty(rng);
  const sender = senderParty(rng);
  const date = shipDate(rng);
  const parcel = carrierParcel(rng, recipient, sender, date.date);
  const wt = rng.chance(0.5) ? weight(rng, parcel.courier) : null;
  const upper = rng.chance(0.8);
  const nameBreak: NameBreak = rng.weighted([["none", 4], ["title", 3], ["surname", 3], ["wrap", 1]] as const);
  const reversed = rng.chance(0.6);
  p.notes.push(size, reversed ? "recipient printed bottom up" : "recipient top down", `name break: ${nameBreak}`);

  p.items.push(line(m, p.y, `${rng.pick(["ACCOUNT", "ACC NO", "CUST"])} ${customerRef(rng)}   ${rng.pick(["CONSIGNMENT", "CONS NO", "DESPATCH"])} ${rng.digits(8)}`, 7 * s, p.typo.body, { maxW: w - 2 * m }));
  p.y += 11 * s;
  p.items.push(line(m, p.y, `${parcel.brand.toUpperCase()}  ${parcel.service.printed.toUpperCase()}`, 12 * s, p.typo.head, { bold: true, maxW: w - 2 * m }));
  p.y += 18 * s;
  p.items.push(line(m, p.y, [`DATE ${date.printed}`, wt ? wt.printed.toUpperCase() : ""].filter(Boolean).join("   "), 7.5 * s, p.typo.body, { maxW: w - 2 * m }));
  p.y += 14 * s;

  const style = { ...addressStyle(rng, { upper: upper ? 1 : 0 }), nameBreak, reversed, email: false };
  const heading = rng.chance(0.6) ? rng.pick(RECIPIENT_HEADINGS).toUpperCase() : null;
  const rSize = rng.float(10, 13) * s;
  const block = headedBlock(rng, addressLines(rng, recipient, style), { x: m + rng.float(0, 12), y: p.y, size: rSize, font: p.typo.body, maxW: w - 2 * m - 12, heading, lead: p.typo.lead, bold: rng.chance(0.3) });
  p.items.push(...block.items);
  p.y = block.bottom + 8 * s;

  const barH = rng.float(44, 60) * s;
  const barW = Math.min(w - 2 * m - (parcel.twoD ? 70 * s : 0), rng.float(180, 240) * s);
  const bar = linearBarcode(rng, { x: m, y: p.y, w: barW, h: barH, symbology: "code128", text: parcel.code, printed: parcel.printed, font: "mono", size: rng.float(9, 11) * s });
  p.items.push(...bar.items);
  if (parcel.twoD) p.items.push(twoD({ x: w - m - 60 * s, y: p.y, size: 60 * s, symbology: parcel.twoD.symbology, text: parcel.twoD.text }).item);
  p.y = Math.max(bar.bottom, p.y + 64 * s) + 8 * s;

  const senderStyle = { ...addressStyle(rng, { upper: upper ? 1 : 0 }), nameBreak: "none" as const, reversed: reversed && rng.chance(0.5), phone: "none" as const, email: false, country: null };
  const from = headedBlock(rng, addressLines(rng, sender, senderStyle), { x: m, y: p.y, size: rng.float(6.5, 8) * s, font: p.typo.body, maxW: w - 2 * m, heading: rng.pick(SENDER_HEADINGS).toUpperCase(), lead: p.typo.lead });
  p.items.push(...from.items);
  if (from.bottom > h - 3) return null;
  const truth: Truth = { courier: parcel.courier, trackingCode: parcel.code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName: sender.name, service: parcel.service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w, h, items: p.items, truth, notes: p.notes, parties: { recipient, sender } };
}
