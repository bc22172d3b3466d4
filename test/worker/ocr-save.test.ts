import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deletedLabels, labels, type LabelRow, users } from "../../worker/db/schema";
import { MAX_ATTEMPTS } from "../../worker/handlers/queue";
import { fillDetails } from "../../worker/label-import/ocr-job";
import { recognise } from "../../worker/label-import/ocr/tesseract";
import type { JobMessage } from "../../worker/lib/jobs";
import type { ApiLabel, LabelDetails } from "../../shared/label";
import { createManualLabel, saveLabelReading } from "../../worker/labels/save";
import { call, callWithEnv, createUser, db, type TestUser } from "./helpers";
import { expected, fixture } from "./import-fixtures";
import { evriCode } from "./labels-fixtures";
import { captureEnv, deliver, getLabel, upload } from "./ocr-queue";
import { loadReadersFirst } from "./readers";

// An image-only label's reading (the OCR queue job) is stored through the labels' save path
// (worker/labels/save.ts saveLabelReading): the same mirrored columns, action window and search index as a text upload, a
// `label.updated` webhook once, and never over a label deleted or corrected while it was read.

const EVRI = expected["evri.pdf"][0] as unknown as LabelDetails;

type Deliver = Extract<JobMessage, { type: "webhook.deliver" }>;
const updates = (jobs: JobMessage[]) => jobs.filter((j): j is Deliver => j.type === "webhook.deliver" && j.event.type === "label.updated");

async function subscribe(user: TestUser, events = ["label.updated"]) {
  const res = await call("/api/v1/webhooks", { method: "POST", token: user.token, json: { url: "http://127.0.0.1:9/hooks", events } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { endpoint: { id: string } }).endpoint.id;
}

const row = async (id: string) => (await db().select().from(labels).where(eq(labels.id, id)))[0];
const searchIds = async (user: TestUser, q: string) =>
  ((await (await call(`/api/v1/labels?q=${encodeURIComponent(q)}`, { token: user.token })).json()) as { results: ApiLabel[] }).results.map((l) => l.id);

/** An image-only Evri label uploaded: answered 'pending' with its barcode fields, its reading queued in `sent`. */
async function pendingLabel(user: TestUser) {
  const capture = captureEnv();
  const [label] = (await (await upload(capture.env, user, "evri.png", fixture("evri-300dpi.png"), "image/png")).json()) as ApiLabel[];
  expect(label.ocrStatus).toBe("pending");
  return { ...capture, label };
}

/** The columns a save mirrors from the details, and the label's action window. */
const saved = (r: LabelRow) => ({
  courier: r.courier,
  shippedOn: r.shippedOn,
  weightGrams: r.weightGrams,
  isNextDay: r.isNextDay,
  actionFrom: r.actionFrom,
  actionUntil: r.actionUntil,
  address: JSON.parse(r.detailsJson).address,
});

loadReadersFirst();
// Tesseract loads on its first page: outside the tests' own time (readers.ts says why).
beforeAll(async () => void (await recognise({ width: 16, height: 16, data: new Uint8Array(256).fill(255) })), 180_000);

describe("an image-only label's reading goes through the save path", () => {
  it("sends label.updated once (none again on a redelivered message); search, mirrored columns and action window as for a text upload", async () => {
    const user = await createUser({ credits: 5 });
    const endpointId = await subscribe(user);
    const { sent, jobs, env: e, label } = await pendingLabel(user);
    expect(updates(jobs)).toEqual([]);
    expect(await searchIds(user, "Jane Smith")).toEqual([]);

    expect((await deliver(e, sent)).explicitAcks).toHaveLength(1);
    expect(updates(jobs)).toEqual([{ type: "webhook.deliver", endpointId, event: expect.objectContaining({ type: "label.updated", labelId: label.id }) }]);
    // The queue delivers a message at least once: the same message again reads nothing and sends nothing.
    expect((await deliver(e, sent)).explicitAcks).toHaveLength(1);
    expect(updates(jobs)).toHaveLength(1);

    expect(await searchIds(user, "Jane Smith")).toEqual([label.id]);
    expect(await searchIds(user, "m11ae")).toEqual([label.id]);
    // The same label uploaded as a text PDF by another seller: stored alike.
    const other = await createUser({ credits: 5 });
    const [text] = (await (await upload(captureEnv().env, other, "evri.pdf", fixture("evri.pdf"), "application/pdf")).json()) as ApiLabel[];
    expect(text.ocrStatus).toBe("done");
    const [read, typed] = [await row(label.id), await row(text.id)];
    expect(read.ocrStatus).toBe("done");
    expect(saved(read)).toEqual(saved(typed));
  }, 60_000);

  it("keeps what the seller corrected while the label was read, even a field they cleared; the reading fills the rest", async () => {
    const user = await createUser({ credits: 5 });
    const { env: e, label } = await pendingLabel(user);
    const asRead = await row(label.id);
    const res = await call(`/api/v1/label/${label.id}/details`, {
      method: "PATCH",
      token: user.token,
      json: { address: { name: "Ann Other", address: ["1 High Street"], postcode: "M1 1AE" }, weightInGrams: null },
    });
    expect(res.status).toBe(200);
    // The reading ends after the correction: the label it read has changed, so it is read again and filled over it.
    expect(await saveLabelReading(db(), e, asRead, (known) => fillDetails(known, EVRI))).toBe(true);
    const after = await getLabel(user, label.id);
    expect(after.ocrStatus).toBe("done");
    expect(after.data[0]).toMatchObject({ address: { name: "Ann Other", address: ["1 High Street"] }, fromAddress: { name: "ACME Widgets Ltd" }, serviceCode: "NEXT DAY" });
    expect(after.data[0].weightInGrams ?? null).toBeNull();
    expect(after.data[0].fieldSources).toMatchObject({ address: "user", weightInGrams: "user", fromAddress: "ocr", service: "ocr" });
    expect((await row(label.id)).weightGrams).toBeNull();
  });

  it("gives the sender's name as the seller's company name spells it where the reading is a letter or two off it", async () => {
    // The image's sender reads 'ACME Widgets Ltd'; the account's company name is one letter off it (ocr/names.ts ownSender).
    const user = await createUser({ credits: 5 });
    await db().update(users).set({ companyName: "ACME Widgels Ltd" }).where(eq(users.id, user.id));
    const { sent, env: e, label } = await pendingLabel(user);
    await deliver(e, sent);
    expect((await getLabel(user, label.id)).data[0].fromAddress?.name).toBe("ACME Widgels Ltd");
    // Another shop's name stays as read.
    const other = await createUser({ credits: 5 });
    await db().update(users).set({ companyName: "Acorn Gadgets Ltd" }).where(eq(users.id, other.id));
    const second = await pendingLabel(other);
    await deliver(second.env, second.sent);
    expect((await getLabel(other, second.label.id)).data[0].fromAddress?.name).toBe("ACME Widgets Ltd");
  }, 60_000);

  it("writes nothing over a label deleted while it was read, and sends nothing", async () => {
    const user = await createUser({ credits: 5 });
    await subscribe(user);
    const { sent, jobs, env: e, label } = await pendingLabel(user);
    const asRead = await row(label.id);
    expect((await callWithEnv({ JOBS: e.JOBS }, `/api/v1/label/${label.id}`, { method: "DELETE", token: user.token })).status).toBe(200);
    expect(await saveLabelReading(db(), e, asRead, (known) => fillDetails(known, EVRI))).toBe(false);
    expect((await deliver(e, sent)).explicitAcks).toHaveLength(1);
    expect(await row(label.id)).toBeUndefined();
    expect(await db().select().from(deletedLabels).where(eq(deletedLabels.labelId, label.id))).toHaveLength(1);
    expect(updates(jobs)).toEqual([]);
  });

  it("a reading the queue gave up on ends 'failed', with its barcode fields, and says so with label.updated", async () => {
    const user = await createUser({ credits: 5 });
    await subscribe(user);
    const { sent, jobs, env: e, label } = await pendingLabel(user);
    const broken = { ...e, FILES: { get: async () => Promise.reject(new Error("R2 unavailable")) } as unknown as R2Bucket };
    expect((await deliver(broken, sent, MAX_ATTEMPTS)).retryMessages).toHaveLength(1);
    const after = await getLabel(user, label.id);
    expect(after).toMatchObject({ ocrStatus: "failed", trackingCode: EVRI.trackingCode });
    expect(updates(jobs).map((j) => j.event.labelId)).toEqual([label.id]);
  });
});

describe("label.updated from the save path", () => {
  it("is sent when a save updates a label the seller has, never for a new one", async () => {
    const user = await createUser({ credits: 5 });
    const endpointId = await subscribe(user, ["label.updated"]);
    const { jobs, env: e } = captureEnv();
    const code = evriCode();
    const { label } = await createManualLabel(db(), e, user.id, { details: { courier: "evri", trackingCode: code, countryCode: "GB" } });
    expect(updates(jobs)).toEqual([]);
    await createManualLabel(db(), e, user.id, { details: { courier: "evri", trackingCode: code, countryCode: "GB" }, notes: "again" });
    expect(updates(jobs)).toEqual([{ type: "webhook.deliver", endpointId, event: expect.objectContaining({ type: "label.updated", labelId: label.id }) }]);
  });

  it("is sent when the seller corrects a label, which is saved as every save is", async () => {
    const user = await createUser({ credits: 5 });
    const endpointId = await subscribe(user, ["label.updated"]);
    const { jobs, env: e } = captureEnv();
    const { label } = await createManualLabel(db(), e, user.id, { details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" } });
    const res = await callWithEnv({ JOBS: e.JOBS }, `/api/v1/label/${label.id}/details`, { method: "PATCH", token: user.token, json: { weightInGrams: 750 } });
    expect(res.status).toBe(200);
    expect(updates(jobs)).toEqual([{ type: "webhook.deliver", endpointId, event: expect.objectContaining({ type: "label.updated", labelId: label.id }) }]);
    expect((await row(label.id)).weightGrams).toBe(750);
  });

  it("is named among the events in the API reference", async () => {
    expect(await (await call("/api/docs")).text()).toContain("<code>label.updated</code>");
  });
});
