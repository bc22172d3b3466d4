import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { labelListFilterSchema } from "../labels/filters";
import { purgeAtFor } from "../labels/trash";
import { deleteLabels, findDeletedLabels, findLiveLabels, purgeLabels, restoreLabels } from "./label-deletion";
import { countDeleted, countMatching, LABELS_IN_REQUEST, matchingIds, readLabelJob, startLabelJob } from "./label-jobs";
import { listDeletedLabels } from "./recently-deleted";

// Deleting labels (one, a selection, everything matching the list's filters), Recently deleted (restore, purge now)
// and the progress of the queue jobs that do many at once. API keys may do all of it: a developer deletes labels
// from their own system. Another user's label is not found, as everywhere; a request naming one deletes nothing.

const MAX_KEYS = 1000;
const keys = z
  .array(z.string().trim().min(1).max(100))
  .min(1, "name at least one label")
  .max(MAX_KEYS, `at most ${MAX_KEYS} labels at once (use filters for more)`);

const deleteBody = z
  .object({
    ids: keys.describe("Label ids or tracking codes (spaces, dashes and case ignored)").optional(),
    trackingCodes: keys.describe("Tracking codes").optional(),
    filters: labelListFilterSchema
      .describe("The labels list's filters and search (GET /labels): every label matching them now; more than 500 are deleted by the queue (see job)")
      .optional(),
  })
  .refine((b) => [b.ids, b.trackingCodes, b.filters].filter((x) => x !== undefined).length === 1, { message: "Send one of ids, trackingCodes or filters" });

const deletedBody = z
  .object({
    ids: keys.describe("Deleted labels' ids or tracking codes").optional(),
    all: z.literal(true).describe("Every label in Recently deleted").optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), { message: "Send either ids or all: true" });

const deletedPage = z.object({
  page: z.string().regex(/^[1-9]\d{0,5}$/, "must be a whole number from 1").default("1").transform(Number),
  per_page: z.enum(["15", "25", "50"], { message: "must be 15, 25 or 50" }).default("25").transform(Number),
});

const idParam = z.object({ id: z.string().trim().min(1).max(100) });
const auth = requireAuth({ apiKey: true });
const until = (now: number) => new Date(purgeAtFor(now)).toISOString();

const routes = new Hono<AppEnv>()
  .delete(
    "/label/:id",
    auth,
    describe({
      summary: "Delete a label: it leaves the list, search, analytics, alerts and prints at once; its buyer page answers 404. Restorable for 30 days from Recently deleted. Credits are not refunded.",
    }),
    validate("param", idParam),
    async (c) => {
      const userId = c.get("user").id;
      const found = await findLiveLabels(c.get("db"), userId, [c.req.valid("param").id]);
      if (!found.ids.length) throw notFound("Label not found");
      const now = Date.now();
      const deleted = await deleteLabels(c.env, c.get("db"), userId, found.ids, now);
      return c.json({ deleted, restorableUntil: until(now), job: null });
    },
  )
  .post(
    "/labels/delete",
    auth,
    describe({
      summary: "Delete many labels: by ids, tracking codes or the list's filters. Restorable for 30 days; credits are not refunded.",
      description: "A label that is not yours (or does not exist) among ids or codes: 404 and nothing is deleted. By filters, up to 500 are deleted in the call; more are deleted by the queue and `job` tracks them.",
    }),
    validate("json", deleteBody),
    async (c) => {
      const userId = c.get("user").id;
      const db = c.get("db");
      const body = c.req.valid("json");
      const now = Date.now();
      if (body.filters) {
        const total = await countMatching(db, userId, body.filters, now);
        if (total > LABELS_IN_REQUEST) {
          const job = await startLabelJob(c.env, db, userId, { kind: "delete", filters: body.filters, total, asOf: now });
          return c.json({ deleted: 0, restorableUntil: until(now), job });
        }
        const ids = await matchingIds(db, userId, body.filters, now, LABELS_IN_REQUEST);
        return c.json({ deleted: await deleteLabels(c.env, db, userId, ids, now), restorableUntil: until(now), job: null });
      }
      const found = await findLiveLabels(db, userId, body.ids ?? body.trackingCodes ?? []);
      if (found.missing.length) throw notFound(`Label not found: ${found.missing[0]}`);
      return c.json({ deleted: await deleteLabels(c.env, db, userId, found.ids, now), restorableUntil: until(now), job: null });
    },
  )
  .get(
    "/labels/deleted",
    auth,
    describe({ summary: "Recently deleted: your deleted labels, newest first, each restorable until its restorableUntil" }),
    validate("query", deletedPage),
    async (c) => {
      const { page, per_page } = c.req.valid("query");
      return c.json(await listDeletedLabels(c.get("db"), c.get("user").id, page, per_page));
    },
  )
  .post(
    "/labels/deleted/restore",
    auth,
    describe({
      summary: "Restore deleted labels: every field, tag, file and buyer page (under a new address) comes back.",
      description: "A deleted label whose tracking code is among your labels again stays in Recently deleted (notRestored). More than 500 are restored by the queue (see job).",
    }),
    validate("json", deletedBody),
    async (c) => {
      const userId = c.get("user").id;
      const db = c.get("db");
      const body = c.req.valid("json");
      const now = Date.now();
      let ids: string[];
      if (body.all) {
        const total = await countDeleted(db, userId, now);
        if (total > LABELS_IN_REQUEST) return c.json({ restored: 0, notRestored: [], job: await startLabelJob(c.env, db, userId, { kind: "restore", total, asOf: now }) });
        ids = (await listDeletedLabels(db, userId, 1, LABELS_IN_REQUEST)).results.map((l) => l.id);
      } else {
        const found = await findDeletedLabels(db, userId, body.ids ?? []);
        if (found.missing.length) throw notFound(`Deleted label not found: ${found.missing[0]}`);
        ids = found.ids;
      }
      const outcome = await restoreLabels(c.env, db, userId, ids, now);
      const notRestored = outcome.codeInUse.map((l) => ({ ...l, reason: "tracking_code_in_use" as const }));
      return c.json({ restored: outcome.restored.length, notRestored, job: null });
    },
  )
  .post(
    "/labels/deleted/purge",
    auth,
    describe({ summary: "Delete labels from Recently deleted for good now, with their original files (unless another label uses them). Cannot be undone." }),
    validate("json", deletedBody),
    async (c) => {
      const userId = c.get("user").id;
      const db = c.get("db");
      const body = c.req.valid("json");
      const now = Date.now();
      let ids: string[];
      if (body.all) {
        const total = await countDeleted(db, userId, now);
        if (total > LABELS_IN_REQUEST) return c.json({ purged: 0, job: await startLabelJob(c.env, db, userId, { kind: "purge", total, asOf: now }) });
        ids = (await listDeletedLabels(db, userId, 1, LABELS_IN_REQUEST)).results.map((l) => l.id);
      } else {
        const found = await findDeletedLabels(db, userId, body.ids ?? []);
        if (found.missing.length) throw notFound(`Deleted label not found: ${found.missing[0]}`);
        ids = found.ids;
      }
      return c.json({ purged: await purgeLabels(c.env, db, ids), job: null });
    },
  )
  .get(
    "/labels/jobs/:id",
    auth,
    describe({ summary: "The progress of a bulk delete, restore or purge running in the queue" }),
    validate("param", idParam),
    async (c) => {
      const job = await readLabelJob(c.get("db"), c.get("user").id, c.req.valid("param").id);
      if (!job) throw notFound("Job not found");
      return c.json(job);
    },
  );

export default routes;
