import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { matchLabel, nameFit, type OrderToMatch } from "../../worker/marketplaces/matching";
import { seeded } from "../fixtures/random";

/**
 * Labels meet orders: generated households (several people at one postcode, some sharing a surname and even an
 * initial, some ordering twice) and labels written from their orders the ways labels are written (a title or none,
 * accents dropped, capitals, an initial for the first name, a middle name left out), plus labels for nobody's order.
 * A wrong link is worse than none: the matcher must never link a label to another order than its own.
 * A fresh seed each run, printed; MATCH_SEED=… replays it.
 */
const SEED = Number(env.MATCH_SEED) || crypto.getRandomValues(new Uint32Array(1))[0];
const DAY = 86_400_000;

const FIRST = ["Amélie", "Anne", "Zoë", "Siân", "Ciarán", "John", "Joan", "Mohammed", "Muhammad", "Chloé", "Łukasz", "Renée", "Ade", "Adeola", "Björn"];
const MIDDLE = ["Marie", "Rose", "James", "Ann", "Olu"];
const SURNAMES = ["Dupont", "O'Brien", "Ní Bhriain", "Smith", "Nowak", "Okafor", "van der Berg", "Müller", "García", "MacLeod", "Øberg"];
const TITLES = ["Mr", "Mrs", "Ms", "Miss", "Dr", "Mx", "Prof"];

interface Person {
  first: string;
  middle: string | null;
  surname: string;
}

function world(seed: number) {
  const { rand, pick } = seeded(seed);
  const orders: (OrderToMatch & { person: Person })[] = [];
  const postcodes: string[] = [];
  const now = Date.UTC(2026, 10, 20);
  for (let h = 0; h < 60; h++) {
    const postcode = `${pick(["BS", "LS", "N", "CF", "EH"])}${1 + Math.floor(rand() * 20)} ${Math.floor(rand() * 9)}${pick(["AB", "DT", "GU", "XY"])}`;
    postcodes.push(postcode);
    const people: Person[] = [];
    const size = 1 + Math.floor(rand() * 3);
    const surname = pick(SURNAMES);
    for (let p = 0; p < size; p++) people.push({ first: pick(FIRST), middle: rand() < 0.3 ? pick(MIDDLE) : null, surname: rand() < 0.7 ? surname : pick(SURNAMES) });
    for (const person of people) {
      const times = rand() < 0.2 ? 2 : 1;
      for (let t = 0; t < times; t++) {
        const orderedAt = now - Math.floor(rand() * 10 * DAY);
        const recipientName = `${rand() < 0.3 ? `${pick(TITLES)} ` : ""}${person.first} ${person.middle ? `${person.middle} ` : ""}${person.surname}`;
        orders.push({ id: `o${orders.length}`, recipientName, postcode: rand() < 0.5 ? postcode : postcode.replace(" ", "").toLowerCase(), orderedAt, dispatchBy: rand() < 0.8 ? orderedAt + 2 * DAY : null, person });
      }
    }
  }
  return { rand, pick, orders, postcodes };
}

/** A label's way of writing a person's name. */
function written(p: Person, rand: () => number, pick: <T>(xs: readonly T[]) => T): string {
  let first = p.first;
  if (rand() < 0.3) first = `${first[0]}${rand() < 0.5 ? "." : ""}`;
  const middle = p.middle && rand() < 0.5 ? ` ${p.middle}` : "";
  let name = `${rand() < 0.3 ? `${pick(TITLES)}${rand() < 0.5 ? "." : ""} ` : ""}${first}${middle} ${p.surname}`;
  if (rand() < 0.3) name = name.normalize("NFD").replace(/\p{M}/gu, "");
  if (rand() < 0.3) name = name.toUpperCase();
  return name;
}

describe(`labels meet orders (MATCH_SEED=${SEED})`, () => {
  it("never links a label to an order that is not its own, and links every one that fits a single order surely", () => {
    console.log(`MATCH_SEED=${SEED}`);
    const { rand, pick, orders } = world(SEED);
    let linked = 0;
    let asked = 0;
    let sureAlone = 0;
    for (let i = 0; i < 1500; i++) {
      const own = pick(orders);
      const label = { recipientName: written(own.person, rand, pick), postcode: own.postcode.toUpperCase(), at: own.orderedAt + Math.floor(rand() * 3 * DAY) };
      const outcome = matchLabel(label, orders);
      if (outcome.kind === "link") {
        linked++;
        expect(outcome.orderId, `${label.recipientName} ${label.postcode} (${own.recipientName})`).toBe(own.id);
      } else if (outcome.kind === "ask") {
        asked++;
        expect(outcome.orderIds).toContain(own.id);
      }
      // Its own order is the only one at the postcode whose recipient the label could be: it must be linked.
      const rivals = orders.filter((o) => o.id !== own.id && o.postcode.replace(" ", "").toUpperCase() === own.postcode.replace(" ", "").toUpperCase() && nameFit(label.recipientName, o.recipientName) > 0);
      if (!rivals.length && nameFit(label.recipientName, own.recipientName) === 2) {
        sureAlone++;
        expect(outcome, `${label.recipientName} for ${own.recipientName}`).toEqual({ kind: "link", orderId: own.id });
      }
    }
    // Nobody's labels: a surname nobody at the postcode has, or a postcode nobody ordered to.
    for (let i = 0; i < 500; i++) {
      const own = pick(orders);
      const taken = new Set(orders.filter((o) => o.postcode.replace(" ", "").toUpperCase() === own.postcode.replace(" ", "").toUpperCase()).map((o) => o.person.surname));
      const surname = SURNAMES.find((s) => !taken.has(s));
      const stranger = surname ? { recipientName: `${pick(FIRST)} ${surname}`, postcode: own.postcode, at: own.orderedAt } : { recipientName: own.recipientName, postcode: "ZZ9 9ZZ", at: own.orderedAt };
      expect(matchLabel(stranger, orders)).toEqual({ kind: "none" });
    }
    console.log(`MATCH_SEED=${SEED}: 1500 labels, ${linked} linked (${sureAlone} sure and alone), ${asked} asked, 0 wrong`);
    expect(sureAlone).toBeGreaterThan(0);
  });

  it("asks when two people at one address share a surname and an initial, or one buyer ordered twice", () => {
    const at = Date.UTC(2026, 10, 20);
    const o = (id: string, recipientName: string): OrderToMatch => ({ id, recipientName, postcode: "BS1 4DT", orderedAt: at, dispatchBy: at + 2 * DAY });
    expect(matchLabel({ recipientName: "A. Dupont", postcode: "bs14dt", at }, [o("1", "Amélie Dupont"), o("2", "Anne Dupont")])).toEqual({ kind: "ask", orderIds: ["1", "2"] });
    expect(matchLabel({ recipientName: "MRS AMELIE DUPONT", postcode: "BS1 4DT", at }, [o("1", "Amélie Dupont"), o("2", "Anne Dupont")])).toEqual({ kind: "link", orderId: "1" });
    expect(matchLabel({ recipientName: "Amélie Dupont", postcode: "BS1 4DT", at }, [o("1", "Amélie Dupont"), o("2", "Mrs Amelie Dupont")]).kind).toBe("ask");
    // Only a surname: weak, so asked even when alone; a different first name is nobody's.
    expect(matchLabel({ recipientName: "Dupont", postcode: "BS1 4DT", at }, [o("1", "Amélie Dupont")])).toEqual({ kind: "ask", orderIds: ["1"] });
    expect(matchLabel({ recipientName: "Zoë Dupont", postcode: "BS1 4DT", at }, [o("1", "Amélie Dupont")])).toEqual({ kind: "none" });
    // Outside the order's dispatch window, or without a postcode: never linked.
    expect(matchLabel({ recipientName: "Amélie Dupont", postcode: "BS1 4DT", at: at + 30 * DAY }, [o("1", "Amélie Dupont")])).toEqual({ kind: "none" });
    expect(matchLabel({ recipientName: "Amélie Dupont", postcode: null, at }, [o("1", "Amélie Dupont")])).toEqual({ kind: "none" });
  });
});
