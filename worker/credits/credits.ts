import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { creditLedger } from "../db/schema";
import { ApiError } from "../lib/errors";

/**
 * The credit ledger: the one place balances change. A ledger row's insert trigger applies its
 * delta to users.credits, and CHECK (credits >= 0) makes an overdraft abort the whole D1 batch.
 *
 * Debits are composed into the same batch as the work they pay for (a label insert), so either
 * both happen or neither does. Grants carry an idempotency key: replaying one grants nothing.
 */

export const CREDITS = {
  freeVerification: 50,
  oneOffPack: 200,
  monthlyPlan: 130,
  perLabel: 1,
} as const;

export type LedgerReason = (typeof creditLedger.$inferInsert)["reason"];

export interface LedgerEntry {
  userId: number;
  delta: number;
  reason: LedgerReason;
  reference?: string | null;
  /** Unique across the ledger. With one, the entry is applied at most once (INSERT OR IGNORE). */
  idempotencyKey?: string | null;
}

/** The statement for one ledger entry, to put in a db.batch() with the work it pays for. */
export function ledgerInsert(db: Db, entry: LedgerEntry): BatchItem<"sqlite"> {
  const row = {
    userId: entry.userId,
    delta: entry.delta,
    reason: entry.reason,
    reference: entry.reference ?? null,
    idempotencyKey: entry.idempotencyKey ?? null,
  };
  return entry.idempotencyKey ? db.insert(creditLedger).values(row).onConflictDoNothing() : db.insert(creditLedger).values(row);
}

/** The error an overdrawing batch raises, turned into the API's 402. */
export function isInsufficientCredits(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes("users_credits_nonnegative")) return true;
  }
  return false;
}

export const insufficientCredits = (needed: number) =>
  new ApiError(402, needed === 1 ? "You need credits to create labels" : `You need ${needed} credits to process this file`);

/**
 * Runs `statements` with a debit of one credit for each of `labelIds` in one atomic batch: one ledger row per label,
 * naming it, so every debit says which label it paid for whatever later happens to the label's file. Throws the 402
 * ApiError when the balance is too low; nothing of the batch is then applied.
 */
export async function debitWith<T extends BatchItem<"sqlite">[]>(
  db: Db,
  debit: { userId: number; labelIds: string[] },
  statements: [...T],
) {
  const amount = debit.labelIds.length * CREDITS.perLabel;
  // One statement whatever the count (the ids bound as one JSON parameter): a file or CSV of many labels stays
  // within D1's bound-parameter and per-invocation query limits.
  // drizzle lists every column of the table, in order, for an insert from a select.
  const debits = db.insert(creditLedger).select(
    sql`select null, ${debit.userId}, ${-CREDITS.perLabel}, 'label', value, null, (unixepoch('subsec') * 1000)
      from json_each(${JSON.stringify(debit.labelIds)})`,
  );
  try {
    return await db.batch([debits, ...statements] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (err) {
    if (isInsufficientCredits(err)) throw insufficientCredits(amount);
    throw err;
  }
}

/** Applies a positive grant. Returns false when its idempotency key was already used. */
export async function grantCredits(db: Db, entry: LedgerEntry): Promise<boolean> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta <= 0) throw new Error("grant must be a positive integer");
  const inserted = await db
    .insert(creditLedger)
    .values({ ...entry, reference: entry.reference ?? null, idempotencyKey: entry.idempotencyKey ?? null })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return inserted.length === 1;
}

export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}
