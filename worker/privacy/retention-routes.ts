import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { users } from "../db/schema";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { ADDRESS_RETENTION_CHOICES, retentionSettingsOf } from "./retention-settings";
import { retentionAnswer } from "./retention-model";

/** /user/retention: how long the account keeps its recipients' addresses (Settings → Your data). Account only. */

const TAG = "your data";
const days = ADDRESS_RETENTION_CHOICES.filter((d): d is Exclude<typeof d, null> => d !== null);
const choice = z.union([z.null(), ...days.map((d) => z.literal(d))], {
  error: `Choose how long to keep addresses: ${days.join(", ")} days, or null to keep them until a label is deleted`,
});

const answer = (user: { addressRetentionDays: number | null }) => ({ ...retentionSettingsOf(user), choices: [...ADDRESS_RETENTION_CHOICES] });

const routes = new Hono<AppEnv>()
  .get("/user/retention", requireAuth(), describe({ summary: "How long your labels keep buyers' contact details and recipients' addresses.", tag: TAG, response: retentionAnswer }), (c) =>
    c.json(answer(c.get("user"))),
  )
  .put(
    "/user/retention",
    requireAuth(),
    describe({
      summary: "Choose how long recipients' addresses are kept after delivery (null: until the label is deleted).",
      description:
        "Counted from a label's delivery (or last scan), never while the carrier's claim window is open; then the daily pass redacts the recipient to the postcode district and deletes the original file once no label uses it. Buyers' e-mails and phone numbers go 90 days after delivery whatever is chosen.",
      tag: TAG,
    }),
    validate("json", z.strictObject({ addressRetentionDays: choice })),
    async (c) => {
      const addressRetentionDays = c.req.valid("json").addressRetentionDays;
      await c.get("db").update(users).set({ addressRetentionDays, updatedAt: Date.now() }).where(eq(users.id, c.get("user").id));
      return c.json(answer({ addressRetentionDays }));
    },
  );

export default routes;
