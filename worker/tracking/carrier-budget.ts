import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { carrierCallBudget } from "../db/schema";
import { directoryOf } from "../db/sessions";

/**
 * A budget of carrier calls per minute that every queue consumer respects together. Taking calls
 * is ONE conditional upsert on the carrier's row for the current minute, which D1 runs atomically:
 * it raises `used` only while the total stays within the limit and the carrier has not asked us to
 * wait (carrier_pauses, set from a 429's Retry-After). Concurrent consumers can never overrun it;
 * a consumer that is refused leaves its labels due, to be taken in order of urgency later.
 *
 * Why D1 and not a Durable Object: the labels already live in D1, the check costs one statement
 * per batch of calls (a summary call covers 30 parcels), and it holds under any number of isolates.
 *
 * The budget and the pauses are the carrier's allowance for the whole app, so they are kept once, in the directory
 * (worker/db/databases.ts), whichever database's labels a job refreshes: `db` is the job's database, and its
 * unit of work's session on the home database takes the calls.
 */

export const minuteOf = (now: number) => Math.floor(now / 60_000);

/** Takes `calls` from this minute's budget. True when they may be made now. */
export async function takeCarrierCalls(db: Db, carrier: string, calls: number, limit: number, now: number): Promise<boolean> {
  if (calls > limit) return false;
  const minute = minuteOf(now);
  const rows = await directoryOf(db).all<{ used: number }>(sql`
    INSERT INTO carrier_call_budget (carrier, minute, used)
    SELECT ${carrier}, ${minute}, ${calls}
    WHERE NOT EXISTS (SELECT 1 FROM carrier_pauses WHERE carrier = ${carrier} AND until > ${now})
    ON CONFLICT (carrier, minute) DO UPDATE SET used = used + excluded.used WHERE used + excluded.used <= ${limit}
    RETURNING used`);
  return rows.length > 0;
}

/** The carrier asked us to wait (Retry-After): nobody calls it before `until`. */
export async function pauseCarrier(db: Db, carrier: string, until: number): Promise<void> {
  await directoryOf(db).run(sql`
    INSERT INTO carrier_pauses (carrier, until) VALUES (${carrier}, ${until})
    ON CONFLICT (carrier) DO UPDATE SET until = max(until, excluded.until)`);
}

/** Drops the rows of minutes long gone (the cron calls it, on the directory). */
export async function pruneCarrierBudget(db: Db, now: number): Promise<void> {
  await db.delete(carrierCallBudget).where(lt(carrierCallBudget.minute, minuteOf(now) - 60));
}
