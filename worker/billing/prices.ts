import { inArray } from "drizzle-orm";
import { CREDITS } from "../credits/credits";
import type { Db } from "../db/client";
import { stripePrices } from "../db/schema";
import { log } from "../lib/log";
import { ukMoney } from "../lib/uk-format";
import { priceFor, stripeClient } from "./billing";
import { SKUS, type Price, type PurchasePrices, type Sku } from "./model";

/**
 * What each purchase option costs, as the configured Stripe prices say (GET /api/v1/billing/prices): read from
 * Stripe's API and kept in D1 (stripe_prices) for an hour, so a page view costs Stripe nothing; when Stripe
 * cannot be reached the last answer stands, however old, and without one the option says its price shows at
 * checkout. Without Stripe configured the answer says so and no option can be bought.
 */

export const PRICE_CACHE_MS = 60 * 60_000;

const CREDITS_OF: Record<Sku, number> = { one_off_pack: CREDITS.oneOffPack, basic_plan: CREDITS.monthlyPlan };

type PriceRow = typeof stripePrices.$inferSelect;

const INTERVALS: Record<string, string> = { day: "a day", week: "a week", month: "a month", year: "a year" };

function priceOf(row: PriceRow, credits: number): Price | null {
  if (row.unitAmount === null) return null;
  const every = !row.interval ? "" : row.intervalCount && row.intervalCount > 1 ? ` every ${row.intervalCount} ${row.interval}s` : ` ${INTERVALS[row.interval] ?? `a ${row.interval}`}`;
  const each = row.unitAmount / credits;
  // Pence below a pound ('7.5p'), the currency's own form above it or in another currency.
  const perCredit = row.currency === "gbp" && each < 100 ? `${Number(each.toFixed(2))}p` : ukMoney(Math.round(each), row.currency);
  return { amount: row.unitAmount, currency: row.currency, interval: row.interval, text: `${ukMoney(row.unitAmount, row.currency)}${every}`, perCredit: `${perCredit} a credit` };
}

/** The price ids' rows from Stripe, or null for each Stripe did not answer. */
async function fetchPrices(env: Env, ids: string[], now: number): Promise<Map<string, PriceRow>> {
  const stripe = await stripeClient(env);
  const rows = new Map<string, PriceRow>();
  if (!stripe) return rows;
  await Promise.all(
    ids.map(async (id) => {
      try {
        const p = await stripe.prices.retrieve(id);
        rows.set(id, { priceId: id, unitAmount: p.unit_amount, currency: p.currency, interval: p.recurring?.interval ?? null, intervalCount: p.recurring?.interval_count ?? null, fetchedAt: now });
      } catch (err) {
        log("warn", "stripe price not read", { priceId: id, error: String(err), type: (err as { type?: string }).type });
      }
    }),
  );
  return rows;
}

export async function purchasePrices(env: Env, db: Db, now = Date.now()): Promise<PurchasePrices> {
  const configured = Boolean(env.STRIPE_SECRET_KEY);
  const ids = configured ? SKUS.map((sku) => priceFor(env, sku)).filter((id): id is string => id !== null) : [];
  const cached = new Map(ids.length ? (await db.select().from(stripePrices).where(inArray(stripePrices.priceId, ids))).map((r) => [r.priceId, r]) : []);
  const due = ids.filter((id) => (cached.get(id)?.fetchedAt ?? 0) <= now - PRICE_CACHE_MS);
  if (due.length) {
    const fresh = await fetchPrices(env, due, now);
    for (const row of fresh.values()) {
      cached.set(row.priceId, row);
      const { priceId: _id, ...values } = row;
      await db.insert(stripePrices).values(row).onConflictDoUpdate({ target: stripePrices.priceId, set: values });
    }
  }
  return {
    configured,
    options: SKUS.map((sku) => {
      const id = configured ? priceFor(env, sku) : null;
      const row = id ? cached.get(id) : undefined;
      return { sku, credits: CREDITS_OF[sku], available: id !== null, price: row ? priceOf(row, CREDITS_OF[sku]) : null };
    }),
  };
}
