/**
 * Royal Mail online postage printed at home on A4: the label in the top half (its own frame,
 * 'To:' and 'From:' blocks, service, Data Matrix, the S10 barcode), a dashed cut line, then the
 * instructions and a proof-of-postage receipt below, with Royal Mail's own address, phone number
 * and the tracking number again: text that is on the page and not on the label.
 */
import { orderNumber, printedS10, RM_PRODUCTS, royalMailPayload, s10Code } from "../codes.ts";
import { addressLines, addressStyle, recipientParty, royalMailService, senderParty, shipDate, weight, type Truth } from "../content.ts";
import { fitted, SIZES, textBlock, typography, type Drawing, type FileSpec, type Item } from "../layout.ts";
import { addressBlock, brandMark, cased, headedBlock, line, linearBarcode, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";

export function rmOnline(rng: Rng): FileSpec {
  const a4 = SIZES.a4;
  const d = fitted(rng.fork("label"), (r, shrink) => drawLabel(r, shrink));
  const r = rng.fork("page");
  const m = r.float(28, 50);
  const scale = Math.min(1, (a4.w - 2 * m) / d.w, (a4.h / 2 - m - 20) / d.h);
  const x = r.chance(0.6) ? (a4.w - d.w * scale) / 2 : m;
  const cutY = m + d.h * scale + r.float(14, 30);
  const items: Item[] = [{ t: "line", x1: 20, y1: cutY, x2: a4.w - 20, y2: cutY, width: 0.8, dash: true }];
  const font = r.pick(["sans", "serif"] as const);
  items.push(line(24, cutY + 4, r.pick(["✂ Cut along the dotted line", "Cut here", "- - Fold and cut along this line - -", "✂"]), 8, font));
  const code = d.truth.trackingCode;
  const steps = r.shuffle([
    "Cut out the label along the dotted line.",
    "Attach it securely to the front of your item, without covering the barcode.",
    "Drop your item off at a Post Office, a Parcel Postbox or a Royal Mail Customer Service Point.",
    "You can also book a collection from your door at royalmail.com/collection.",
  ]).slice(0, r.int(2, 4));
  const lines = [
    { text: r.pick(["How to send your item", "What to do next", "Sending your item"]), size: 13, bold: true },
    ...steps.map((t, i) => `${i + 1}. ${t}`),
    "",
    `${r.pick(["Your tracking number is", "Track your item:", "Tracking number:"])} ${printedS10(r, code)}`,
    r.pick(["Keep this page as your proof of postage.", "This receipt is your proof of postage."]),
    `${r.pick(["Order reference:", "Transaction ID:"])} ${orderNumber(r).text}   ${r.pick(["Amount paid:", "Paid:"])} £${r.int(2, 14)}.${r.pick(["35", "70", "95", "49", "10"])}`,
    "",
    r.pick(["Need help? Visit royalmail.com/help or call 03457 740 740.", "Questions? royalmail.com/contact-us, 03457 740 740"]),
    "Royal Mail Group Ltd, 185 Farringdon Road, London, EC1A 1AA. Registered in England and Wales, number 4138203.",
  ];
  items.push(...textBlock(m, cutY + 30, lines, { size: r.float(8.5, 10.5), font, lead: 1.35 }).items);
  return { family: "rm-online", pages: [{ w: a4.w, h: a4.h, placements: [{ drawing: d, x, y: m, scale }], items, storage: "upright" }], labels: [d.truth], notes: d.notes };
}

function drawLabel(rng: Rng, shrink: number): Drawing | null {
  const landscape = rng.chance(0.6);
  const { w, h } = landscape ? { w: 6.2 * 72, h: 4.1 * 72 } : SIZES["4x6"];
  const typo = typography(rng, { body: ["sans", "sans", "serif"] });
  const s = typo.scale * shrink;
  const m = rng.float(10, 16);
  const code = s10Code(rng);
  const recipient = recipientParty(rng);
  const sender = senderParty(rng, rng.chance(0.4));
  const service = royalMailService(rng);
  const date = shipDate(rng);
  const wt = rng.chance(0.3) ? weight(rng, "royalmail") : null;
  const items: Item[] = [{ t: "rect", x: 1, y: 1, w: w - 2, h: h - 2, line: rng.float(0.8, 2) }];
  const notes = [landscape ? "landscape label" : "portrait label"];

  items.push(brandMark(rng, m, m, rng.pick(["Royal Mail", "ROYAL MAIL"]), rng.float(16, 22) * s, typo.head));
  items.push(line(m, m + 26 * s, cased(rng, service.printed, 0.2), rng.float(11, 14) * s, typo.head, { bold: true, maxW: w / 2 - m }));
  let info = m + 44 * s;
  for (const t of [`${cased(rng, "Postage Paid GB", 0.3)}`, `${rng.pick(["Posted:", "Date of posting:", "Date:"])} ${date.printed}`, ...(wt ? [wt.printed] : [])]) {
    items.push(line(m, info, t, 8 * s, typo.body, { maxW: w / 2 - m }));
    info += 11 * s;
  }
  const sym = twoD({ x: w - m - 66 * s, y: m, size: 66 * s, symbology: "datamatrix", text: royalMailPayload(rng, { code, product: rng.pick(RM_PRODUCTS[service.truth]), date: date.date, to: recipient.postcode, from: sender.postcode }) });
  items.push(sym.item);
  let y = Math.max(info, m + sym.h) + 10;

  // 'To:' big, 'From:' small: side by side on a landscape label, stacked on a portrait one.
  const style = addressStyle(rng, { upper: 0.2 });
  const rSize = rng.float(10.5, 13.5) * s;
  const toW = landscape ? w * 0.6 - m : w - 2 * m;
  const to = addressBlock(rng, recipient, style, { x: m, y, size: rSize, font: typo.body, maxW: toW, heading: rng.pick(["To:", "TO:", "Deliver to:", "Recipient:"]), nameBold: rng.chance(0.5), lead: typo.lead });
  items.push(...to.items);
  const fromLines = addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.1 }), phone: "none", email: false, country: null });
  const fromX = landscape ? w * 0.62 : m;
  const fromY = landscape ? y : to.bottom + 6;
  const from = headedBlock(rng, fromLines, { x: fromX, y: fromY, size: rng.float(7, 8.5) * s, font: typo.body, maxW: landscape ? w * 0.38 - m : w - 2 * m, heading: rng.pick(["From:", "FROM:", "Return address:", "If undelivered please return to:"]), lead: typo.lead });
  items.push(...from.items);
  y = Math.max(to.bottom, from.bottom) + 8;
  const barW = Math.min(w - 2 * m, rng.float(200, 260) * s);
  const bar = linearBarcode(rng, { x: (w - barW) / 2, y, w: barW, h: rng.float(40, 56) * s, symbology: "code128", text: code, printed: printedS10(rng, code), font: "sans", size: rng.float(10, 12) * s });
  items.push(...bar.items);
  if (bar.bottom > h - 4) return null;
  const truth: Truth = { courier: "royalmail", trackingCode: code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName: sender.name, service: service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w, h, items, truth, notes, parties: { recipient, sender } };
}
