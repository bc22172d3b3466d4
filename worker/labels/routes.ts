import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { manualLabelDetails, manualLabelSchema } from "../couriers/manual";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAuth, userGone } from "../auth/require-auth";
import { correctLabelDetails, labelCorrectionSchema } from "./corrections";
import { importLabels, importSummary, importTemplate, importText, readImport } from "./csv-import";
import { exportFilename, labelsCsvStream } from "./export";
import { labelListFilterSchema } from "./filters";
import { labelOriginal } from "./download";
import { updateNotesAndTags } from "./notes-and-tags";
import { listLabels, readLabel } from "./read";
import { createManualLabel } from "./save";
import { oneLine, plainText } from "../lib/text";

// Labels: manual creation, the list, one label, notes and tags, the original file.
// Every call is the caller's own labels only: another user's label is a 404.

const listQuery = labelListFilterSchema.extend({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "must be a whole number from 1")
    .default("1")
    .transform(Number),
  per_page: z.enum(["15", "25", "50"], { message: "must be 15, 25 or 50" }).default("15").transform(Number),
});

/** The export takes the list's filters, and `columns=buyer_email` for the buyer's e-mail (personal data: asked for). */
const exportQuery = labelListFilterSchema.extend({
  columns: z.literal("buyer_email", { message: "columns may only be buyer_email" }).optional(),
});

const idParam = z.object({ id: z.string().trim().min(1).max(100).describe("The label's id (`lbl_…`) or its tracking code") });

const notesAndTags = z.object({
  notes: z.string().max(5000, "notes are at most 5000 characters").refine(...plainText("notes")),
  tags: z.array(z.string().max(50, "a tag is at most 50 characters").refine(...oneLine("a tag"))).max(50, "at most 50 tags"),
});

const csvHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
  "X-Content-Type-Options": "nosniff",
});

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

// Per route, not a path middleware: other resources (import, tracking) also live under /label/.
const auth = requireAuth({ apiKey: true });
// The hot reads: the token is checked without a D1 call, and the user's row comes in the same D1 batch as the
// labels (one D1 call per request; bench/README.md 'API under load'). No user row: 401, as requireAuth answers.
const readAuth = requireAuth({ apiKey: true, loadUser: false });

const routes = new Hono<AppEnv>()
  .post(
    "/label/manual",
    auth,
    describe({
      summary: "Create a label from a tracking code: 1 credit; a code you already have is updated for free (200 `created: false`).",
      description: "The courier's fields are those of `GET /api/v1/couriers` (`required` and `optional`); a Royal Mail label takes `fromAddress`. Answers 402 without credits.",
    }), validate("json", manualLabelSchema), async (c) => {
    const body = c.req.valid("json");
    const details = manualLabelDetails(body);
    const { label, created } = await createManualLabel(c.get("db"), c.env, c.get("user").id, {
      details,
      tags: body.tags,
      notes: body.notes,
      buyerEmail: body.buyerEmail,
    });
    return c.json({ trackingCode: label.trackingCode, id: label.id, created }, created ? 201 : 200);
  })
  .get(
    "/labels",
    readAuth,
    describe({ summary: "Your labels, newest first, a page at a time, with the list's filters, search and sort.", description: "`total` counts every label the filters match; `page` and `per_page` (15, 25 or 50) choose the page." }), validate("query", listQuery), async (c) => {
    const { page, per_page, ...filters } = c.req.valid("query");
    const list = await listLabels(c.get("db"), c.get("userId"), { page, perPage: per_page, filters });
    if (!list) throw userGone(c.get("authKind"));
    return c.json(list);
  })
  // The list's labels as CSV (its filters and order, every page), streamed.
  .get(
    "/labels/export.csv",
    auth,
    describe({ summary: "The labels the filters match as one CSV file (every page, in the list's order).", description: "The buyer's e-mail is a column only when asked for (`columns=buyer_email`)." }), validate("query", exportQuery), (c) => {
    const { columns, ...filters } = c.req.valid("query");
    const stream = labelsCsvStream(c.get("db"), c.get("user").id, filters, { buyerEmail: columns === "buyer_email" });
    return new Response(stream, { headers: csvHeaders(exportFilename()) });
  })
  // CSV import: the template, a preview that charges nothing, then one batch of every good row.
  .get(
    "/labels/import/template.csv",
    auth,
    describe({ summary: "The CSV import's template: its columns, with an example row." }), () => new Response(importTemplate(), { headers: csvHeaders("parcelhive-labels-template.csv") }))
  .post(
    "/labels/import/preview",
    auth,
    describe({ summary: "Read a CSV of labels and say what importing it would do, row by row, and what it would cost: nothing is saved or charged." }), async (c) => {
    const reading = await readImport(c.get("db"), c.get("user").id, await importText(c.req.raw));
    return c.json({ ...importSummary(reading), balance: c.get("user").credits });
  })
  .post(
    "/labels/import",
    auth,
    describe({ summary: "Import a CSV of labels: every good row in one go, 1 credit per new label; rows with errors are left out and listed." }), async (c) => {
    return c.json(await importLabels(c.get("db"), c.env, c.get("user").id, await importText(c.req.raw)));
  })
  .get(
    "/label/:id/download",
    auth,
    describe({ summary: "The label's original file, as it was uploaded (PDF or image); 404 for a manual label." }), validate("param", idParam), async (c) => {
    const file = await labelOriginal(c.get("db"), c.env, c.get("user").id, c.req.valid("param").id);
    return new Response(file.body, {
      headers: {
        "Content-Type": file.mime,
        "Content-Length": String(file.size),
        "Content-Disposition": contentDisposition(file.filename),
        "X-Content-Type-Options": "nosniff",
      },
    });
  })
  .get(
    "/label/:id",
    readAuth,
    describe({ summary: "One label: what was read from it, its tracking, deadlines, buyer page and files." }), validate("param", idParam), async (c) => {
    const { owner, label } = await readLabel(c.get("db"), c.get("userId"), c.req.valid("param").id);
    if (!owner) throw userGone(c.get("authKind"));
    if (!label) throw notFound("Label not found");
    return c.json(label);
  })
  .put(
    "/label/:id",
    auth,
    describe({ summary: "Replace the label's notes and tags." }), validate("param", idParam), validate("json", notesAndTags), async (c) => {
    const label = await updateNotesAndTags(c.get("db"), c.get("user").id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(label);
  })
  // Corrections of what the reader got wrong: free, the caller's own label, each field marked 'user'.
  .patch(
    "/label/:id/details",
    auth,
    describe({
      summary: "Correct what was read from the label: recipient, sender, return address, service, weight, declared value, the buyer's e-mail. Free.",
      description: "Each field sent replaces the one read (null clears it) and is marked as yours in `fieldSources`.",
    }), validate("param", idParam), validate("json", labelCorrectionSchema), async (c) => {
    const label = await correctLabelDetails(c.get("db"), c.env, c.get("user").id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(label);
  });

export default routes;
