/**
 * Evri / Hermes routing labels as the carrier's API writes them (iText, 4x6, often /Rotate 90):
 * the retailer's name as a header (the sender; sometimes absent), a bare customer reference, a sort
 * box ('10' over 'LVPL'), HERMES / COU-PNET, 'VAN 98  DROP 38  C-ROUND 7123', HUB / service words,
 * the recipient block without a heading beside or above the barcode, no weight. The legacy variant
 * carries a 16-digit code as Interleaved 2 of 5, printed '10-712-98-01011449-6'.
 */
import { customerRef, evriCode, evriPayload, hermesLegacyCode, orderNumber, printedEvri, printedLegacy } from "../codes.ts";
import { addressStyle, evriService, type Party, recipientParty, shipDate, type Truth } from "../content.ts";
import { type Drawing, fitted, type Pen, pen, SIZES, typography } from "../layout.ts";
import { addressBlock, cased, line, linearBarcode, twoD } from "../parts.ts";
import type { Rng } from "../random.ts";
import { retailerName, shopName } from "../world.ts";

const DEPOTS = ["LVPL", "MNCH", "WARR", "BIRM", "LEED", "GLAS", "BRIS", "NOTT", "CARD", "SHEF", "NEWC", "LOND", "PETE", "EXET", "NRWC", "PRES"];

export const evriRouting = (rng: Rng, o: { legacy: boolean }): Drawing => fitted(rng, (r, shrink) => draw(r, shrink, o));

interface Routing {
  depot: string;
  sort: string;
  van: number;
  drop: number;
  round: number;
}

function draw(rng: Rng, shrink: number, o: { legacy: boolean }): Drawing | null {
  const typo = typography(rng, { body: ["sans", "sans", "sans", "narrow", "mono"], head: ["sans"] });
  const code = o.legacy ? hermesLegacyCode(rng) : evriCode(rng);
  const recipient = recipientParty(rng);
  const service = evriService(rng);
  const sender = rng.chance(0.85) ? (rng.chance(0.7) ? retailerName(rng) : shopName(rng)) : "";
  const routing: Routing = { depot: rng.pick(DEPOTS), sort: String(rng.int(1, 99)).padStart(2, "0"), van: rng.int(1, 120), drop: rng.int(1, 80), round: rng.int(1000, 9999) };
  const p = pen(rng, SIZES["4x6"], typo, shrink, rng.float(8, 16));
  p.notes.push(o.legacy ? "legacy ITF" : "Code128");
  const brand = o.legacy ? rng.pick(["HERMES", "Hermes", "HERMES UK"]) : rng.pick(["EVRI", "evri", "HERMES", "Evri"]);

  header(p, sender, brand, service.printed, routing);
  const style = addressStyle(rng, { upper: 0.7 });
  style.email = false;
  const line1 = `VAN ${routing.van}${rng.pick(["  ", "   "])}DROP ${routing.drop}${rng.pick(["  ", "   "])}C-ROUND ${routing.round}`;
  const routingSize = rng.float(11, 15) * p.s;
  if (rng.chance(0.6)) {
    recipientBlock(p, recipient, style);
    routingCodes(p, line1, routingSize, routing);
  } else {
    routingCodes(p, line1, routingSize, routing);
    recipientBlock(p, recipient, style);
  }
  serviceLine(p, service.printed);
  if (!bottomCodes(p, code, o.legacy, recipient, routing)) return null;
  const truth: Truth = { courier: "evri", trackingCode: code, recipientName: style.upper ? recipient.name.toUpperCase() : recipient.name, recipientPostcode: recipient.postcode, senderName: sender, service: service.truth };
  return { w: p.w, h: p.h, items: p.items, truth, notes: p.notes, parties: { recipient, sender: null } };
}

/** The retailer (sender) top-left, its reference and the header words; the sort box on the other side. */
function header(p: Pen, sender: string, brand: string, service: string, routing: Routing) {
  const { rng, s, m, w, items } = p;
  const sortRight = rng.chance(0.7);
  const sortW = 78 * s;
  const sortX = sortRight ? w - m - sortW : m;
  const headX = sortRight ? m : m + sortW + 10;
  const headW = w - 2 * m - sortW - 10;
  if (sender) {
    const name = rng.chance(0.6) ? sender.toUpperCase() : sender;
    items.push(line(headX, p.y, name, rng.float(11, 16) * s, p.typo.head, { bold: true, maxW: headW }));
    p.y += 18 * s;
    p.notes.push("retailer header");
  } else p.notes.push("no sender printed");
  // The bare customer reference (sometimes labelled), and header words.
  const ref = rng.chance(0.75) ? customerRef(rng) : orderNumber(rng).text;
  items.push(line(headX, p.y, rng.chance(0.7) ? ref : `${cased(rng, rng.pick(["Ref:", "Cust Ref:", "Order:"]))} ${ref}`, rng.float(7, 9) * s, p.typo.body, { maxW: headW }));
  p.y += 12 * s;
  // The carrier's name is always among the header words (a page without it is not a Hermes label).
  const words = rng.shuffle([brand, ...rng.shuffle([rng.pick(["COU-PNET", "COU-PDRO", "COU-PNXT"]), rng.chance(0.5) ? `HUB ${rng.int(1, 9)}` : "HUB", service.toUpperCase()]).slice(0, rng.int(1, 3))]);
  items.push(line(headX, p.y, words.join(rng.pick(["   ", "  ", "    "])), rng.float(9, 12) * s, p.typo.head, { bold: true, maxW: headW }));
  p.y += 16 * s;
  // Sort box: '10' over 'LVPL', boxed or white on black.
  const inverse = rng.chance(0.4);
  const sortH = 64 * s;
  if (inverse) items.push({ t: "rect", x: sortX, y: m, w: sortW, h: sortH, fill: true, grey: 0 });
  else items.push({ t: "rect", x: sortX, y: m, w: sortW, h: sortH, line: rng.float(1, 2.5) });
  items.push(line(sortX, m + 4 * s, routing.sort, 34 * s, "sans", { bold: true, align: "center", w: sortW, white: inverse }));
  items.push(line(sortX, m + 40 * s, routing.depot, 18 * s, "sans", { bold: true, align: "center", w: sortW, white: inverse }));
  p.y = Math.max(p.y, m + sortH + 8);
}

/** 'VAN 98  DROP 38  C-ROUND 7123' on one line, or in three boxes side by side. */
function routingCodes(p: Pen, text: string, size: number, r: Routing) {
  const { rng, m, w, items } = p;
  if (rng.chance(0.7)) {
    items.push(line(m, p.y, text, size, p.typo.head, { bold: true, maxW: w - 2 * m }));
  } else {
    const bw = (w - 2 * m) / 3;
    [`VAN ${r.van}`, `DROP ${r.drop}`, `C-ROUND ${r.round}`].forEach((t, i) => {
      items.push({ t: "rect", x: m + i * bw, y: p.y, w: bw - 4, h: size * 1.6, line: 1 });
      items.push(line(m + i * bw, p.y + size * 0.3, t, size * 0.85, p.typo.head, { bold: true, align: "center", w: bw - 4, maxW: bw - 8 }));
    });
  }
  p.y += size * 1.9;
}

/** The recipient: a bare block mostly, a heading on some. */
function recipientBlock(p: Pen, recipient: Party, style: ReturnType<typeof addressStyle>) {
  const { rng, m, w } = p;
  const heading = rng.chance(0.2) ? rng.pick(["DELIVER TO:", "Deliver to:", "TO:"]) : null;
  const size = rng.float(10, 13) * p.s;
  const b = addressBlock(rng, recipient, style, { x: m + rng.float(0, 20), y: p.y, size, font: p.typo.body, maxW: w - 2 * m - 20, heading, bold: rng.chance(0.6), nameBold: true, lead: p.typo.lead });
  p.items.push(...b.items);
  p.y = b.bottom + 6;
}

/** The service large, 'Parcel 1 of 1' and the date on some. */
function serviceLine(p: Pen, service: string) {
  const { rng, s, m, w, items } = p;
  items.push(line(m, p.y, service.toUpperCase(), rng.float(12, 18) * s, p.typo.head, { bold: true, maxW: w / 2 }));
  if (rng.chance(0.4)) items.push(line(w / 2, p.y + 2, `${rng.pick(["Parcel", "PCL", "Item"])} 1 of 1`, 9 * s, p.typo.body));
  p.y += 24 * s;
  if (rng.chance(0.4)) {
    items.push(line(m, p.y, `${cased(rng, "Date:")} ${shipDate(rng).printed}`, 8 * s, p.typo.body));
    p.y += 12 * s;
  }
}

/** The 1D code with its printed form at the bottom, a 2D symbol beside (or a PDF417 above) it on Evri labels; false when they do not fit. */
function bottomCodes(p: Pen, code: string, legacy: boolean, recipient: Party, r: Routing): boolean {
  const { rng, s, m, w, h, items, y } = p;
  const printed = legacy ? (rng.chance(0.9) ? printedLegacy(code) : printedLegacy(code).replaceAll("-", " ")) : printedEvri(rng, code);
  const has2d = !legacy && rng.chance(0.75);
  const twoSize = rng.float(52, 70) * s;
  const barW = has2d ? w - 2 * m - twoSize - 10 : w - 2 * m - rng.float(0, 30);
  const barH = rng.float(50, 75) * s;
  const bottomY = Math.max(y, rng.chance(0.6) ? h - m - barH - 22 * s : y + rng.float(6, 30));
  const barX = has2d && rng.chance(0.5) ? m + twoSize + 10 : m;
  const bar = linearBarcode(rng, { x: barX, y: bottomY, w: barW, h: barH, symbology: legacy ? "interleaved2of5" : "code128", text: code, printed, font: p.typo.body, size: rng.float(9, 12) * s, above: rng.chance(0.15) });
  items.push(...bar.items);
  if (has2d) {
    const sym = twoD({ x: barX === m ? w - m - twoSize : m, y: bottomY, size: twoSize, symbology: rng.chance(0.8) ? "datamatrix" : "pdf417", text: evriPayload(rng, { code, to: recipient.postcode, depot: r.depot, van: r.van, drop: r.drop, round: r.round }) });
    if (sym.w > twoSize * 1.05) {
      // A PDF417 is wide: it goes above the 1D code instead.
      sym.item.x = m;
      sym.item.y = bottomY - sym.h - 6;
      if (sym.item.y < y) return false;
    }
    items.push(sym.item);
  }
  return bar.bottom <= h - 2 && y <= bottomY + 4;
}
