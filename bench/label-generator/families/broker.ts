/**
 * A parcel broker's label (Parcel2Go / ParcelBroker style): the broker's brand, website and order
 * id, the carrier's name and service, 'Collection address' (the sender, with its address and
 * phone) and 'Delivery address' blocks, weight and dimensions, the broker's helpline, the
 * carrier's barcode.
 */
import { carrierParcel } from "../carrier.ts";
import { addressLines, addressStyle, recipientParty, senderParty, shipDate, weight, type Truth } from "../content.ts";
import { fitted, SIZES, typography, type Drawing, type Item } from "../layout.ts";
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
  const { w, h } = SIZES[size];
  const landscape = w > h;
  const typo = typography(rng);
  const s = typo.scale * shrink;
  const m = rng.float(8, 16);
  const recipient = recipientParty(rng);
  const sender = senderParty(rng, rng.chance(0.5));
  const date = shipDate(rng);
  const parcel = carrierParcel(rng, recipient, sender, date.date);
  const [brand, site, prefix] = rng.pick(BROKERS);
  const wt = rng.chance(0.7) ? weight(rng) : null;
  const items: Item[] = [];
  const notes = [size, parcel.courier, brand];

  // Broker header: brand, site, order id; the carrier and its service under it.
  let y = m;
  items.push(line(m, y, brand, rng.float(14, 19) * s, typo.head, { bold: true, maxW: w / 2 }));
  items.push(line(w / 2, y, `${cased(rng, "Order:")} ${prefix}-${rng.digits(8)}`, 8 * s, typo.body, { align: "right", w: w / 2 - m }));
  items.push(line(w / 2, y + 11 * s, `www.${site}`, 7 * s, typo.body, { align: "right", w: w / 2 - m }));
  y += 26 * s;
  const inverse = rng.chance(0.4);
  items.push({ t: "rect", x: m, y, w: w - 2 * m, h: 20 * s, fill: inverse, grey: 0, line: 1 });
  items.push(line(m + 4, y + 4 * s, `${parcel.brand}  ${parcel.service.printed}`, 11 * s, typo.head, { bold: true, maxW: w - 2 * m - 8, white: inverse }));
  y += 26 * s;

  // Sender and recipient blocks: side by side or stacked, the sender first or second.
  const senderHeading = rng.pick(["Collection address", "Collection Address:", "Sender", "SENDER", "From", "Collect from:", "Sender details"]);
  const recipientHeading = rng.pick(["Delivery address", "Delivery Address:", "Recipient", "RECIPIENT", "Deliver to", "Deliver to:", "Delivery details"]);
  const sideBySide = landscape || rng.chance(0.4);
  const colW = sideBySide ? (w - 2 * m - 10) / 2 : w - 2 * m;
  const senderLines = addressLines(rng, sender, { ...addressStyle(rng, { upper: 0.15 }), country: null, email: false });
  const style = addressStyle(rng, { upper: 0.2 });
  const senderFirst = rng.chance(0.6);
  const rSize = rng.float(9.5, 12.5) * s;
  const sSize = sideBySide ? rSize * rng.float(0.75, 1) : rng.float(7, 9) * s;
  let bottom = y;
  const place = (who: "sender" | "recipient", x: number, at: number) => {
    const b =
      who === "sender"
        ? headedBlock(rng, senderLines, { x, y: at, size: sSize, font: typo.body, maxW: colW, heading: senderHeading, lead: typo.lead })
        : addressBlock(rng, recipient, style, { x, y: at, size: rSize, font: typo.body, maxW: colW, heading: recipientHeading, nameBold: rng.chance(0.5), lead: typo.lead });
    items.push(...b.items);
    return b.bottom;
  };
  const order: ("sender" | "recipient")[] = senderFirst ? ["sender", "recipient"] : ["recipient", "sender"];
  if (sideBySide) {
    bottom = Math.max(place(order[0], m, y), place(order[1], m + colW + 10, y));
  } else {
    bottom = place(order[1], m, place(order[0], m, y) + 8);
  }
  y = bottom + 6;
  const facts = [...(wt ? [wt.printed] : []), ...(rng.chance(0.5) ? [`${rng.pick(["Dimensions:", "Size:"])} ${rng.int(10, 60)} x ${rng.int(10, 40)} x ${rng.int(2, 30)} cm`] : []), `${rng.pick(["Ship date:", "Date:", "Collection date:"])} ${date.printed}`];
  items.push(line(m, y, facts.join("   "), 7.5 * s, typo.body, { maxW: w - 2 * m }));
  y += 12 * s;

  const sym = parcel.twoD ? rng.float(48, 64) * s : 0;
  const barW = Math.min(w - 2 * m - (sym ? sym + 10 : 0), rng.float(190, 260) * s);
  const barH = rng.float(40, 58) * s;
  const barY = Math.max(y + 4, rng.chance(0.5) ? h - m - barH - 32 * s : y + 6);
  const bar = linearBarcode(rng, { x: m, y: barY, w: barW, h: barH, symbology: "code128", text: parcel.code, printed: parcel.printed, font: "sans", size: rng.float(9.5, 12) * s });
  items.push(...bar.items);
  if (parcel.twoD) items.push(twoD({ x: w - m - sym, y: barY, size: sym, symbology: parcel.twoD.symbology, text: parcel.twoD.text }).item);
  const help = `${rng.pick(["Help:", "Customer services:", "Questions?"])} ${site}  ${rng.pick(["0161 496 0", "0113 496 0", "0117 496 0"])}${rng.digits(3)}`;
  items.push(line(m, bar.bottom + 4, help, 6.5 * s, typo.body, { maxW: w - 2 * m }));
  if (bar.bottom + 14 * s > h - 3) return null;
  const truth: Truth = { courier: parcel.courier, trackingCode: parcel.code, recipientName: recipient.name, recipientPostcode: recipient.postcode, senderName: sender.name, service: parcel.service.truth };
  if (wt) truth.weightInGrams = wt.grams;
  return { w, h, items, truth, notes, parties: { recipient, sender } };
}
