/**
 * Royal Mail Click & Drop labels: 'Postage Paid GB' with the service two lines above it ('Tracked 48
 * No Signature', sometimes split as 'Tracked 24' / 'Signature'), a Data Matrix ('JGB 6…' payload) or
 * a QR (the S10 inside a longer text), the recipient as a bare block, the S10 printed grouped, a
 * 'Customer Ref:' line with marketplace order numbers, and the sender under 'If undelivered please
 * return to:' (its first line). Portrait 4x6 / 100x150 mm, or 6x4 landscape.
 */
import { clickDropQrPayload, orderNumber, printedS10, RM_PRODUCTS, royalMailPayload, s10Code } from "../codes.ts";
import { addressStyle, recipientParty, royalMailService, senderOneLine, senderParty, shipDate, weight, addressLines, type Truth } from "../content.ts";
import { fitted, SIZES, typography, type Drawing, type Item } from "../layout.ts";
import { addressBlock, brandMark, cased, headedBlock, line, linearBarcode, RECIPIENT_HEADINGS, RETURN_HEADINGS, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";

export const rmClickDrop = (rng: Rng): Drawing => fitted(rng, (r, shrink) => draw(r, shrink));

/** The lines of the postage-paid box: the service two lines above 'Postage Paid GB'. */
export function postageLines(rng: Rng, printed: string): string[] {
  const split = /^(.*Tracked \d\d)(?: (No Signature|Signature))$/i.exec(printed);
  if (split && rng.chance(0.4)) return [split[1], split[2], "Postage Paid GB"];
  return [printed, rng.pick(["Royal Mail", "Delivered by Royal Mail", "RM", ""]), cased(rng, "Postage Paid GB", 0.2)];
}

function draw(rng: Rng, shrink: number): Drawing | null {
  const size = rng.weighted([["4x6", 6], ["100x150", 2], ["6x4", 2]] as const);
  const { w, h } = SIZES[size];
  const landscape = w > h;
  const typo = typography(rng);
  const s = typo.scale * shrink;
  const m = rng.float(8, 16);
  const code = s10Code(rng);
  const recipient = recipientParty(rng);
  const sender = senderParty(rng);
  const service = royalMailService(rng);
  const wt = rng.chance(0.4) ? weight(rng) : null;
  const date = shipDate(rng);
  const items: Item[] = [];
  const notes: string[] = [size];
  const colW = landscape ? w * 0.55 : w - 2 * m;

  // Header: the Royal Mail mark and the postage box, sides swapped at random.
  const brandLeft = rng.chance(0.7);
  const boxW = rng.float(100, 130) * s;
  const boxX = landscape ? w - m - boxW : brandLeft ? w - m - boxW : m;
  const brandX = landscape ? m : brandLeft ? m : m + boxW + 10;
  items.push(brandMark(rng, brandX, m + 4, rng.pick(["Royal Mail", "ROYAL MAIL", "Royal Mail®"]), rng.float(13, 17) * s, typo.head));
  const post = postageLines(rng, service.printed).filter((l, i) => l || i !== 1);
  const postSize = rng.float(7, 9) * s;
  if (rng.chance(0.7)) items.push({ t: "rect", x: boxX, y: m, w: boxW, h: post.length * postSize * 1.25 + 8, line: 1 });
  post.forEach((l, i) => {
    items.push(line(boxX + 4, m + 4 + i * postSize * 1.25, l, i === 0 ? postSize * 1.15 : postSize, typo.body, { bold: i === 0, maxW: boxW - 8 }));
  });
  let y = m + Math.max(post.length * postSize * 1.25 + 14, 26 * s);

  // The 2D symbol with the posting details beside it.
  const qr = rng.chance(0.25);
  const payload = qr
    ? clickDropQrPayload(rng, code, recipient.postcode)
    : royalMailPayload(rng, { code, product: rng.pick(RM_PRODUCTS[service.truth]), date: date.date, to: recipient.postcode, from: sender.postcode });
  notes.push(qr ? "QR" : "Data Matrix");
  const symSize = rng.float(52, 78) * s;
  const symRight = rng.chance(0.35);
  const symX = landscape ? w - m - symSize : symRight ? w - m - symSize : m;
  const sym = twoD({ x: symX, y, size: symSize, symbology: qr ? "qrcode" : "datamatrix", text: payload });
  items.push(sym.item);
  const infoX = landscape ? symX - 110 * s : symRight ? m : m + symSize + 10;
  const info = [rng.chance(0.7) ? `${cased(rng, rng.pick(["Posted:", "Date:", "Despatch date:", "Printed:"]))} ${date.printed}` : date.printed];
  if (wt) info.push(wt.printed);
  if (rng.chance(0.3)) info.push(`${rng.pick(["Service:", "Product:"])} ${rng.pick(RM_PRODUCTS[service.truth]).slice(0, 3)}`);
  info.forEach((l, i) => {
    items.push(line(infoX, y + 4 + i * 11 * s, l, 8 * s, typo.body, { maxW: landscape ? 105 * s : w - symSize - 2 * m - 14 }));
  });
  const afterSym = y + sym.h + 8;

  // The recipient: a bare block (a heading sometimes), the largest address text on the label.
  const style = addressStyle(rng, { upper: 0.3 });
  const heading = rng.chance(0.3) ? rng.pick(RECIPIENT_HEADINGS) : null;
  const rSize = rng.float(10.5, 14) * s;
  const ry = landscape ? m + 40 * s : afterSym;
  const block = addressBlock(rng, recipient, style, { x: m + rng.float(0, 14), y: ry, size: rSize, font: typo.body, maxW: colW - 14, heading, inlineHeading: heading !== null && rng.chance(0.25), nameSize: rSize * rng.float(1, 1.25), nameBold: rng.chance(0.6), bold: rng.chance(0.2), lead: typo.lead });
  items.push(...block.items);
  y = Math.max(block.bottom, landscape ? 0 : afterSym) + 6;
  if (landscape) y = Math.max(y, afterSym);

  // 'Customer Ref:' with a marketplace order number, above or below the barcode.
  const ref = rng.chance(0.65) ? `${cased(rng, rng.pick(["Customer Ref:", "Customer Reference:", "Order:", "Order No:", "Ref:"]))} ${orderNumber(rng).text}` : null;
  const refAbove = rng.chance(0.5);
  if (ref && refAbove) {
    items.push(line(m, y, ref, 7.5 * s, typo.body, { maxW: w - 2 * m }));
    y += 12 * s;
  }
  const barW = Math.min(w - 2 * m, rng.float(190, 250) * s);
  const bar = linearBarcode(rng, { x: m + rng.float(0, w - 2 * m - barW), y: y + rng.float(2, 12), w: barW, h: rng.float(42, 62) * s, symbology: "code128", text: code, printed: printedS10(rng, code), font: rng.chance(0.7) ? "sans" : typo.body, size: rng.float(10, 13) * s });
  items.push(...bar.items);
  y = bar.bottom + 6;
  if (ref && !refAbove) {
    items.push(line(m, y, ref, 7.5 * s, typo.body, { maxW: w - 2 * m }));
    y += 12 * s;
  }

  // The sender under a return heading, on several lines or on one.
  let senderName = "";
  if (rng.chance(0.93)) {
    senderName = sender.name;
    const oneLine = rng.chance(0.4);
    const rs = rng.float(6, 8) * s;
    const retLines = oneLine ? [senderOneLine(rng, sender, true)] : addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.15 }), townPostcode: rng.chance(0.5), phone: "none", email: false, country: null });
    const x = rng.chance(0.7) ? m : w / 2;
    const block2 = headedBlock(rng, retLines, { x, y: y + 2, size: rs, font: typo.body, maxW: w - x - m, heading: rng.pick(RETURN_HEADINGS), lead: typo.lead });
    items.push(...block2.items);
    if (block2.bottom > h - 4) return null;
    if (oneLine) notes.push("return address on one line");
  } else notes.push("no sender printed");
  if (bar.bottom > h - 4) return null;
  const truth: Truth = { courier: "royalmail", trackingCode: code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName, service: service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w, h, items, truth, notes, parties: { recipient, sender: senderName ? sender : null } };
}
