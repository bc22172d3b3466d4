/**
 * Evri / Hermes routing labels as the carrier's API writes them (iText, 4x6, often /Rotate 90):
 * the retailer's name as a header (the sender; sometimes absent), a bare customer reference, a sort
 * box ('10' over 'LVPL'), HERMES / COU-PNET, 'VAN 98  DROP 38  C-ROUND 7123', HUB / service words,
 * the recipient block without a heading beside or above the barcode, no weight. The legacy variant
 * carries a 16-digit code as Interleaved 2 of 5, printed '10-712-98-01011449-6'.
 */
import { recipientParty, addressStyle, evriService, shipDate, type Truth } from "../content.ts";
import { customerRef, evriCode, evriPayload, hermesLegacyCode, orderNumber, printedEvri, printedLegacy } from "../codes.ts";
import { fitted, SIZES, typography, type Drawing, type Item } from "../layout.ts";
import { addressBlock, cased, line, linearBarcode, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";
import { retailerName, shopName } from "../world.ts";

const DEPOTS = ["LVPL", "MNCH", "WARR", "BIRM", "LEED", "GLAS", "BRIS", "NOTT", "CARD", "SHEF", "NEWC", "LOND", "PETE", "EXET", "NRWC", "PRES"];

export const evriRouting = (rng: Rng, o: { legacy: boolean }): Drawing => fitted(rng, (r, shrink) => draw(r, shrink, o));

function draw(rng: Rng, shrink: number, o: { legacy: boolean }): Drawing | null {
  const { w, h } = SIZES["4x6"];
  const typo = typography(rng, { body: ["sans", "sans", "sans", "narrow", "mono"], head: ["sans"] });
  const s = typo.scale * shrink;
  const code = o.legacy ? hermesLegacyCode(rng) : evriCode(rng);
  const recipient = recipientParty(rng);
  const service = evriService(rng);
  const sender = rng.chance(0.85) ? (rng.chance(0.7) ? retailerName(rng) : shopName(rng)) : "";
  const depot = rng.pick(DEPOTS);
  const sort = String(rng.int(1, 99)).padStart(2, "0");
  const van = rng.int(1, 120);
  const drop = rng.int(1, 80);
  const round = rng.int(1000, 9999);
  const notes: string[] = [o.legacy ? "legacy ITF" : "Code128"];
  const items: Item[] = [];
  const m = rng.float(8, 16);
  const brand = o.legacy ? rng.pick(["HERMES", "Hermes", "HERMES UK"]) : rng.pick(["EVRI", "evri", "HERMES", "Evri"]);

  // Header: the retailer (sender) top-left, brand or sort box on the right.
  let y = m;
  const sortRight = rng.chance(0.7);
  const sortW = 78 * s;
  const sortX = sortRight ? w - m - sortW : m;
  const headX = sortRight ? m : m + sortW + 10;
  const headW = w - 2 * m - sortW - 10;
  if (sender) {
    const name = rng.chance(0.6) ? sender.toUpperCase() : sender;
    items.push(line(headX, y, name, rng.float(11, 16) * s, typo.head, { bold: true, maxW: headW }));
    y += 18 * s;
    notes.push("retailer header");
  } else notes.push("no sender printed");
  // The bare customer reference (sometimes labelled), and header words.
  const ref = rng.chance(0.75) ? customerRef(rng) : orderNumber(rng).text;
  items.push(line(headX, y, rng.chance(0.7) ? ref : `${cased(rng, rng.pick(["Ref:", "Cust Ref:", "Order:"]))} ${ref}`, rng.float(7, 9) * s, typo.body, { maxW: headW }));
  y += 12 * s;
  // The carrier's name is always among the header words (a page without it is not a Hermes label).
  const words = rng.shuffle([brand, ...rng.shuffle([rng.pick(["COU-PNET", "COU-PDRO", "COU-PNXT"]), rng.chance(0.5) ? `HUB ${rng.int(1, 9)}` : "HUB", service.printed.toUpperCase()]).slice(0, rng.int(1, 3))]);
  items.push(line(headX, y, words.join(rng.pick(["   ", "  ", "    "])), rng.float(9, 12) * s, typo.head, { bold: true, maxW: headW }));
  y += 16 * s;

  // Sort box: '10' over 'LVPL', boxed or white on black.
  const inverse = rng.chance(0.4);
  const sortH = 64 * s;
  if (inverse) items.push({ t: "rect", x: sortX, y: m, w: sortW, h: sortH, fill: true, grey: 0 });
  else items.push({ t: "rect", x: sortX, y: m, w: sortW, h: sortH, line: rng.float(1, 2.5) });
  items.push(line(sortX, m + 4 * s, sort, 34 * s, "sans", { bold: true, align: "center", w: sortW, white: inverse }));
  items.push(line(sortX, m + 40 * s, depot, 18 * s, "sans", { bold: true, align: "center", w: sortW, white: inverse }));
  y = Math.max(y, m + sortH + 8);

  // Recipient block (no heading mostly) and routing codes, in a random order.
  const style = addressStyle(rng, { upper: 0.7 });
  style.email = false;
  const routing = `VAN ${van}${rng.pick(["  ", "   "])}DROP ${drop}${rng.pick(["  ", "   "])}C-ROUND ${round}`;
  const routingSize = rng.float(11, 15) * s;
  const putRouting = () => {
    if (rng.chance(0.7)) {
      items.push(line(m, y, routing, routingSize, typo.head, { bold: true, maxW: w - 2 * m }));
    } else {
      // Three boxes side by side.
      const bw = (w - 2 * m) / 3;
      [`VAN ${van}`, `DROP ${drop}`, `C-ROUND ${round}`].forEach((t, i) => {
        items.push({ t: "rect", x: m + i * bw, y, w: bw - 4, h: routingSize * 1.6, line: 1 });
        items.push(line(m + i * bw, y + routingSize * 0.3, t, routingSize * 0.85, typo.head, { bold: true, align: "center", w: bw - 4, maxW: bw - 8 }));
      });
    }
    y += routingSize * 1.9;
  };
  const putRecipient = () => {
    const heading = rng.chance(0.2) ? rng.pick(["DELIVER TO:", "Deliver to:", "TO:"]) : null;
    const size = rng.float(10, 13) * s;
    const b = addressBlock(rng, recipient, style, { x: m + rng.float(0, 20), y, size, font: typo.body, maxW: w - 2 * m - 20, heading, bold: rng.chance(0.6), nameBold: true, lead: typo.lead });
    items.push(...b.items);
    y = b.bottom + 6;
  };
  if (rng.chance(0.6)) {
    putRecipient();
    putRouting();
  } else {
    putRouting();
    putRecipient();
  }
  items.push(line(m, y, service.printed.toUpperCase(), rng.float(12, 18) * s, typo.head, { bold: true, maxW: w / 2 }));
  if (rng.chance(0.4)) items.push(line(w / 2, y + 2, `${rng.pick(["Parcel", "PCL", "Item"])} 1 of 1`, 9 * s, typo.body));
  y += 24 * s;
  if (rng.chance(0.4)) {
    items.push(line(m, y, `${cased(rng, "Date:")} ${shipDate(rng).printed}`, 8 * s, typo.body));
    y += 12 * s;
  }

  // Barcodes at the bottom: the 1D code with its printed form, a 2D symbol beside it on Evri labels.
  const printed = o.legacy ? (rng.chance(0.9) ? printedLegacy(code) : printedLegacy(code).replaceAll("-", " ")) : printedEvri(rng, code);
  const has2d = !o.legacy && rng.chance(0.75);
  const twoSize = rng.float(52, 70) * s;
  const barW = has2d ? w - 2 * m - twoSize - 10 : w - 2 * m - rng.float(0, 30);
  const barH = rng.float(50, 75) * s;
  const bottomY = Math.max(y, rng.chance(0.6) ? h - m - barH - 22 * s : y + rng.float(6, 30));
  const barX = has2d && rng.chance(0.5) ? m + twoSize + 10 : m;
  const bar = linearBarcode(rng, { x: barX, y: bottomY, w: barW, h: barH, symbology: o.legacy ? "interleaved2of5" : "code128", text: code, printed, font: typo.body, size: rng.float(9, 12) * s, above: rng.chance(0.15) });
  items.push(...bar.items);
  if (has2d) {
    const sym = twoD({ x: barX === m ? w - m - twoSize : m, y: bottomY, size: twoSize, symbology: rng.chance(0.8) ? "datamatrix" : "pdf417", text: evriPayload(rng, { code, to: recipient.postcode, depot, van, drop, round }) });
    if (sym.w > twoSize * 1.05) {
      // A PDF417 is wide: it goes above the 1D code instead.
      sym.item.x = m;
      sym.item.y = bottomY - sym.h - 6;
      if (sym.item.y < y) return null;
    }
    items.push(sym.item);
  }
  if (bar.bottom > h - 2 || y > bottomY + 4) return null;
  const truth: Truth = { courier: "evri", trackingCode: code, recipientName: style.upper ? recipient.name.toUpperCase() : recipient.name, recipientPostcode: recipient.postcode, senderName: sender, service: service.truth };
  return { w, h, items, truth, notes, parties: { recipient, sender: null } };
}
