import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAdmin, requireAuth } from "../auth/require-auth";
import { ApiError, badRequest, notFound } from "../lib/errors";
import { verifyPassword } from "../lib/crypto";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { users } from "../db/schema";
import { eq } from "drizzle-orm";
import { closeAccount, CLOSURE_TEXTS } from "./account-closure";
import { CLEAR_DOCUMENT_COOKIE } from "../auth/document-cookie";

// Closing an account: the signed-in user from Settings (password asked again; an API key never can), or an admin
// from Cheats (who chooses whether the mailbox's threads with the address go too).

const closeBody = z.object({ password: z.string().min(1, "Enter your password").max(200) });
const adminCloseBody = z.object({ deleteMail: z.boolean().default(false).describe("Also delete the admin mailbox's messages with the account's address") });
const idParam = z.object({ id: z.coerce.number().int().positive() });

const routes = new Hono<AppEnv>()
  .post(
    "/user/close",
    requireAuth(),
    describe({
      summary: "Close your account: the Stripe subscription is cancelled first, then nothing signs in as it any more and all its data is deleted. Cannot be undone.",
      description: "The password is asked again. A refused Stripe cancellation stops the closing (502) with nothing changed.",
    }),
    validate("json", closeBody),
    async (c) => {
      const userId = c.get("user").id;
      // Five tries a minute: a stolen session cannot guess the password through this call.
      const { success } = await c.env.LOGIN_LIMITER.limit({ key: `close:${userId}` });
      if (!success) throw new ApiError(429, "Too many attempts. Please wait a minute and try again.");
      const row = await c.get("directory").query.users.findFirst({ where: eq(users.id, userId), columns: { passwordHash: true } });
      if (!row || !(await verifyPassword(c.req.valid("json").password, row.passwordHash))) throw badRequest(CLOSURE_TEXTS.wrongPassword);
      const email = await closeAccount(c.env, c.get("sessions"), userId, { byAdmin: false, deleteMail: false });
      // Its sessions end with the account; the browser's document cookie goes too (worker/auth/document-cookie.ts).
      c.header("Set-Cookie", CLEAR_DOCUMENT_COOKIE);
      return c.json({ closed: true, email });
    },
  )
  .post(
    "/admin/users/:id/close",
    requireAuth(),
    requireAdmin,
    describe({ summary: "Admin: close a user's account (as the user can from Settings), choosing whether its mailbox threads go too" }),
    validate("param", idParam),
    validate("json", adminCloseBody),
    async (c) => {
      const { id } = c.req.valid("param");
      if (id === c.get("user").id) throw badRequest(CLOSURE_TEXTS.ownAccount);
      const target = await c.get("directory").query.users.findFirst({ where: eq(users.id, id), columns: { id: true, closedAt: true } });
      if (!target || target.closedAt) throw notFound("User not found");
      const email = await closeAccount(c.env, c.get("sessions"), id, { byAdmin: true, deleteMail: c.req.valid("json").deleteMail });
      return c.json({ closed: true, email });
    },
  );

export default routes;
