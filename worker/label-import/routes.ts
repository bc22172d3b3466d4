import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { newId } from "../lib/crypto";
import { log } from "../lib/log";
import { validate } from "../lib/validate";
import { requireAuth } from "../accounts/require-auth";
import type { ApiLabel } from "../labels/model";
import { saveImportedLabels } from "../labels/save";

// POST /api/v1/label: multipart, one file per request in `files`, optional `notes`.
// Answers the labels produced from the file (ApiLabel[]). The file is read first (nothing is stored
// for a file that is refused), then the original goes to R2, then the labels, the label_files row
// and the debit (1 credit per new tracking code) are saved in one batch; if that fails (402 when
// credits are short) the R2 object is deleted again.

// Image-only labels (images, flattened PDFs) are saved with what their barcodes give and
// ocrStatus 'pending'; the queue reads their text (worker/label-import/ocr-job.ts) and fills in the rest.

const form = z.object({
  files: z.custom<File>((v) => v instanceof File, "Attach one label file (PDF, PNG, JPEG or WEBP) in the 'files' field."),
  notes: z.string().max(5000, "notes are at most 5000 characters").optional(),
});

function cleanName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips from a file name
  const base = name.replace(/[\u0000-\u001f\u007f/\\]/g, "_").trim().slice(-200);
  return base || "label";
}

const routes = new Hono<AppEnv>().post("/label", requireAuth({ apiKey: true }), validate("form", form), async (c) => {
  const { files: file, notes } = c.req.valid("form");
  const user = c.get("user");
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The label readers (PDFium, zxing, pdf.js, OCR) load on the import path only, so every other
  // request starts a worker without evaluating them.
  const { importLabelFile } = await import("./pipeline");
  const { queueLabelOcr } = await import("./ocr-job");
  const result = await importLabelFile(bytes);

  const fileId = newId("file");
  const r2Key = `labels/${user.id}/${fileId}`;
  const name = cleanName(file.name);
  await c.env.FILES.put(r2Key, bytes, {
    httpMetadata: { contentType: result.mime },
    customMetadata: { userId: String(user.id), name },
  });
  let saved: ApiLabel[];
  try {
    saved = await saveImportedLabels(c.get("db"), c.env, {
      userId: user.id,
      file: { id: fileId, r2Key, name, mime: result.mime, size: bytes.length, pages: result.pages },
      labels: result.labels.map((l) => ({ page: l.page, details: l.details, ocrPending: l.ocrPending })),
      notes,
    });
    log("info", "label import", {
      requestId: c.get("requestId"),
      userId: user.id,
      kind: result.kind,
      pages: result.pages,
      labels: saved.length,
      ocrPending: saved.filter((l) => l.ocrStatus === "pending").length,
      skippedPages: result.skippedPages,
    });
  } catch (err) {
    await c.env.FILES.delete(r2Key).catch((e) => log("error", "orphan R2 object", { r2Key, error: String(e) }));
    throw err;
  }
  // Saved and paid for: from here on the answer is 200 whatever the queue does.
  return c.json(await queueLabelOcr(c.get("db"), c.env, saved), 200);
});

export default routes;
