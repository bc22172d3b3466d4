/**
 * A marketplace's own postage label (the layout of a selling platform's 'buy postage' labels):
 * the platform's name and a tagline ('Shipped with Tradewell'), the carrier's code and service,
 * 'Ship to' the buyer, an order number and sometimes the buyer's username or the item's title,
 * and often no sender at all (platforms hide the seller's address: then no sender is the answer),
 * else the seller on one line or a return block.
 */
import { type CarrierParcel, carrierParcel } from "../carrier.ts";
import { orderNumber } from "../codes.ts";
import { addressLines, addressStyle, type Party, recipientParty, senderOneLine, senderParty, shipDate, type Truth, weight } from "../content.ts";
import { type Drawing, fitted, type Pen, pen, SIZES, typography } from "../layout.ts";
import { addressBlock, brandMark, cased, headedBlock, line, linearBarcode, RETURN_HEADINGS, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";

const PLATFORMS = ["Tradewell", "Marketloop", "Crafty", "Vendora", "Loopshop", "Second Stitch", "Pre-Loved Market", "Shopnest"];
const ITEMS = ["Vintage denim jacket (size M)", "Set of 4 ceramic mugs", "Hardback: The Lighthouse Keeper", "Kids' wellies, size 11", "Handmade soy candle - fig", "Retro games console + 2 pads", "Linen cushion cover, sage", "Trainers, UK 8, worn twice"];

export const marketplace = (rng: Rng): Drawing => fitted(rng, (r, shrink) => draw(r, shrink));

function draw(rng: Rng, shrink: number): Drawing | null {
  const size = rng.weighted([["4x6", 6], ["6x4", 2], ["100x150", 2]] as const);
  const landscape = SIZES[size].w > SIZES[size].h;
  const p = pen(rng, SIZES[size], typography(rng), shrink, rng.float(10, 18));
  const recipient = recipientParty(rng);
  const seller = senderParty(rng, rng.chance(0.6));
  const date = shipDate(rng);
  const parcel = carrierParcel(rng, recipient, seller, date.date);
  const platform = rng.pick(PLATFORMS);
  const tagline = rng.pick([`Shipped with ${platform}`, `Sent with ${platform}`, `Postage bought on ${platform}`, `${platform} Shipping`, `Delivered with ${platform} Postage`]);
  const wt = rng.chance(0.3) ? weight(rng, parcel.courier) : null;
  const senderMode = rng.weighted([["none", 45], ["oneLine", 25], ["block", 30]] as const);
  p.notes.push(size, parcel.courier, tagline, `sender: ${senderMode}`);

  const taglineTop = rng.chance(0.5);
  header(p, platform, parcel, taglineTop ? tagline : null);
  shipTo(p, recipient, landscape, [...(wt ? [wt.printed] : []), date.printed]);
  if (senderMode !== "none") sellerBlock(p, seller, senderMode);
  const senderName = senderMode === "none" ? "" : seller.name;
  if (!barcodes(p, parcel, taglineTop ? null : tagline)) return null;
  const truth: Truth = { courier: parcel.courier, trackingCode: parcel.code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName, service: parcel.service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w: p.w, h: p.h, items: p.items, truth, notes: p.notes, parties: { recipient, sender: senderName ? seller : null } };
}

/** Platform and carrier, the tagline under them (when not a footer), a rule, the service. */
function header(p: Pen, platform: string, parcel: CarrierParcel, tagline: string | null) {
  const { rng, s, m, w, items } = p;
  items.push(line(m, p.y, platform, rng.float(14, 20) * s, p.typo.head, { bold: true, maxW: w / 2 - m }));
  items.push(brandMark(rng, w / 2, p.y, parcel.brand, rng.float(13, 18) * s, "sans", { align: "right", w: w / 2 - m }));
  p.y += 24 * s;
  if (tagline) {
    items.push(line(m, p.y, tagline, rng.float(7.5, 10) * s, p.typo.body, { maxW: w - 2 * m }));
    p.y += 14 * s;
  }
  items.push({ t: "line", x1: m, y1: p.y, x2: w - m, y2: p.y, width: 1 });
  p.y += 6;
  items.push(line(m, p.y, cased(rng, parcel.service.printed, 0.3), rng.float(11, 14) * s, p.typo.head, { bold: true, maxW: w - 2 * m }));
  p.y += 18 * s;
}

/** 'Ship to' the buyer, with the order number, username, item, weight and date under it (beside it on a landscape label). */
function shipTo(p: Pen, recipient: Party, landscape: boolean, tail: string[]) {
  const { rng, s, m, w, items, y } = p;
  const colW = landscape ? w * 0.55 - m : w - 2 * m;
  const style = addressStyle(rng, { upper: 0.25 });
  const rSize = rng.float(10.5, 13.5) * s;
  const to = addressBlock(rng, recipient, style, { x: m, y, size: rSize, font: p.typo.body, maxW: colW, heading: rng.chance(0.8) ? rng.pick(["Ship to", "SHIP TO", "Ship To:", "Deliver to", "To", "Buyer"]) : null, nameBold: rng.chance(0.6), lead: p.typo.lead });
  items.push(...to.items);
  const info: string[] = [`${cased(rng, rng.pick(["Order", "Order no.", "Order number:", "Order #"]))} ${orderNumber(rng).text}`];
  if (rng.chance(0.35)) info.push(`${rng.pick(["Buyer:", "Username:"])} ${recipient.name.split(" ").pop()!.toLowerCase().replace(/[^a-z]/g, "")}_${rng.int(1, 999)}`);
  if (rng.chance(0.35)) info.push(`${rng.pick(["Item:", "1 x"])} ${rng.pick(ITEMS)}`);
  info.push(...tail);
  const infoX = landscape ? w * 0.58 : m;
  let infoY = landscape ? y : to.bottom + 6;
  for (const t of info) {
    items.push(line(infoX, infoY, t, 7.5 * s, p.typo.body, { maxW: landscape ? w * 0.42 - m : w - 2 * m }));
    infoY += 10 * s;
  }
  p.y = Math.max(to.bottom, infoY) + 6;
}

/** The seller on one line ('Sold by: …') or as a return block. */
function sellerBlock(p: Pen, seller: Party, mode: "oneLine" | "block") {
  const { rng, s, m, w } = p;
  if (mode === "oneLine") {
    p.items.push(line(m, p.y, `${rng.pick(["From:", "Sold by:", "Seller:", "From"])} ${senderOneLine(rng, seller, rng.chance(0.3))}`, 8 * s, p.typo.body, { maxW: w - 2 * m }));
    p.y += 13 * s;
    return;
  }
  const lines = addressLines(rng, seller, { ...addressStyle(rng, { upper: 0.1 }), phone: "none", email: false, country: null, townPostcode: rng.chance(0.5) });
  const b = headedBlock(rng, lines, { x: m, y: p.y, size: rng.float(6.5, 8) * s, font: p.typo.body, maxW: w - 2 * m, heading: rng.pick([...RETURN_HEADINGS, "From:", "Seller:"]), lead: p.typo.lead });
  p.items.push(...b.items);
  p.y = b.bottom + 4;
}

/** The carrier's barcode, a 2D symbol beside it, the tagline as a footer; false when they do not fit. */
function barcodes(p: Pen, parcel: CarrierParcel, footerTagline: string | null): boolean {
  const { rng, s, m, w, h, y } = p;
  const sym = parcel.twoD ? rng.float(48, 62) * s : 0;
  const barW = Math.min(w - 2 * m - (sym ? sym + 10 : 0), rng.float(190, 260) * s);
  const barH = rng.float(42, 60) * s;
  const footer = footerTagline ? 14 * s : 0;
  const barY = Math.max(y + 4, rng.chance(0.5) ? h - m - footer - barH - 18 * s : y + 6);
  const bar = linearBarcode(rng, { x: m, y: barY, w: barW, h: barH, symbology: "code128", text: parcel.code, printed: parcel.printed, font: "sans", size: rng.float(9.5, 12) * s, quiet: rng.pick([0, 2, 5, 10]) });
  p.items.push(...bar.items);
  if (parcel.twoD) p.items.push(twoD({ x: w - m - sym, y: barY, size: sym, symbology: parcel.twoD.symbology, text: parcel.twoD.text }).item);
  if (footerTagline) p.items.push(line(m, h - m - 10 * s, footerTagline, 8 * s, p.typo.body, { maxW: w - 2 * m, align: "center", w: w - 2 * m }));
  return bar.bottom <= h - m - footer;
}
