import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { labelFiles, labels, users } from "../../worker/db/schema";
import type { ApiLabel, UploadedLabel } from "../../shared/label";
import { call, createUser, db, type TestUser } from "./helpers";
import { fixture } from "./import-fixtures";
import { loadReadersFirst } from "./readers";

const MIME: Record<string, string> = { pdf: "application/pdf", png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

function upload(user: TestUser | null, files: { name: string; bytes: Uint8Array; type?: string }[], notes?: string) {
  const form = new FormData();
  for (const f of files) form.append("files", new File([f.bytes], f.name, { type: f.type ?? MIME[f.name.split(".").pop()!] ?? "" }));
  if (notes !== undefined) form.append("notes", notes);
  return call("/api/v1/label", { method: "POST", body: form, token: user?.token });
}

/** A shop's dispatch e-mail printed to PDF: a tracking number and a delivery address, no label (issue 36, class 6). */
async function orderMailPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  const lines = ["Your order has been dispatched", "From: Saltbox Studio <orders@example.co.uk>", "Hi Jane,", "Your order is on its way.", "Tracking number: VB442550835GB", "Delivery address", "Jane Smith", "14 Acacia Avenue", "Manchester", "M1 1AE", "Subtotal £24.00", "Total £26.95"];
  for (const [i, t] of lines.entries()) page.drawText(t, { x: 40, y: 780 - i * 18, size: 11, font });
  return doc.save();
}

const uploadFixture = (user: TestUser, name: string, notes?: string) => upload(user, [{ name, bytes: fixture(name) }], notes);

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;
const r2Keys = async (userId: number) => (await env.FILES.list({ prefix: `labels/${userId}/` })).objects.map((o) => o.key);
const labelRows = (userId: number) => db().select().from(labels).where(eq(labels.userId, userId));
const fileRows = (userId: number) => db().select().from(labelFiles).where(eq(labelFiles.userId, userId));

async function expectNothingStored(user: TestUser, credits: number) {
  expect(await balance(user.id)).toBe(credits);
  expect(await r2Keys(user.id)).toEqual([]);
  expect(await labelRows(user.id)).toEqual([]);
  expect(await fileRows(user.id)).toEqual([]);
}

loadReadersFirst();

describe("POST /api/v1/label", () => {
  it("imports a text-layer Evri PDF: fields, 1 credit, the original in R2", async () => {
    const user = await createUser({ credits: 5 });
    const res = await uploadFixture(user, "evri.pdf", "  fragile  ");
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiLabel[];
    expect(body).toHaveLength(1);
    const [label] = body;
    expect(label).toMatchObject({ trackingCode: "H04AQA0004726589", courier: "evri", notes: "fragile", ocrStatus: "done" });
    expect(label.file).toMatchObject({ name: "evri.pdf", mime: "application/pdf", hasBytes: true });
    expect(label.data[0]).toMatchObject({
      address: { name: "Jane Smith", address: ["Flat 2", "14 Acacia Avenue", "Manchester"], postcode: "M1 1AE" },
      fromAddress: { name: "ACME Widgets Ltd", postcode: "LS11 5TD" },
      isNextDay: true,
      weightInGrams: 1200,
      vanRouting: "VAN 98 DROP 38 C-ROUND 7123",
    });
    expect(await balance(user.id)).toBe(4);
    const keys = await r2Keys(user.id);
    expect(keys).toHaveLength(1);
    const [file] = await fileRows(user.id);
    expect(file).toMatchObject({ r2Key: keys[0], name: "evri.pdf", mime: "application/pdf", pages: 1, size: fixture("evri.pdf").length });
    const obj = await env.FILES.get(keys[0]);
    expect(new Uint8Array(await obj!.arrayBuffer())).toEqual(fixture("evri.pdf"));

    // The original downloads back byte for byte.
    const dl = await call(`/api/v1/label/${label.id}/download`, { token: user.token });
    expect(dl.status).toBe(200);
    expect(new Uint8Array(await dl.arrayBuffer())).toEqual(fixture("evri.pdf"));
  });

  it("charges one credit per label of a multi-page PDF, in page order", async () => {
    const user = await createUser({ credits: 3 });
    const res = await uploadFixture(user, "multi.pdf");
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiLabel[];
    expect(body.map((l) => l.trackingCode)).toEqual(["VB442550835GB", "H04AQA0004726589", "SG577041359GB"]);
    expect((body as UploadedLabel[]).map((l) => l.created)).toEqual([true, true, true]);
    expect(await balance(user.id)).toBe(0);
    expect(await r2Keys(user.id)).toHaveLength(1);
  });

  it("imports two labels side by side on one A4 page as two labels of that page, two credits", async () => {
    const user = await createUser({ credits: 3 });
    const res = await uploadFixture(user, "two-up-a4.pdf");
    expect(res.status).toBe(200);
    const body = (await res.json()) as ApiLabel[];
    expect(body.map((l) => [l.trackingCode, l.courier, l.ocrStatus])).toEqual([
      ["H04AQA0004726589", "evri", "done"],
      ["VB442550835GB", "royalmail", "done"],
    ]);
    expect(body[0].data[0].address).toMatchObject({ name: "Jane Smith", postcode: "M1 1AE" });
    expect(body[1].data[0].address).toMatchObject({ name: "Tom Jones", postcode: "OX18 3UQ" });
    expect(await balance(user.id)).toBe(1);
    const rows = await labelRows(user.id);
    expect(rows.map((r) => r.filePage)).toEqual([1, 1]);
    expect(new Set(rows.map((r) => r.fileId)).size).toBe(1);
    expect(await r2Keys(user.id)).toHaveLength(1);
  });

  it("updates a label the user already has, charges nothing for it and says so", async () => {
    const user = await createUser({ credits: 2 });
    const first = await uploadFixture(user, "royalmail-300dpi.png");
    expect(first.status).toBe(200);
    expect(((await first.json()) as UploadedLabel[]).map((l) => l.created)).toEqual([true]);
    expect(await balance(user.id)).toBe(1);
    const res = await uploadFixture(user, "royalmail.pdf");
    expect(res.status).toBe(200);
    const [label] = (await res.json()) as UploadedLabel[];
    // Already the user's: not created, not charged.
    expect(label.created).toBe(false);
    expect(label.data[0]).toMatchObject({ trackingCode: "VB442550835GB", address: { name: "Tom Jones", postcode: "OX18 3UQ" } });
    expect(await balance(user.id)).toBe(1);
    expect(await labelRows(user.id)).toHaveLength(1);
    expect(label.file).toMatchObject({ name: "royalmail.pdf" });
  });

  it("reads an image label from its barcodes", async () => {
    const user = await createUser({ credits: 1 });
    const res = await uploadFixture(user, "evri-300dpi.webp");
    expect(res.status).toBe(200);
    const [label] = (await res.json()) as ApiLabel[];
    expect(label).toMatchObject({ trackingCode: "H04AQA0004726589", courier: "evri" });
    expect(label.file).toMatchObject({ mime: "image/webp" });
    expect(label.data[0].encodedMetadata).toContain("H04AQA0004726589|M11AE");
  });

  it("fails whole with 402 when credits do not cover every label, storing nothing", async () => {
    const user = await createUser({ credits: 2 });
    const res = await uploadFixture(user, "multi.pdf");
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ error: "You need 3 credits to process this file" });
    await expectNothingStored(user, 2);
  });

  it("refuses a file that is not a label with 422 and charges nothing", async () => {
    const user = await createUser({ credits: 5 });
    for (const name of ["not-a-label.pdf", "not-a-label.png"]) {
      const res = await uploadFixture(user, name);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: "This file is not a recognised Evri or Royal Mail label." });
    }
    await expectNothingStored(user, 5);
  });

  it("refuses a document that holds a code but is no label (an order e-mail) with 422 naming it, and charges nothing", async () => {
    const user = await createUser({ credits: 5 });
    const res = await upload(user, [{ name: "order.pdf", bytes: await orderMailPdf() }]);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/order or dispatch e-mail, not a shipping label/);
    await expectNothingStored(user, 5);
  });

  const hostile: [string, number, RegExp][] = [
    ["hostile-empty.pdf", 400, /empty/],
    ["hostile-truncated.pdf", 422, /damaged or incomplete/],
    ["hostile-encrypted.pdf", 422, /password-protected/],
    ["hostile-random.pdf", 422, /damaged or incomplete/],
    ["hostile-zip.png", 415, /Unsupported file type/],
    ["hostile-bomb.png", 422, /too large/],
    ["hostile-huge.png", 422, /too large/],
  ];
  for (const [name, status, message] of hostile) {
    it(`refuses ${name} with ${status}, storing and charging nothing`, async () => {
      const user = await createUser({ credits: 5 });
      const res = await uploadFixture(user, name);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      await expectNothingStored(user, 5);
    });
  }

  it("refuses a file over 16 MB with 413", async () => {
    const user = await createUser({ credits: 5 });
    const big = new Uint8Array(16 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    const res = await upload(user, [{ name: "big.pdf", bytes: big }]);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "File is larger than 16MB" });
    await expectNothingStored(user, 5);
  });

  it("wants exactly one file, and a signed-in caller", async () => {
    const user = await createUser({ credits: 5 });
    const none = await upload(user, []);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { error: string }).error).toMatch(/^files: Attach one label file/);
    const two = await upload(user, [
      { name: "a.pdf", bytes: fixture("evri.pdf") },
      { name: "b.pdf", bytes: fixture("royalmail.pdf") },
    ]);
    expect(two.status).toBe(400);
    const json = await call("/api/v1/label", { method: "POST", json: { files: "x" }, token: user.token });
    expect(json.status).toBe(400);
    const anon = await upload(null, [{ name: "evri.pdf", bytes: fixture("evri.pdf") }]);
    expect(anon.status).toBe(401);
    await expectNothingStored(user, 5);
  });
});
