import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { describe } from "../lib/openapi-meta";
import { unauthorized } from "../lib/errors";
import { validate } from "../lib/validate";
import { creditHistory, HISTORY_PAGE } from "./history";

// Credits: where every credit went (the ledger's history); buying them is billing's.

const historyQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}$/, { error: "cursor must be the next_cursor of a page" })
    .optional(),
  limit: z.coerce.number({ error: "limit must be a whole number from 1 to 100" }).int().min(1).max(100).default(HISTORY_PAGE),
});

const routes = new Hono<AppEnv>().get(
  "/credits/history",
  // Read-only, so an API key may read it too (to reconcile what labels cost).
  requireAuth({ apiKey: true }),
  describe({
    summary: "Where your credits went: every change of balance, newest first, with the balance after it and the labels it paid for. Paged: pass next_cursor as cursor.",
    tag: "Credits",
  }),
  validate("query", historyQuery),
  async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const history = await creditHistory(c.get("db"), c.get("user").id, { before: cursor === undefined ? undefined : Number(cursor), limit });
    if (!history) throw unauthorized("Invalid or expired access token");
    return c.json(history);
  },
);

export default routes;
