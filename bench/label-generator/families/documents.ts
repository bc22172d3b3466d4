/**
 * Documents about parcels that are not shipping labels, though each holds a valid tracking code and often an
 * address: a posting tool's manifest or collection summary (a table of many codes), a return QR code to show at a
 * counter, a carrier's tracking page printed from the browser, a shop's order or dispatch e-mail printed to PDF.
 * Uploading one must charge nothing (issue 36, class 6). Drawn as the tools that make them lay them out; their
 * truth is that they hold no label.
 */
import { evriCode, orderNumber, printedEvri, printedS10, s10Code } from "../codes.ts";
import { addressLines, addressStyle, evriService, recipientParty, royalMailService, senderParty, shipDate, weight } from "../content.ts";
import { type FileSpec, type FontFace, type Item, SIZES } from "../layout.ts";
import { brandMark, cased, line, linearBarcode, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";
import { personName, shopName } from "../world.ts";
import { wrap } from "./customs.ts";

type Carrier = "royalmail" | "evri";

const codeOf = (rng: Rng, c: Carrier) => (c === "royalmail" ? s10Code(rng) : evriCode(rng));
const printedCode = (rng: Rng, c: Carrier, code: string) => (rng.chance(0.5) ? code : c === "royalmail" ? printedS10(rng, code) : printedEvri(rng, code));
const serviceOf = (rng: Rng, c: Carrier) => (c === "royalmail" ? royalMailService(rng).printed : evriService(rng).printed);
const brandOf = (rng: Rng, c: Carrier) => (c === "royalmail" ? rng.pick(["Royal Mail", "ROYAL MAIL", "Click & Drop", "Royal Mail Click & Drop"]) : rng.pick(["evri", "Evri", "EVRI"]));
const money = (rng: Rng) => rng.int(3, 60) + rng.pick([0, 0.5, 0.99, 0.49]);

/** A page of items written top to bottom. */
class Sheet {
  items: Item[] = [];
  y: number;
  readonly w: number;
  readonly m: number;
  readonly font: FontFace;
  constructor(w: number, m: number, font: FontFace) {
    this.w = w;
    this.m = m;
    this.font = font;
    this.y = m;
  }
  text(t: string, size: number, o: { x?: number; bold?: boolean; gap?: number; align?: "left" | "center" | "right" } = {}) {
    const x = o.x ?? this.m;
    this.items.push(line(x, this.y, t, size, this.font, { bold: o.bold, maxW: this.w - x - this.m, ...(o.align ? { align: o.align, w: this.w - x - this.m } : {}) }));
    this.y += size * (o.gap ?? 1.4);
  }
  para(t: string, size: number) {
    for (const l of wrap(t, this.w - 2 * this.m, size, this.font)) this.text(l, size, { gap: 1.3 });
    this.y += size * 0.5;
  }
  rule() {
    this.items.push({ t: "line", x1: this.m, y1: this.y, x2: this.w - this.m, y2: this.y, width: 0.6 });
    this.y += 8;
  }
  /** A row of cells at the given x offsets. */
  row(cells: string[], xs: number[], size: number, bold = false) {
    cells.forEach((c, i) => {
      const right = i + 1 < xs.length ? this.m + xs[i + 1] - 4 : this.w - this.m;
      if (c) this.items.push(line(this.m + xs[i], this.y, c, size, this.font, { bold, maxW: right - this.m - xs[i] }));
    });
    this.y += size * 1.55;
  }
}

const page = (family: string, w: number, h: number, items: Item[], notes: string[]): FileSpec => ({ family, pages: [{ w, h, placements: [], items, storage: "upright" }], labels: [], notes });

/**
 * A posting tool's manifest or collection summary: the account, the collection, a table of the day's parcels (their
 * codes, recipients, postcodes, services, weights) and the totals; a barcode of the manifest's own number on some.
 * Mostly many rows; a small seller's summary may list one or two.
 */
export function manifest(rng: Rng): FileSpec {
  const c: Carrier = rng.chance(0.65) ? "royalmail" : "evri";
  const landscape = rng.chance(0.3);
  const { w, h } = landscape ? { w: SIZES.a4.h, h: SIZES.a4.w } : SIZES.a4;
  const p = new Sheet(w, rng.float(28, 44), rng.pick(["sans", "sans", "serif", "narrow"]));
  p.items.push(brandMark(rng, p.m, p.m, brandOf(rng, c), 16, p.font));
  p.y += 26;
  const title = cased(rng, rng.pick(["Manifest", "Collection Manifest", "Despatch Manifest", "Collection summary", "End of day manifest", "Parcel collection summary", "Daily despatch summary", "Proof of collection"]));
  p.text(title, 15, { bold: true, gap: 1.8 });
  const when = shipDate(rng).printed;
  const manifestNo = `${rng.pick(["MAN", "M", "CM"])}${rng.digits(rng.int(6, 9))}`;
  p.text(`${rng.pick(["Account number:", "Account:", "Customer account:"])} ${rng.digits(10)}     ${rng.pick(["Collection date:", "Date:", "Despatch date:"])} ${when}`, 9);
  p.text(`${rng.pick(["Manifest number:", "Manifest no:", "Batch:"])} ${manifestNo}`, 9);
  if (rng.chance(0.5)) {
    const from = senderParty(rng);
    p.text(`${rng.pick(["Collection address:", "Collected from:", "Sender:"])} ${[from.name, from.lines[0], from.town, from.printedPostcode].join(", ")}`, 8.5);
  }
  p.y += 6;
  const rows = rng.weighted([[1, 1], [2, 1], [rng.int(3, 8), 5], [rng.int(9, 24), 4]] as const);
  const size = rows > 14 ? rng.float(6.5, 7.5) : rng.float(7.5, 9);
  const cols = landscape ? [0, 24, 150, 300, 370, 520, 585] : [0, 20, 130, 250, 310, 420, 465];
  p.row(["#", rng.pick(["Tracking number", "Tracking No.", "Item ID", "Barcode"]), rng.pick(["Recipient", "Name", "Deliver to"]), "Postcode", "Service", rng.pick(["Weight", "Wt (kg)"]), "Ref"], cols, size, true);
  p.rule();
  let total = 0;
  for (let i = 0; i < rows; i++) {
    const to = recipientParty(rng);
    const wt = weight(rng, c);
    total += wt.grams;
    p.row([String(i + 1), printedCode(rng, c, codeOf(rng, c)), to.name, to.printedPostcode, serviceOf(rng, c), `${(wt.grams / 1000).toFixed(2)}`, orderNumber(rng).text], cols, size);
  }
  p.rule();
  p.text(`${rng.pick(["Total items:", "Items:", "Number of items:", "Total parcels:"])} ${rows}     ${rng.pick(["Total weight:", "Weight:"])} ${(total / 1000).toFixed(2)} kg`, 9, { bold: true, gap: 2.4 });
  if (rng.chance(0.6)) p.text(`${rng.pick(["Driver signature:", "Collected by:", "Received by (driver):"])} ______________________     ${rng.pick(["Customer signature:", "Signed:"])} ______________________`, 8.5);
  // The manifest's own number as a barcode, for the driver's scanner (no parcel's code).
  if (rng.chance(0.4)) p.items.push(...linearBarcode(rng, { x: p.m, y: p.y + 6, w: 170, h: 34, symbology: "code128", text: manifestNo, printed: manifestNo, font: "sans", size: 8 }).items);
  if (rng.chance(0.5)) p.items.push(line(w - p.m - 60, h - p.m, "Page 1 of 1", 7, p.font));
  return page("manifest", w, h, p.items, [title, `${rows} rows`, c, landscape ? "landscape" : "portrait"]);
}

/** A return to show at a counter: a QR code, how to use it, the return's tracking number, often where it goes. */
export function returnQr(rng: Rng): FileSpec {
  const c: Carrier = rng.chance(0.55) ? "royalmail" : "evri";
  const phone = rng.chance(0.4);
  const { w, h } = phone ? { w: 300, h: 620 } : SIZES.a4;
  const p = new Sheet(w, phone ? 18 : rng.float(36, 56), rng.pick(["sans", "sans", "serif"]));
  const code = codeOf(rng, c);
  const shop = shopName(rng);
  p.items.push(brandMark(rng, p.m, p.m, rng.chance(0.5) ? brandOf(rng, c) : shop, 15, p.font));
  p.y += 28;
  p.text(rng.pick(["Your return QR code", "Print-free return", "Your returns QR code", "Your drop-off code", "Return your parcel"]), phone ? 15 : 18, { bold: true, gap: 1.8 });
  p.para(c === "royalmail"
    ? rng.pick(["Show this QR code at any Post Office counter and we will print your label for you.", "No printer needed: show this code at a Post Office or Royal Mail Customer Service Point.", "Take your parcel and this QR code to a Post Office branch. The label will be printed there."])
    : rng.pick(["Show this QR code at an Evri ParcelShop or locker. No printer needed.", "Take your parcel to an Evri ParcelShop and show this code: they will print the label for you.", "Drop your parcel at any Evri ParcelShop and scan this code."]), phone ? 9 : 11);
  const size = phone ? 140 : rng.float(150, 220);
  const payload = rng.pick([code, `https://${c === "royalmail" ? "www.royalmail.com/track-your-item#/tracking-results" : "www.evri.com/track/parcel"}/${code}`, `RTN${rng.digits(12)}`, `${rng.digits(27)}${code.slice(0, 11)}  `]);
  const qr = twoD({ x: (w - size) / 2, y: p.y, size, symbology: "qrcode", text: payload });
  p.items.push(qr.item);
  p.y += qr.h + 14;
  p.text(`${rng.pick(["Tracking number:", "Return reference:", "Reference:", "Your tracking number"])} ${printedCode(rng, c, code)}`, phone ? 9 : 11, { bold: true });
  p.text(`${rng.pick(["Drop off by", "Use by", "Valid until"])} ${shipDate(rng).printed}`, 9);
  p.text(`${rng.pick(["Service:", ""])} ${c === "royalmail" ? rng.pick(["Royal Mail Tracked Returns 48", "Tracked Returns 24", "Royal Mail Returns"]) : rng.pick(["Evri Returns", "Evri ParcelShop Return"])}`.trim(), 9);
  p.text(`${rng.pick(["Order number:", "Order:", "Return for order"])} ${orderNumber(rng).text}`, 9, { gap: 2 });
  if (rng.chance(0.6)) {
    const to = senderParty(rng, true);
    p.text(rng.pick(["Returning to:", "Your parcel will go back to:", "Return address:"]), 9, { bold: true });
    for (const l of addressLines(rng, { ...to, phone: null }, { ...addressStyle(rng), phone: "none", email: false, country: null })) p.text(l, 9, { gap: 1.25 });
  }
  p.y += 8;
  p.para(rng.pick(["Keep this code until your return has been processed.", "Please pack your item securely. Do not stick anything over the parcel's label area.", "Questions? Visit our help centre."]), 8);
  return page("return-qr", w, h, p.items, [phone ? "phone page" : "A4", c, "QR holds " + (payload === code ? "the code" : payload.startsWith("http") ? "a tracking link" : "another reference")]);
}

/** A carrier's tracking page as a browser prints it: the site's header, the item, its status and history, the footer. */
export function trackingPage(rng: Rng): FileSpec {
  const c: Carrier = rng.chance(0.5) ? "royalmail" : "evri";
  const { w, h } = SIZES.a4;
  const p = new Sheet(w, rng.float(30, 44), "sans");
  const code = codeOf(rng, c);
  const url = c === "royalmail" ? `https://www.royalmail.com/track-your-item#/tracking-results/${code}` : `https://www.evri.com/track/parcel/${code}/details`;
  p.text(`${shipDate(rng).printed}, ${rng.int(8, 20)}:${rng.digits(2)}`, 7, { gap: 0 });
  p.text(c === "royalmail" ? "Track your item | Royal Mail Group Ltd" : "Track a parcel | Evri", 7, { align: "center" });
  p.items.push(brandMark(rng, p.m, p.y + 6, c === "royalmail" ? "Royal Mail" : "evri", 18, p.font));
  p.text(c === "royalmail" ? "Send   Receive   Track   Business   Help   Sign in" : "Send a parcel   Track a parcel   ParcelShops   Help   Log in", 9, { x: w / 2 - 40, gap: 3.2 });
  p.text(rng.pick(["Track your item", "Track a parcel", "Tracking results", "Where's my parcel?"]), 20, { bold: true, gap: 1.8 });
  p.text(`${rng.pick(["Your item number", "Parcel number", "Tracking number", "Item"])} ${rng.chance(0.4) ? printedCode(rng, c, code) : code}`, 11, { gap: 2 });
  const status = rng.pick(["Delivered", "Out for delivery", "We've got it", "Your parcel is on its way", "Your item has been delivered", "At the delivery office"]);
  p.text(status, 16, { bold: true });
  if (rng.chance(0.6)) p.text(`${rng.pick(["Expected delivery", "Estimated delivery", "Delivered on"])} ${rng.pick(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"])} ${rng.int(1, 28)} ${rng.pick(["November", "December", "January"])}`, 11);
  if (rng.chance(0.5)) p.text(`${rng.pick(["Signed for by:", "Received by:"])} ${personName(rng).split(" ").pop()?.toUpperCase()}`, 10);
  if (rng.chance(0.4)) p.text(`${rng.pick(["Delivering to", "Destination:"])} ${recipientParty(rng).postcode.split(" ")[0]}`, 10);
  p.text(`Service: ${serviceOf(rng, c)}`, 10, { gap: 2.4 });
  p.text(rng.pick(["Tracking history", "Delivery history", "Parcel journey", "Updates"]), 13, { bold: true, gap: 1.8 });
  const events = c === "royalmail" ? ["Delivered", "Out for delivery", "Item received at delivery office", "In transit", "Item received", "We've got it"] : ["Delivered", "Out for delivery", "At your local depot", "At our hub", "Collected by courier", "Parcel dropped off at ParcelShop"];
  const places = ["LEEDS DO", "Bristol Mail Centre", "National Distribution Centre", "Warrington Hub", "ST ALBANS DO", "Your local Evri depot"];
  for (const [i, e] of events.slice(rng.int(0, 2)).entries()) {
    p.row([`${rng.int(1, 28)} ${rng.pick(["Nov", "Dec"])} 2026`, `${String(rng.int(6, 21)).padStart(2, "0")}:${rng.digits(2)}`, e, i % 2 ? rng.pick(places) : ""], [0, 90, 140, 340], 9.5);
  }
  p.y += 10;
  p.text(rng.pick(["Get updates by email", "Need help with this item?", "Change delivery"]), 10, { bold: true, gap: 2.5 });
  p.text(c === "royalmail" ? "© Royal Mail Group Ltd 2026. All rights reserved.   Cookies   Privacy   Accessibility" : "© Evri 2026   Privacy policy   Cookie policy   Terms & conditions", 8);
  p.items.push(line(p.m, h - p.m, url, 7, "sans", { maxW: w - 2 * p.m - 40 }), line(w - p.m - 30, h - p.m, "1/1", 7, "sans"));
  return page("tracking-page", w, h, p.items, [c, status]);
}

/** A shop's order or dispatch e-mail printed to PDF: the mail's headers, the message, the tracking number, the shipping address, the order. */
export function orderMail(rng: Rng): FileSpec {
  const c: Carrier = rng.chance(0.6) ? "royalmail" : "evri";
  const { w, h } = SIZES.a4;
  const p = new Sheet(w, rng.float(36, 54), rng.pick(["sans", "sans", "serif"]));
  const shop = shopName(rng);
  const to = recipientParty(rng);
  const first = to.name.split(" ").find((x) => !/^(Mr|Mrs|Ms|Miss|Dr|Mx|Prof|Rev)\.?$/.test(x)) ?? "there";
  const order = orderNumber(rng).text;
  const dispatched = rng.chance(0.75);
  const subject = dispatched ? rng.pick([`Your order ${order} has been dispatched`, `Good news! Your order is on its way`, `Order ${order} shipped`]) : rng.pick([`Order confirmation ${order}`, `Thanks for your order!`, `We've received your order ${order}`]);
  if (rng.chance(0.7)) {
    p.text(subject, 13, { bold: true, gap: 1.8 });
    p.text(`From: ${shop} <${rng.pick(["orders", "hello", "noreply", "shop"])}@example.co.uk>`, 8.5, { gap: 1.3 });
    p.text(`To: ${to.email ?? "customer@example.com"}`, 8.5, { gap: 1.3 });
    p.text(`Date: ${rng.pick(["Mon", "Tue", "Wed", "Thu", "Fri"])}, ${shipDate(rng).printed} at ${rng.int(7, 22)}:${rng.digits(2)}`, 8.5, { gap: 1.6 });
    p.rule();
  }
  p.items.push(brandMark(rng, p.m, p.y, shop, 16, p.font));
  p.y += 30;
  p.text(`${rng.pick(["Hi", "Hello", "Dear"])} ${first},`, 10.5, { gap: 1.8 });
  p.para(dispatched ? rng.pick(["Great news! Your order is on its way.", "Your order has been packed and handed to the courier.", "We've dispatched your order. You can follow it with the tracking number below."]) : rng.pick(["Thank you for your order! We'll let you know when it ships.", "Thanks for shopping with us. Here is a summary of your order."]), 10.5);
  const code = codeOf(rng, c);
  p.text(`${rng.pick(["Tracking number:", "Tracking no.", "Your tracking number is", "Track your parcel:"])} ${printedCode(rng, c, code)}`, 10.5, { bold: rng.chance(0.5) });
  p.text(`${rng.pick(["Courier:", "Delivery:", "Shipping method:"])} ${c === "royalmail" ? "Royal Mail" : "Evri"} ${serviceOf(rng, c)}`, 10, { gap: 2.2 });
  const style = { ...addressStyle(rng, { upper: 0.1 }), email: false, phone: "none" as const };
  p.text(rng.pick(["Shipping address", "Delivery address", "Shipping to", "Your order will be delivered to:"]), 10, { bold: true });
  for (const l of addressLines(rng, to, style)) p.text(l, 10, { gap: 1.3 });
  p.y += 10;
  p.text(rng.pick(["Order summary", "Your order", "Items in this order"]), 11, { bold: true, gap: 1.7 });
  let total = 0;
  for (let i = rng.int(1, 4); i > 0; i--) {
    const q = rng.int(1, 3);
    const each = money(rng);
    total += q * each;
    p.row([`${rng.pick(["Ceramic mug", "Linen tea towel", "Candle", "Notebook", "Print A3", "Wool scarf", "Earrings"])} × ${q}`, `£${(q * each).toFixed(2)}`], [0, w - 2 * p.m - 70], 10);
  }
  const postage = rng.pick([0, 2.95, 3.99, 4.5]);
  p.row(["Subtotal", `£${total.toFixed(2)}`], [0, w - 2 * p.m - 70], 10);
  p.row([rng.pick(["Shipping", "Delivery", "Postage"]), postage ? `£${postage.toFixed(2)}` : "Free"], [0, w - 2 * p.m - 70], 10);
  p.row(["Total", `£${(total + postage).toFixed(2)}`], [0, w - 2 * p.m - 70], 10, true);
  p.y += 12;
  const from = senderParty(rng, true);
  p.text(`${shop} · ${from.lines[0]} · ${from.town} ${from.printedPostcode}`, 7.5);
  p.text(rng.pick(["You received this e-mail because you placed an order with us. Unsubscribe", "Questions? Just reply to this e-mail."]), 7.5);
  return page("order-mail", w, h, p.items, [dispatched ? "dispatch mail" : "order confirmation", c]);
}
