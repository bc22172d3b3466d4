import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAdmin, requireAuth } from "../auth/require-auth";
import { MAX_ADMIN_GRANT, adminGrant, listUsers, marketingList } from "./users";

/** Admin: users, credit grants and the marketing list. Admins only. */
const routes = new Hono<AppEnv>();

// Each path guarded by name: /admin/mail* has its own guard in mail/routes.ts (one auth per call).
for (const path of ["/admin/users", "/admin/marketing-list", "/admin/grant-credits"]) {
  routes.use(path, requireAuth(), requireAdmin);
}

const AMOUNT_MESSAGE = "Enter a positive integer amount";

const usersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});

/** A whole number of credits, as a JSON integer: a string such as "10" is refused, never read as a number. */
function grantAmount(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

// The amount rule is checked on the whole object so its message is the spec's text, unprefixed.
const grantBody = z
  .object({
    user_id: z.number({ error: "user_id must be a user id" }).int().positive("user_id must be a user id"),
    amount: z.unknown(),
  })
  .transform((body, ctx) => {
    const amount = grantAmount(body.amount);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
      return z.NEVER;
    }
    if (amount > MAX_ADMIN_GRANT) {
      ctx.addIssue({ code: "custom", message: `Grant at most ${MAX_ADMIN_GRANT} credits at a time` });
      return z.NEVER;
    }
    return { user_id: body.user_id, amount };
  });

const app = routes
  .get("/admin/users", describe({ summary: "Every account, 50 a page, searchable by e-mail: credits, verification and marketing consent." }), validate("query", usersQuery), async (c) => {
    const { q, page, per_page } = c.req.valid("query");
    return c.json(await listUsers(c.env, c.get("sessions"), { q: q || undefined, page, perPage: per_page }));
  })
  .get("/admin/marketing-list", describe({ summary: "The addresses of the accounts that agreed to marketing mail, lowercased, each once." }), async (c) => {
    const emails = await marketingList(c.env, c.get("sessions"));
    return c.json({ emails, count: emails.length });
  })
  .post("/admin/grant-credits", describe({ summary: "Grant credits to an account (1 to 100,000), recorded in its ledger with the admin as reference." }), validate("json", grantBody), async (c) => {
    const { user_id, amount } = c.req.valid("json");
    const admin = c.get("user");
    const user = await adminGrant(c.get("sessions"), admin, { userId: user_id, amount });
    return c.json({ granted: amount, user });
  });

export default app;
