import { TITLES } from "../label-reading/vocabulary";
import { ukPostcode } from "./orders";

/**
 * Which order awaiting dispatch a label is for (issue 34, 'Labels meet orders'). A wrong link is worse than none: it
 * would send one buyer another's tracking. So a label is linked only when exactly one order fits it surely and no
 * other fits it at all; when several fit, or one fits weakly, the seller is asked ('Which order is this label for?').
 *
 * - The postcode must be the same (UK form, spaces aside): a label without one is never linked by itself.
 * - Names are compared after normalising: case, accents ('Amélie' = 'Amelie'), punctuation, and titles ('Mrs', 'Dr')
 *   dropped. Sure: the same names; or the same surname and first name, where one side may give only its initial
 *   ('A. Dupont' for 'Amélie Dupont'). Weak: the same surname with one side giving no first name ('Dupont'), or the
 *   same names in another order ('Dupont Amélie'). A first name that differs ('Anne Dupont') is another person at the
 *   same address: no fit at all.
 * - The label must fall within the order's dispatch window: from a day before the order to a week after its
 *   dispatch-by date (two weeks after the order when the marketplace gives none).
 * - An order that has a label already stays a candidate: one order can take several parcels.
 */
export interface LabelToMatch {
  recipientName: string;
  postcode: string | null;
  /** When the label was made (ms). */
  at: number;
}

export interface OrderToMatch {
  id: string;
  recipientName: string;
  postcode: string;
  orderedAt: number;
  dispatchBy: number | null;
}

export type MatchOutcome = { kind: "link"; orderId: string } | { kind: "ask"; orderIds: string[] } | { kind: "none" };

const DAY = 86_400_000;
const TITLE_WORDS = new Set(TITLES);
const MAX_ASKED = 5;

/** A name as words: lower case, accents and punctuation gone, titles dropped ('Mrs. Amélie O\'Brien' -> amelie obrien). */
export function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((w) => w && !TITLE_WORDS.has(w));
}

const compactPostcode = (p: string) => ukPostcode(p).replace(/\s+/g, "");

/** How surely two names are one person: 2 sure, 1 weak, 0 not. */
export function nameFit(a: string, b: string): 0 | 1 | 2 {
  const x = nameWords(a);
  const y = nameWords(b);
  if (!x.length || !y.length) return 0;
  if (x.join(" ") === y.join(" ")) return 2;
  if (x.at(-1) !== y.at(-1)) return [...x].sort().join(" ") === [...y].sort().join(" ") ? 1 : 0;
  // Same surname: the first names decide.
  if (x.length === 1 || y.length === 1) return 1;
  const [f, g] = [x[0], y[0]];
  // The same first name: sure when one leaves out middle names; both giving different ones is weak.
  if (f === g) return x.length === 2 || y.length === 2 ? 2 : 1;
  const initial = f.length === 1 ? f : g.length === 1 ? g : null;
  const whole = f.length === 1 ? g : f;
  return initial !== null && whole.startsWith(initial) ? 2 : 0;
}

function inWindow(label: LabelToMatch, o: OrderToMatch): boolean {
  const last = o.dispatchBy !== null ? o.dispatchBy + 7 * DAY : o.orderedAt + 14 * DAY;
  return label.at >= o.orderedAt - DAY && label.at <= last;
}

export function matchLabel(label: LabelToMatch, orders: OrderToMatch[]): MatchOutcome {
  if (!label.postcode || !nameWords(label.recipientName).length) return { kind: "none" };
  const postcode = compactPostcode(label.postcode);
  const fits = orders
    .filter((o) => compactPostcode(o.postcode) === postcode && inWindow(label, o))
    .map((o) => ({ o, fit: nameFit(label.recipientName, o.recipientName) }))
    .filter((f) => f.fit > 0)
    .sort((a, b) => b.fit - a.fit || Math.abs(a.o.orderedAt - label.at) - Math.abs(b.o.orderedAt - label.at));
  if (!fits.length) return { kind: "none" };
  if (fits.length === 1 && fits[0].fit === 2) return { kind: "link", orderId: fits[0].o.id };
  return { kind: "ask", orderIds: fits.slice(0, MAX_ASKED).map((f) => f.o.id) };
}
