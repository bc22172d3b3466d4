import { Hono } from "hono";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { buyerMails } from "../db/schema";
import { findLabelRow } from "../labels/read";
import { ApiError, notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { sendBuyerMail } from "./send";

// The owner's side of a label's buyer mails: what went (and when), and 'Send to buyer' (the tracking link, now).
// The caller's own labels only: another user's is a 404.

const idParam = validate("param", z.object({ id: z.string().trim().min(1).max(100) }));
const auth = requireAuth({ apiKey: true });

async function mailsOf(c: { get(k: "db"): AppEnv["Variables"]["db"] }, labelId: string) {
  const rows = await c
    .get("db")
    .select({ kind: buyerMails.kind, status: buyerMails.status, at: buyerMails.at })
    .from(buyerMails)
    .where(eq(buyerMails.labelId, labelId))
    .orderBy(asc(buyerMails.at));
  return { mails: rows.map((m) => ({ kind: m.kind, status: m.status, at: new Date(m.at).toISOString() })) };
}

/** Why 'Send to buyer' sent nothing, in the owner's words. */
const REFUSED: Record<string, ApiError> = {
  "no-address": new ApiError(409, "Add the buyer's e-mail to this label first (Edit details)."),
  unsubscribed: new ApiError(409, "This buyer unsubscribed from your e-mails, so nothing was sent."),
  "already-sent": new ApiError(409, "The tracking link was already sent to this address."),
  capped: new ApiError(429, "Your buyers have had today's most e-mails: try again tomorrow."),
};

const routes = new Hono<AppEnv>()
  .get("/label/:id/buyer-mails", auth, describe({ summary: "The mails sent to the label's buyer: each kind once, with its status and time, oldest first." }), idParam, async (c) => {
    const row = await findLabelRow(c.get("db"), c.get("user").id, c.req.valid("param").id);
    if (!row) throw notFound("Label not found");
    return c.json(await mailsOf(c, row.id));
  })
  .post(
    "/label/:id/send-to-buyer",
    auth,
    describe({
      summary: "Send to buyer: e-mails the label's buyer the link to its tracking page now (sharing the page), once per address.",
      description: "In the owner's name and colour, replies going to the owner. 409 without a buyer e-mail, when the buyer unsubscribed or the link was sent already; 429 past the daily cap.",
    }),
    idParam,
    async (c) => {
      const row = await findLabelRow(c.get("db"), c.get("user").id, c.req.valid("param").id);
      if (!row) throw notFound("Label not found");
      const outcome = await sendBuyerMail(c.env, c.get("db"), row.id, "link");
      if (outcome !== "sent") throw REFUSED[outcome] ?? notFound("Label not found");
      return c.json(await mailsOf(c, row.id));
    },
  );

export default routes;
