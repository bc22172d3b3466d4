// Seeded labels for the analytics tests, inserted straight into D1, and the expected answers
// computed in plain JS over the same array (never through the code under test).
import { labelTags, labels } from "../../worker/db/schema";
import { db } from "./helpers";
import { seeded } from "../fixtures/random";

export interface SeedLabel {
  id: string;
  courier: "evri" | "royalmail";
  shippedOn: string;
  weightGrams: number | null;
  isNextDay: boolean | null;
  potentiallyLost: boolean;
  tags: string[];
}

export const TAG_POOL = ["ebay", "etsy", "gift", "Fragile"];

/** Every run seeds the same labels. */
const prng = (seed: number) => seeded(seed).rand;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** `count` labels spread over `days` days from `start`, mixing couriers, tags, lost and next-day. */
export function makeSeed(count: number, start: string, days: number, seed = 7): SeedLabel[] {
  const rnd = prng(seed);
  return Array.from({ length: count }, (_, i) => {
    const courier = rnd() < 0.6 ? "evri" : "royalmail";
    const tags = TAG_POOL.filter(() => rnd() < 0.3);
    const nd = rnd();
    return {
      id: `lbl_${seed}_${i}`,
      courier,
      shippedOn: addDays(start, Math.floor(rnd() * days)),
      weightGrams: rnd() < 0.1 ? null : 50 + Math.floor(rnd() * 5000),
      isNextDay: courier === "evri" ? (nd < 0.1 ? null : nd < 0.45) : null,
      potentiallyLost: rnd() < 0.15,
      tags,
    };
  });
}

export async function insertSeed(userId: number, seed: SeedLabel[]) {
  const d = db();
  // D1 binds at most 100 parameters per statement: 3 label rows (every column is bound) per insert.
  const statements = [];
  for (let i = 0; i < seed.length; i += 3) {
    const chunk = seed.slice(i, i + 3);
    statements.push(
      d.insert(labels).values(
        chunk.map((l) => ({
          id: l.id,
          userId,
          courier: l.courier,
          trackingCode: `TC-${l.id}`,
          source: "manual" as const,
          shippedOn: l.shippedOn,
          weightGrams: l.weightGrams,
          isNextDay: l.isNextDay,
          potentiallyLost: l.potentiallyLost,
          tagsJson: JSON.stringify(l.tags),
        })),
      ),
    );
  }
  const tagRows = seed.flatMap((l) => l.tags.map((tag) => ({ labelId: l.id, userId, tag })));
  for (let i = 0; i < tagRows.length; i += 30) statements.push(d.insert(labelTags).values(tagRows.slice(i, i + 30)));
  for (let i = 0; i < statements.length; i += 50) {
    const part = statements.slice(i, i + 50);
    await d.batch(part as [(typeof part)[0], ...typeof part]);
  }
}

export interface Filters {
  from: string;
  to: string;
  courier?: string;
  lost?: string;
  next_day?: string;
  tags?: string;
}

export function matching(seed: SeedLabel[], f: Filters): SeedLabel[] {
  const courier = f.courier?.toLowerCase().replace(/[\s_-]+/g, "");
  const tags = (f.tags ?? "").split(",").map((t) => t.trim()).filter(Boolean);
  return seed.filter(
    (l) =>
      l.shippedOn >= f.from &&
      l.shippedOn <= f.to &&
      (!courier || courier === "all" || l.courier === courier) &&
      (f.lost === undefined || l.potentiallyLost === (f.lost === "1")) &&
      (f.next_day === undefined || l.isNextDay === (f.next_day === "1")) &&
      (!tags.length || l.tags.some((t) => tags.includes(t))),
  );
}

export function expectedSummary(seed: SeedLabel[], f: Filters) {
  const rows = matching(seed, f);
  const weights = rows.map((l) => l.weightGrams).filter((w): w is number => w !== null);
  const evri = rows.filter((l) => l.courier === "evri");
  return {
    totals: { rows: rows.length },
    weightStats: { avg: weights.length ? weights.reduce((a, b) => a + b, 0) / weights.length : null },
    lostMix: [
      { lost: true, count: rows.filter((l) => l.potentiallyLost).length },
      { lost: false, count: rows.filter((l) => !l.potentiallyLost).length },
    ],
    nextDayMixEvri: [
      { isNextDay: true, count: evri.filter((l) => l.isNextDay === true).length },
      { isNextDay: false, count: evri.filter((l) => l.isNextDay === false).length },
    ],
  };
}

export function expectedPoints(seed: SeedLabel[], f: Filters) {
  const rows = matching(seed, f);
  const points = [];
  for (let day = f.from; day <= f.to; day = addDays(day, 1)) {
    points.push({ ts: day, value: rows.filter((l) => l.shippedOn === day).length });
  }
  return points;
}

export const query = (f: Partial<Filters> & Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(f).filter((e): e is [string, string] => e[1] !== undefined)).toString();
