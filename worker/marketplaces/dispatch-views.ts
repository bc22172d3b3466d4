import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { marketplaceDispatches } from "../db/schema";
import type { OrderLink } from "./links";

/**
 * A linked label's tracking out as the Orders view and the label page show it (tracking-out.ts writes it): whether the
 * marketplace has been told, and if not, why.
 */
export const DISPATCH_STATES = ["pending", "sent", "dispatched_elsewhere", "skipped", "failed"] as const;

export const dispatchSchema = z
  .object({
    state: z
      .enum(DISPATCH_STATES)
      .describe(
        "'pending': being sent to the marketplace; 'sent': the order is marked dispatched with this label's tracking; 'dispatched_elsewhere': the order was already marked dispatched (by hand or by another tool) and was left alone; 'skipped': nothing to send (the order was cancelled, or every item went with an earlier parcel); 'failed': the marketplace refused it (`reason`)",
      ),
    reason: z.string().nullable().describe("Why it was not sent, in words for the seller; null when sent or pending"),
    sentAt: z.string().nullable().describe("When the marketplace was told (ISO 8601); null until then"),
  })
  .describe("Tracking out: this label's tracking sent to the order's marketplace");

export type DispatchView = z.infer<typeof dispatchSchema>;

/** The tracking out of each linked label (keyed by label id), for the order it is linked to now. */
export async function dispatchesOf(db: Db, userId: number, links: OrderLink[]): Promise<Map<string, DispatchView>> {
  if (!links.length) return new Map();
  const rows = await db
    .select({ orderId: marketplaceDispatches.orderId, labelId: marketplaceDispatches.labelId, state: marketplaceDispatches.state, reason: marketplaceDispatches.reason, sentAt: marketplaceDispatches.sentAt })
    .from(marketplaceDispatches)
    .where(and(eq(marketplaceDispatches.userId, userId), inValueList(marketplaceDispatches.labelId, [...new Set(links.map((l) => l.labelId))])));
  const linked = new Set(links.map((l) => `${l.orderId} ${l.labelId}`));
  return new Map(rows.filter((r) => linked.has(`${r.orderId} ${r.labelId}`)).map((r) => [r.labelId, { state: r.state, reason: r.reason, sentAt: r.sentAt === null ? null : new Date(r.sentAt).toISOString() }]));
}
