import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { inValueList } from "../db/d1-limits";
import { marketplaceDispatches } from "../db/schema";
import type { OrderLink } from "./links";
import type { DispatchView } from "./model";

// A linked label's tracking out as the Orders view and the label page show it (its schema: model.ts dispatchSchema).

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
