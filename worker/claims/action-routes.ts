import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { getLabel } from "../labels/read";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { needsAction } from "../deadlines/needs-action";
import { markOutcome, outcomeSchema } from "./outcome";

// Acting on the carriers' deadlines: the parcels that need action, and the user's mark on a parcel
// (claimed, found, delivered) that stops its alerts. The caller's own labels only: another user's is a 404.

const idParam = z.object({ id: z.string().trim().min(1).max(100) });
const auth = requireAuth({ apiKey: true });

const routes = new Hono<AppEnv>()
  .get("/labels/needs-action", auth, describe({ summary: "The parcels that need you now, soonest deadline first: late, possibly lost, or near their carrier's claim or enquiry deadline." }), async (c) => {
    return c.json(await needsAction(c.get("db"), c.get("user").id));
  })
  .post("/label/:id/outcome", auth, describe({ summary: "Mark what became of the parcel (`claimed`, `found`, `delivered`; null clears the mark): its deadline alerts stop, and `found` or `delivered` ends its tracking." }), validate("param", idParam), validate("json", outcomeSchema), async (c) => {
    const userId = c.get("user").id;
    const id = await markOutcome(c.env, c.get("db"), userId, c.req.valid("param").id, c.req.valid("json").outcome);
    const label = await getLabel(c.get("db"), userId, id);
    if (!label) throw notFound("Label not found");
    return c.json(label);
  });

export default routes;
