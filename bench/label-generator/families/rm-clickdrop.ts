/**
 * Royal Mail Click & Drop labels: 'Postage Paid GB' with the service two lines above it ('Tracked 48
 * No Signature', sometimes split as 'Tracked 24' / 'Signature'), a Data Matrix ('JGB 6…' payload) or
 * a QR (the S10 inside a longer text), the recipient as a bare block, the S10 printed grouped, a
 * 'Customer Ref:' line with marketplace order numbers, and the sender under 'If undelivered please
 * return to:' (its first line). Portrait 4x6 / 100x150 mm, or 6x4 landscape.
 */
import { clickDropQrPayload, orderNumber, printedS10, RM_PRODUCTS, royalMailPayload, s10Code } from "../codes.ts";
import { addressLines, addressStyle, type Party, recipientParty, royalMailService, senderOneLine, senderParty, shipDate, type Truth, weight } from "../content.ts";
import { type Drawing, fitted, type Pen, pen, SIZES, typography } from "../layout.ts";
import { addressBlock, brandMark, cased, headedBlock, line, linearBarcode, RECIPIENT_HEADINGS, RETURN_HEADINGS, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";

export const rmClickDrop = (rng: Rng): Drawing => fitted(rng, (r, shrink) => draw(r, shrink));

/** The lines of the postage-paid box: the service two lines above 'Postage Paid GB'. */
function postageLines(rng: Rng, printed: string): string[] {
  // A long service breaks over two lines: 'Tracked 24' / 'Signature', 'Special Delivery Guaranteed®' / 'by 9am'.
  const split = /^(.*Tracked \d\d)(?: (No Signature|Signature))$/i.exec(printed) ?? /^(Special Delivery Guaranteed®?) (by \S+)$/i.exec(printed);
  if (split && rng.chance(0.4)) return [split[1], split[2], "Postage Paid GB"];
  return [printed, rng.pick(["Royal Mail", "Delivered by Royal Mail", "RM", ""]), cased(rng, "Postage Paid GB", 0.2)];
}

function draw(rng: Rng, shrink: number): Drawing | null {
  const size = rng.weighted([["4x6", 6], ["100x150", 2], ["6x4", 2]] as const);
  const landscape = SIZES[size].w > SIZES[size].h;
  const p = pen(rng, SIZES[size], typography(rng), shrink, rng.float(8, 16));
  const code = s10Code(rng);
  const recipient = recipientParty(rng);
  const sender = senderParty(rng);
  const service = royalMailService(rng);
  const wt = rng.chance(0.4) ? weight(rng, "royalmail") : null;
  const date = shipDate(rng);
  p.notes.push(size);

  postageHeader(p, service.printed, landscape);
  // The 2D symbol with the posting details beside it.
  const qr = rng.chance(0.25);
  const payload = qr
    ? clickDropQrPayload(rng, code, recipient.postcode)
    : royalMailPayload(rng, { code, product: rng.pick(RM_PRODUCTS[service.truth]), date: date.date, to: recipient.postcode, from: sender.postcode });
  p.notes.push(qr ? "QR" : "Data Matrix");
  const afterSym = symbolAndDetails(p, qr, payload, landscape, { date: date.printed, weight: wt?.printed ?? null, service: service.truth });
  recipientBlock(p, recipient, landscape, afterSym);
  const barBottom = codeAndReference(p, code);
  // The sender under a return heading, on several lines or on one (absent on some).
  const senderName = rng.chance(0.93) ? sender.name : "";
  if (senderName) {
    if (!returnBlock(p, sender)) return null;
  } else p.notes.push("no sender printed");
  if (barBottom > p.h - 4) return null;
  const truth: Truth = { courier: "royalmail", trackingCode: code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName, service: service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w: p.w, h: p.h, items: p.items, truth, notes: p.notes, parties: { recipient, sender: senderName ? sender : null } };
}

/** The Royal Mail mark and the postage box (service two lines above 'Postage Paid GB'), sides swapped at random. */
function postageHeader(p: Pen, service: string, landscape: boolean) {
  const { rng, s, m, w, items } = p;
  const brandLeft = rng.chance(0.7);
  const boxW = rng.float(100, 130) * s;
  const boxX = landscape ? w - m - boxW : brandLeft ? w - m - boxW : m;
  const brandX = landscape ? m : brandLeft ? m : m + boxW + 10;
  items.push(brandMark(rng, brandX, m + 4, rng.pick(["Royal Mail", "ROYAL MAIL", "Royal Mail®"]), rng.float(13, 17) * s, p.typo.head));
  const post = postageLines(rng, service).filter((l, i) => l || i !== 1);
  const postSize = rng.float(7, 9) * s;
  if (rng.chance(0.7)) items.push({ t: "rect", x: boxX, y: m, w: boxW, h: post.length * postSize * 1.25 + 8, line: 1 });
  post.forEach((l, i) => {
    items.push(line(boxX + 4, m + 4 + i * postSize * 1.25, l, i === 0 ? postSize * 1.15 : postSize, p.typo.body, { bold: i === 0, maxW: boxW - 8 }));
  });
  p.y = m + Math.max(post.length * postSize * 1.25 + 14, 26 * s);
}

/** The 2D symbol (left or right) with the posting details beside it; answers the y under the symbol. */
function symbolAndDetails(p: Pen, qr: boolean, payload: string, landscape: boolean, o: { date: string; weight: string | null; service: string }): number {
  const { rng, s, m, w, items, y } = p;
  const symSize = rng.float(52, 78) * s;
  const symRight = rng.chance(0.35);
  const symX = landscape ? w - m - symSize : symRight ? w - m - symSize : m;
  const sym = twoD({ x: symX, y, size: symSize, symbology: qr ? "qrcode" : "datamatrix", text: payload });
  items.push(sym.item);
  const infoX = landscape ? symX - 110 * s : symRight ? m : m + symSize + 10;
  const info = [rng.chance(0.7) ? `${cased(rng, rng.pick(["Posted:", "Date:", "Despatch date:", "Printed:"]))} ${o.date}` : o.date];
  if (o.weight) info.push(o.weight);
  if (rng.chance(0.3)) info.push(`${rng.pick(["Service:", "Product:"])} ${rng.pick(RM_PRODUCTS[o.service]).slice(0, 3)}`);
  info.forEach((l, i) => {
    items.push(line(infoX, y + 4 + i * 11 * s, l, 8 * s, p.typo.body, { maxW: landscape ? 105 * s : w - symSize - 2 * m - 14 }));
  });
  return y + sym.h + 8;
}

/** The recipient: a bare block (a heading sometimes), the largest address text on the label; beside the symbol on a landscape label. */
function recipientBlock(p: Pen, recipient: Party, landscape: boolean, afterSym: number) {
  const { rng, s, m, w } = p;
  const style = addressStyle(rng, { upper: 0.3 });
  const heading = rng.chance(0.3) ? rng.pick(RECIPIENT_HEADINGS) : null;
  const rSize = rng.float(10.5, 14) * s;
  const colW = landscape ? w * 0.55 : w - 2 * m;
  const block = addressBlock(rng, recipient, style, { x: m + rng.float(0, 14), y: landscape ? m + 40 * s : afterSym, size: rSize, font: p.typo.body, maxW: colW - 14, heading, inlineHeading: heading !== null && rng.chance(0.25), nameSize: rSize * rng.float(1, 1.25), nameBold: rng.chance(0.6), bold: rng.chance(0.2), lead: p.typo.lead });
  p.items.push(...block.items);
  p.y = Math.max(block.bottom, landscape ? 0 : afterSym) + 6;
  if (landscape) p.y = Math.max(p.y, afterSym);
}

/** The S10 barcode with its grouped number, and a 'Customer Ref:' order number above or below it; answers the barcode's bottom. */
function codeAndReference(p: Pen, code: string): number {
  const { rng, s, m, w, items } = p;
  const ref = rng.chance(0.65) ? `${cased(rng, rng.pick(["Customer Ref:", "Customer Reference:", "Order:", "Order No:", "Ref:"]))} ${orderNumber(rng).text}` : null;
  const refAbove = rng.chance(0.5);
  const putRef = () => {
    items.push(line(m, p.y, ref!, 7.5 * s, p.typo.body, { maxW: w - 2 * m }));
    p.y += 12 * s;
  };
  if (ref && refAbove) putRef();
  const barW = Math.min(w - 2 * m, rng.float(190, 250) * s);
  const bar = linearBarcode(rng, { x: m + rng.float(0, w - 2 * m - barW), y: p.y + rng.float(2, 12), w: barW, h: rng.float(42, 62) * s, symbology: "code128", text: code, printed: printedS10(rng, code), font: rng.chance(0.7) ? "sans" : p.typo.body, size: rng.float(10, 13) * s });
  items.push(...bar.items);
  p.y = bar.bottom + 6;
  if (ref && !refAbove) putRef();
  return bar.bottom;
}

/** 'If undelivered please return to:' and the sender, on several lines or one; false when it runs off the label. */
function returnBlock(p: Pen, sender: Party): boolean {
  const { rng, s, m, w, h } = p;
  const oneLine = rng.chance(0.4);
  const rs = rng.float(6, 8) * s;
  const retLines = oneLine ? [senderOneLine(rng, sender, true)] : addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.15 }), townPostcode: rng.chance(0.5), phone: "none", email: false, country: null });
  const x = rng.chance(0.7) ? m : w / 2;
  const block = headedBlock(rng, retLines, { x, y: p.y + 2, size: rs, font: p.typo.body, maxW: w - x - m, heading: rng.pick(RETURN_HEADINGS), lead: p.typo.lead });
  p.items.push(...block.items);
  if (oneLine) p.notes.push("return address on one line");
  return block.bottom <= h - 4;
}
