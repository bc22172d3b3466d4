import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { getLabel } from "../labels/read";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { revokeTrackingPage, shareTrackingPage } from "./pages";

// The owner's switch for a label's buyer tracking page (the page itself is public: page-routes.ts). API keys may
// use it, as they read trackingPageUrl. Another user's label is a 404, as for every label call.

const idParam = validate("param", z.object({ id: z.string().trim().min(1).max(100) }));
const auth = requireAuth({ apiKey: true });

const routes = new Hono<AppEnv>()
  .post(
    "/label/:id/tracking-page",
    auth,
    describe({
      summary: "Share the label's buyer tracking page: makes its address (trackingPageUrl) unless it has one. Answers the label.",
      description: "201 when the page was made now, 200 when it already existed (the same address).",
    }),
    idParam,
    async (c) => {
      const userId = c.get("user").id;
      const { labelId, created } = await shareTrackingPage(c.get("db"), c.get("directory"), userId, c.req.valid("param").id);
      const label = await getLabel(c.get("db"), userId, labelId);
      if (!label) throw notFound("Label not found");
      return c.json(label, created ? 201 : 200);
    },
  )
  .delete(
    "/label/:id/tracking-page",
    auth,
    describe({ summary: "Switch the buyer tracking page off: its address answers 404 from now on. Sharing again makes a new address." }),
    idParam,
    async (c) => {
      const userId = c.get("user").id;
      const labelId = await revokeTrackingPage(c.get("db"), c.get("directory"), c.env, userId, c.req.valid("param").id);
      const label = await getLabel(c.get("db"), userId, labelId);
      if (!label) throw notFound("Label not found");
      return c.json(label);
    },
  );

export default routes;
