/**
 * Sheets and mixed files: A4 pages holding 1–4 labels (one in a quarter, two side by side on the
 * portrait page's halves, two stacked, a 2x2 grid, three of four cells), with or without cut
 * guides; several labels one per page; and a label with its packing slip, as pages of one file or as the two halves of one A4
 * page. A packing slip repeats the recipient under 'Shipping Address' (sometimes with a different
 * 'Billing Address'), names the shop, lists the items with prices in £.
 */
import { orderNumber } from "../codes.ts";
import { addressLines, addressStyle, recipientParty, shipDate } from "../content.ts";
import { SIZES, textBlock, type Drawing, type FileSpec, type Item, type PageSpec, type Placement } from "../layout.ts";
import { line } from "../parts.ts";
import type { Rng } from "../random.ts";
import { broker } from "./broker.ts";
import { evriRouting } from "./evri-routing.ts";
import { evriShop } from "./evri-shop.ts";
import { marketplace } from "./marketplace.ts";
import { rmClickDrop } from "./rm-clickdrop.ts";

/** A label from one of the families sheet tools print. */
export function anyLabel(rng: Rng): Drawing {
  const kind = rng.weighted([["clickdrop", 4], ["evriShop", 2], ["evriHome", 2], ["routing", 1], ["marketplace", 2], ["broker", 2]] as const);
  if (kind === "clickdrop") return rmClickDrop(rng);
  if (kind === "evriShop" || kind === "evriHome") return evriShop(rng, { inStore: kind === "evriShop" });
  if (kind === "routing") return evriRouting(rng, { legacy: rng.chance(0.2) });
  if (kind === "marketplace") return marketplace(rng);
  return broker(rng);
}

/** Fits a drawing into a cell (never enlarged), top-left or centred. */
function fitCell(d: Drawing, x: number, y: number, w: number, h: number, rng: Rng): Placement {
  const scale = Math.min(1, (w - 8) / d.w, (h - 8) / d.h);
  const centre = rng.chance(0.6);
  return { drawing: d, scale, x: x + (centre ? (w - d.w * scale) / 2 : 4), y: y + (centre ? (h - d.h * scale) / 2 : 4) };
}

export function a4Sheet(rng: Rng): FileSpec {
  const { w, h } = SIZES.a4;
  const arrangement = rng.weighted([["quarter", 2], ["sideBySide", 3], ["stacked", 2], ["grid", 2], ["three", 1]] as const);
  const m = rng.float(6, 20);
  const cells: [number, number, number, number][] = [];
  const hw = (w - 2 * m) / 2;
  const hh = (h - 2 * m) / 2;
  if (arrangement === "quarter") cells.push(rng.pick([[m, m, hw, hh], [m + hw, m, hw, hh], [m, m + hh, hw, hh]] as [number, number, number, number][]));
  if (arrangement === "sideBySide") cells.push([m, m, hw, h - 2 * m], [m + hw, m, hw, h - 2 * m]);
  if (arrangement === "stacked") cells.push([m, m, w - 2 * m, hh], [m, m + hh, w - 2 * m, hh]);
  if (arrangement === "grid" || arrangement === "three") cells.push([m, m, hw, hh], [m + hw, m, hw, hh], [m, m + hh, hw, hh], [m + hw, m + hh, hw, hh]);
  if (arrangement === "three") cells.pop();
  const placements = cells.map((c, i) => fitCell(anyLabel(rng.fork(`cell${i}`)), ...c, rng));
  const items: Item[] = [];
  if (cells.length > 1 && rng.chance(0.5)) {
    if (arrangement !== "stacked") items.push({ t: "line", x1: w / 2, y1: 6, x2: w / 2, y2: h - 6, width: 0.5, dash: true });
    if (arrangement !== "sideBySide") items.push({ t: "line", x1: 6, y1: h / 2, x2: w - 6, y2: h / 2, width: 0.5, dash: true });
  }
  return { family: "a4-sheet", pages: [{ w, h, placements, items, storage: "upright" }], labels: placements.map((p) => p.drawing.truth), notes: [arrangement, ...placements.flatMap((p) => p.drawing.notes)] };
}

const GOODS = ["Ceramic mug, speckled blue", "Soy wax candle 200g", "Linen tea towel", "A5 dot grid notebook", "Hand-poured soap bar", "Enamel pin badge", "Wool beanie, charcoal", "Print, A4 unframed", "Vinyl record LP", "Silver stud earrings"];

/** A packing slip's content in a box of the page: the shop, the order, 'Shipping Address', items and total. */
function slipItems(rng: Rng, d: Drawing, x: number, y: number, w: number, compact: boolean): Item[] {
  const font = rng.pick(["sans", "serif", "sans"] as const);
  const size = compact ? rng.float(6.5, 7.5) : rng.float(8, 10.5);
  const items: Item[] = [line(x, y, rng.pick(["Packing Slip", "PACKING SLIP", "Delivery Note", "Dispatch Note", "Packing List", "Order Summary"]), size * 1.8, font, { bold: true })];
  let top = y + size * 3;
  const shop = d.parties?.sender;
  if (shop) {
    items.push(line(x + w / 2, y, shop.name, size * 1.2, font, { bold: true, align: "right", w: w / 2 }));
    items.push(line(x + w / 2, y + size * 1.6, `${shop.town} ${shop.printedPostcode}`, size * 0.9, font, { align: "right", w: w / 2 }));
  }
  items.push(line(x, top, `${rng.pick(["Order", "Order No:", "Order number:"])} ${orderNumber(rng).text}     ${rng.pick(["Order date:", "Date:"])} ${shipDate(rng).printed}`, size, font, { maxW: w }));
  top += size * 2.2;
  const recipient = d.parties?.recipient;
  if (recipient) {
    const style = { ...addressStyle(rng, { upper: 0.1 }), email: false };
    const ship = textBlock(x, top, [{ text: rng.pick(["Shipping Address", "Shipping address:", "SHIPPING ADDRESS", "Ship to"]), bold: true }, ...addressLines(rng, recipient, style)], { size, font, lead: 1.25 });
    items.push(...ship.items);
    if (!compact && rng.chance(0.6)) {
      const billing = rng.chance(0.6) ? recipient : recipientParty(rng);
      const bill = textBlock(x + w / 2, top, [{ text: rng.pick(["Billing Address", "Billing address:", "BILLING ADDRESS"]), bold: true }, ...addressLines(rng, billing, { ...style, phone: "none" })], { size, font, lead: 1.25 });
      items.push(...bill.items);
      top = Math.max(ship.bottom, bill.bottom);
    } else top = ship.bottom;
  }
  top += size;
  const n = rng.int(1, compact ? 2 : 4);
  let total = 0;
  const rows = [`${rng.pick(["Qty", "QTY"])}   ${rng.pick(["Item", "Description", "Product"])}`];
  for (let i = 0; i < n; i++) {
    const q = rng.int(1, 3);
    const p = rng.int(3, 40) + rng.pick([0, 0.5, 0.99, 0.49]);
    total += q * p;
    rows.push(`${q}   ${rng.pick(GOODS)}   £${(q * p).toFixed(2)}`);
  }
  rows.push(`${rng.pick(["Total:", "Order total", "TOTAL"])} £${total.toFixed(2)}`, "", rng.pick(["Thank you for your order!", "Thanks for shopping with us.", "Questions? Reply to your order e-mail."]));
  items.push(...textBlock(x, top, rows, { size, font, lead: 1.3 }).items);
  return items;
}

export function packingSlip(rng: Rng): FileSpec {
  const d = anyLabel(rng.fork("label"));
  const variant = rng.weighted([["pagesSlipFirst", 3], ["pagesLabelFirst", 2], ["halfPage", 3]] as const);
  const a4 = SIZES.a4;
  let pages: PageSpec[];
  if (variant === "halfPage") {
    const labelTop = rng.chance(0.7);
    const scale = Math.min(1, (a4.w - 40) / d.w, (a4.h / 2 - 30) / d.h);
    const placement = { drawing: d, scale, x: rng.chance(0.5) ? 20 : (a4.w - d.w * scale) / 2, y: labelTop ? 20 : a4.h / 2 + 10 };
    const cut: Item = { t: "line", x1: 10, y1: a4.h / 2, x2: a4.w - 10, y2: a4.h / 2, width: 0.6, dash: true };
    pages = [{ w: a4.w, h: a4.h, placements: [placement], items: [cut, ...slipItems(rng, d, 36, labelTop ? a4.h / 2 + 24 : 36, a4.w - 72, false)], storage: "upright" }];
  } else {
    // Both pages the size of the label's page (a 4x6 roll, or A4 with the label at its top).
    const onA4 = rng.chance(0.5) || d.w > d.h;
    const page = onA4 ? a4 : { w: d.w, h: d.h };
    const labelPage: PageSpec = { ...page, placements: [onA4 ? { drawing: d, x: 20, y: 20, scale: Math.min(1, (a4.w - 40) / d.w, (a4.h / 2 - 30) / d.h) } : { drawing: d, x: 0, y: 0, scale: 1 }], items: [], storage: "upright" };
    const slipPage: PageSpec = { ...page, placements: [], items: slipItems(rng, d, onA4 ? 36 : 12, onA4 ? 36 : 14, page.w - (onA4 ? 72 : 24), !onA4), storage: "upright" };
    pages = variant === "pagesSlipFirst" ? [slipPage, labelPage] : [labelPage, slipPage];
  }
  return { family: "packing-slip", pages, labels: [d.truth], notes: [variant, ...d.notes] };
}

/** Several labels in one PDF, one per page ('One label per page'), each page the first label's size. */
export function multiPage(rng: Rng): FileSpec {
  const drawings = Array.from({ length: rng.int(2, 4) }, (_, i) => anyLabel(rng.fork(`page${i}`)));
  const { w, h } = drawings[0];
  const pages: PageSpec[] = drawings.map((d, i) => ({ w, h, placements: [i === 0 ? { drawing: d, x: 0, y: 0, scale: 1 } : fitCell(d, 0, 0, w, h, rng)], items: [], storage: "upright" }));
  return { family: "multi-page", pages, labels: drawings.map((d) => d.truth), notes: [`${drawings.length} pages`, ...drawings.flatMap((d) => d.notes)] };
}
