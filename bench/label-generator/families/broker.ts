/**
 * A parcel broker's label (Parcel2Go / ParcelBroker style): the broker's brand, website and order
 * id, the carrier's name and service, 'Collection address' (the sender, with its address and
 * phone) and 'Delivery address' blocks, weight and dimensions, the broker's helpline, the
 * carrier's barcode.
 */
import { type CarrierParcel, carrierParcel } from "../carrier.ts";
import { addressLines, addressStyle, type Party, recipientParty, senderParty, shipDate, type Truth, weight } from "../content.ts";
import { type Drawing, fitted, type Pen, pen, SIZES, typography } from "../layout.ts";
import { addressBlock, cased, headedBlock, line, linearBarcode, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";

const BROKERS = [
  ["ParcelDash", "parceldash.co.uk", "PD"],
  ["SendFox", "sendfox.co.uk", "SF"],
  ["Parcel4U", "parcel4u.example", "P4U"],
  ["ShipHub UK", "shiphub.example.co.uk", "SH"],
  ["CourierCompare", "couriercompare.example", "CC"],
] as const;

export const broker = (rng: Rng): Drawing => fitted(rng, (r, shrink) => draw(r, shrink));

function draw(rng: Rng, shrink: number): Drawing | null {
  const size = rng.weighted([["4x6", 6], ["6x4", 3], ["100x150", 1]] as const);
  const landscape = SIZES[size].w > SIZES[size].h;
  const p = pen(rng, SIZES[size], typography(rng), shrink, rng.float(8, 16));
  const recipient = recipientParty(rng);
  const sender = senderParty(rng, rng.chance(0.5));
  const date = shipDate(rng);
  const parcel = carrierParcel(rng, recipient, sender, date.date);
  const [brand, site, prefix] = rng.pick(BROKERS);
  const wt = rng.chance(0.7) ? weight(rng, parcel.courier) : null;
  p.notes.push(size, parcel.courier, brand);

  header(p, brand, site, prefix, parcel);
  parties(p, sender, recipient, landscape);
  const facts = [...(wt ? [wt.printed] : []), ...(rng.chance(0.5) ? [`${rng.pick(["Dimensions:", "Size:"])} ${rng.int(10, 60)} x ${rng.int(10, 40)} x ${rng.int(2, 30)} cm`] : []), `${rng.pick(["Ship date:", "Date:", "Collection date:"])} ${date.printed}`];
  p.items.push(line(p.m, p.y, facts.join("   "), 7.5 * p.s, p.typo.body, { maxW: p.w - 2 * p.m }));
  p.y += 12 * p.s;
  if (!barcodes(p, parcel, site)) return null;
  const truth: Truth = { courier: parcel.courier, trackingCode: parcel.code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName: sender.name, service: parcel.service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w: p.w, h: p.h, items: p.items, truth, notes: p.notes, parties: { recipient, sender } };
}

/** The broker's brand, order id and site; the carrier and its service in a bar under them. */
function header(p: Pen, brand: string, site: string, prefix: string, parcel: CarrierParcel) {
  const { rng, s, m, w, items } = p;
  items.push(line(m, p.y, brand, rng.float(14, 19) * s, p.typo.head, { bold: true, maxW: w / 2 }));
  items.push(line(w / 2, p.y, `${cased(rng, "Order:")} ${prefix}-${rng.digits(8)}`, 8 * s, p.typo.body, { align: "right", w: w / 2 - m }));
  items.push(line(w / 2, p.y + 11 * s, `www.${site}`, 7 * s, p.typo.body, { align: "right", w: w / 2 - m }));
  p.y += 26 * s;
  const inverse = rng.chance(0.4);
  items.push({ t: "rect", x: m, y: p.y, w: w - 2 * m, h: 20 * s, fill: inverse, grey: 0, line: 1 });
  items.push(line(m + 4, p.y + 4 * s, `${parcel.brand}  ${parcel.service.printed}`, 11 * s, p.typo.head, { bold: true, maxW: w - 2 * m - 8, white: inverse }));
  p.y += 26 * s;
}

/** Sender ('Collection address') and recipient ('Delivery address') blocks: side by side or stacked, either first. */
function parties(p: Pen, sender: Party, recipient: Party, landscape: boolean) {
  const { rng, s, m, w } = p;
  const senderHeading = rng.pick(["Collection address", "Collection Address:", "Sender", "SENDER", "From", "Collect from:", "Sender details"]);
  const recipientHeading = rng.pick(["Delivery address", "Delivery Address:", "Recipient", "RECIPIENT", "Deliver to", "Deliver to:", "Delivery details"]);
  const sideBySide = landscape || rng.chance(0.4);
  const colW = sideBySide ? (w - 2 * m - 10) / 2 : w - 2 * m;
  const senderLines = addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.15 }), country: null, email: false });
  const style = addressStyle(rng, { upper: 0.2 });
  const senderFirst = rng.chance(0.6);
  const rSize = rng.float(9.5, 12.5) * s;
  const sSize = sideBySide ? rSize * rng.float(0.75, 1) : rng.float(7, 9) * s;
  const place = (who: "sender" | "recipient", x: number, at: number) => {
    const b =
      who === "sender"
        ? headedBlock(rng, senderLines, { x, y: at, size: sSize, font: p.typo.body, maxW: colW, heading: senderHeading, lead: p.typo.lead })
        : addressBlock(rng, recipient, style, { x, y: at, size: rSize, font: p.typo.body, maxW: colW, heading: recipientHeading, nameBold: rng.chance(0.5), lead: p.typo.lead });
    p.items.push(...b.items);
    return b.bottom;
  };
  const order: ("sender" | "recipient")[] = senderFirst ? ["sender", "recipient"] : ["recipient", "sender"];
  const bottom = sideBySide ? Math.max(place(order[0], m, p.y), place(order[1], m + colW + 10, p.y)) : place(order[1], m, place(order[0], m, p.y) + 8);
  p.y = bottom + 6;
}

/** The carrier's barcode, a 2D symbol beside it, the broker's helpline under them; false when they do not fit. */
function barcodes(p: Pen, parcel: CarrierParcel, site: string): boolean {
  const { rng, s, m, w, h, y } = p;
  const sym = parcel.twoD ? rng.float(48, 64) * s : 0;
  const barW = Math.min(w - 2 * m - (sym ? sym + 10 : 0), rng.float(190, 260) * s);
  const barH = rng.float(40, 58) * s;
  const barY = Math.max(y + 4, rng.chance(0.5) ? h - m - barH - 32 * s : y + 6);
  const bar = linearBarcode(rng, { x: m, y: barY, w: barW, h: barH, symbology: "code128", text: parcel.code, printed: parcel.printed, font: "sans", size: rng.float(9.5, 12) * s, quiet: rng.pick([0, 2, 5, 10]) });
  p.items.push(...bar.items);
  if (parcel.twoD) p.items.push(twoD({ x: w - m - sym, y: barY, size: sym, symbology: parcel.twoD.symbology, text: parcel.twoD.text }).item);
  const help = `${rng.pick(["Help:", "Customer services:", "Questions?"])} ${site}  ${rng.pick(["0161 496 0", "0113 496 0", "0117 496 0"])}${rng.digits(3)}`;
  p.items.push(line(m, bar.bottom + 4, help, 6.5 * s, p.typo.body, { maxW: w - 2 * m }));
  return bar.bottom + 14 * s <= h - 3;
}
