import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAuth } from "../auth/require-auth";
import { importLabelUpload } from "./import-file";
import { plainText } from "../lib/text";

// POST /api/v1/label: multipart, one file per request in `files`, optional `notes`.
// Answers the labels produced from the file (ApiLabel[]), saved through importLabelUpload
// (import-file.ts: read first, then R2, then one batch with the debit; 402 when credits are short).
// Image-only labels come back with ocrStatus 'pending' while the queue reads their text.

const form = z.object({
  files: z.custom<File>((v) => v instanceof File, "Attach one label file (PDF, PNG, JPEG or WEBP) in the 'files' field."),
  notes: z.string().max(5000, "notes are at most 5000 characters").refine(...plainText("notes")).optional(),
});

const routes = new Hono<AppEnv>().post(
  "/label",
  requireAuth({ apiKey: true }),
  describe({ summary: "Upload one label file (PDF, PNG, JPEG or WEBP, at most 16 MB) in `files`: every label in it is read and saved, 1 credit per new tracking code.", description: "Answers the labels it holds. A label read only by OCR comes back with `ocrStatus: \\\"pending\\\"` while the queue reads its text; a file with no label costs nothing (422). 402 without credits." }),
  validate("form", form), async (c) => {
  const { files: file, notes } = c.req.valid("form");
  const saved = await importLabelUpload(c.get("db"), c.env, {
    userId: c.get("user").id,
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name,
    notes,
    logContext: { requestId: c.get("requestId") },
  });
  return c.json(saved, 200);
});

export default routes;
