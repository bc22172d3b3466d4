import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { labelFiles, labels } from "../../worker/db/schema";
import { MAX_ATTEMPTS, handleQueue } from "../../worker/handlers/queue";
import type { JobMessage } from "../../worker/lib/jobs";
import { createUser, db } from "./helpers";

async function pendingOcrLabel() {
  const u = await createUser();
  const id = `lbl_q${crypto.randomUUID().slice(0, 8)}`;
  const fileId = `file_${id}`;
  await db().insert(labelFiles).values({ id: fileId, userId: u.id, r2Key: `labels/${fileId}`, name: "label.png", mime: "image/png", size: 10 });
  await db().insert(labels).values({ id, userId: u.id, courier: "evri", trackingCode: id.toUpperCase(), source: "upload", shippedOn: "2026-11-20", ocrStatus: "pending", fileId, filePage: 1 });
  // R2 is down: the OCR job throws (a transient error), so the queue retries it.
  vi.spyOn(env.FILES, "get").mockRejectedValue(new Error("R2 unavailable"));
  return id;
}

async function run(labelId: string, attempts: number) {
  const batch = createMessageBatch<JobMessage>("parcelhive-jobs", [
    { id: "m1", timestamp: Date.now(), attempts, body: { type: "label.ocr", labelId } },
  ]);
  const ctx = createExecutionContext();
  await handleQueue(batch, env);
  return getQueueResult(batch, ctx);
}

afterEach(() => vi.restoreAllMocks());

// The queue imports the OCR job when its first message comes (Tesseract, PDFium, zxing: the test pool transforms them
// then); loaded here, that time is not charged to the first test (it timed out at 30 s at load 8-11).
beforeAll(async () => {
  await import("../../worker/label-import/ocr-job");
}, 180_000);

describe("the queue consumer", () => {
  it("retries a failing job and leaves an OCR label pending while attempts remain", async () => {
    const id = await pendingOcrLabel();
    const result = await run(id, 1);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m1"]);
    const row = await db().query.labels.findFirst({ where: eq(labels.id, id) });
    expect(row!.ocrStatus).toBe("pending");
  });

  it("marks OCR failed when the last attempt fails, so no label stays 'being read' forever", async () => {
    const id = await pendingOcrLabel();
    await run(id, MAX_ATTEMPTS);
    const row = await db().query.labels.findFirst({ where: eq(labels.id, id) });
    expect(row!.ocrStatus).toBe("failed");
  });
});
