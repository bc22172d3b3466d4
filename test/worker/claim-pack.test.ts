import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { ClaimPack } from "../../worker/claims/claim-pack-model";
import { labels } from "../../worker/db/schema";
import type { ApiLabel, TrackingEvent } from "../../shared/label";
import { saveImportedLabels } from "../../worker/labels/save";
import { call, createUser, db, type TestUser } from "./helpers";
import { fixture } from "./import-fixtures";
import { evriCode, fileFor, royalMailCode } from "./labels-fixtures";

const manual = async (u: TestUser, json: Record<string, unknown>) => {
  const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, json });
  return { res, body: (await res.json()) as { id: string; error?: string } };
};
const correct = (u: TestUser, id: string, json: unknown) => call(`/api/v1/label/${id}/details`, { method: "PATCH", token: u.token, json });
const read = async (u: TestUser, id: string) => (await (await call(`/api/v1/label/${id}`, { token: u.token })).json()) as ApiLabel;

async function pdfText(res: Response): Promise<{ text: string; pages: number }> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/pdf");
  const doc = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text, totalPages } = await extractText(doc, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

const EVENTS: TrackingEvent[] = [
  { dateTime: "2026-11-17T13:02:11Z", trackingPoint: { trackingPointCode: "DEL", description: "Delivered to your safe place: porch, photo taken" }, trackingStage: { trackingStageCode: "5_COURIER", description: "Delivered" } },
  { dateTime: "2026-11-17T07:45:37Z", trackingPoint: { trackingPointCode: "OFD", description: "Out for delivery" }, trackingStage: { trackingStageCode: "4_COURIER" } },
  { dateTime: "2026-11-16T17:42:20Z", trackingPoint: { trackingPointCode: "COL", description: "We've got it" }, trackingStage: { trackingStageCode: "2" }, location: "Warrington" },
  { dateTime: "2026-11-16T10:05:02Z", trackingPoint: { trackingPointCode: "PRE", description: "The sender has told us your parcel is on its way" }, trackingStage: { trackingStageCode: "1" } },
];

/** An imported Evri label with its original file, addresses, a declared value and tracking events. */
async function fullLabel(u: TestUser, file: { bytes: Uint8Array; name: string; mime: string }, events: TrackingEvent[] = EVENTS) {
  const fileId = `file_${crypto.randomUUID()}`;
  await env.FILES.put(`labels/${fileId}`, file.bytes);
  const [label] = await saveImportedLabels(db(), env, {
    userId: u.id,
    file: fileFor(fileId, { name: file.name, mime: file.mime, size: file.bytes.length, pages: 1 }),
    labels: [
      {
        page: 1,
        ocrPending: false,
        details: {
          courier: "evri",
          trackingCode: evriCode(),
          countryCode: "GB",
          address: { name: "Jane Smith", address: ["14 Acacia Avenue", "Manchester"], postcode: "M1 1AE", countryCode: "GB" },
          fromAddress: { name: "Hollow Oak Ceramics", address: ["Unit 4 Mill Lane"], postcode: "LS11 5TD", countryCode: "GB" },
          weightInGrams: 1250,
          serviceCode: "Next Day",
          shippingLabelCreatedAt: "2026-11-16T09:00:00Z",
        },
      },
    ],
  });
  await db()
    .update(labels)
    .set({ trackingJson: JSON.stringify({ results: [{ service: { serviceType: "Next Day" }, trackingEvents: events }] }) })
    .where(eq(labels.id, label.id));
  expect((await correct(u, label.id, { declaredValue: 249.5 })).status).toBe(200);
  return label;
}

describe("declared value", () => {
  it("is taken in pounds on manual create and stored as whole pence", async () => {
    const u = await createUser({ credits: 3 });
    const { res, body } = await manual(u, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA", declaredValue: 19.99 } });
    expect(res.status).toBe(201);
    expect((await read(u, body.id)).data[0].declaredValuePence).toBe(1999);
    const rm = await manual(u, { courier: "royalmail", trackingCode: royalMailCode(), fields: { recipientPostcode: "SW1A 1AA", declaredValue: 0 } });
    expect((await read(u, rm.body.id)).data[0].declaredValuePence).toBe(0);
  });

  it("is listed as an optional number field of each courier", async () => {
    const list = (await (await call("/api/v1/couriers")).json()) as Array<{ optional: Record<string, string>; fieldLabels: Record<string, string> }>;
    for (const c of list) {
      expect(c.optional.declaredValue).toBe("number");
      expect(c.fieldLabels.declaredValue).toBe("Declared value (£)");
    }
  });

  for (const [what, value] of [
    ["a negative amount", -1],
    ["more than £100,000", 100_000.01],
    ["three decimals", 12.345],
    ["text", "a lot"],
  ] as const) {
    it(`refuses ${what} on manual create and in a correction, storing nothing`, async () => {
      const u = await createUser({ credits: 2 });
      const { res, body } = await manual(u, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA", declaredValue: value } });
      expect(res.status).toBe(400);
      expect(body.error).toMatch(/Declared value \(£\) must be an amount in pounds from 0 to 100,000/);
      const ok = await manual(u, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA", declaredValue: 10 } });
      const bad = await correct(u, ok.body.id, { declaredValue: value });
      expect(bad.status).toBe(400);
      expect((await read(u, ok.body.id)).data[0].declaredValuePence).toBe(1000);
    });
  }

  it("is corrected to the top of its range and cleared with null", async () => {
    const u = await createUser({ credits: 1 });
    const { body } = await manual(u, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } });
    expect((await correct(u, body.id, { declaredValue: 100_000 })).status).toBe(200);
    expect((await read(u, body.id)).data[0].declaredValuePence).toBe(10_000_000);
    expect((await correct(u, body.id, { declaredValue: 0.29 })).status).toBe(200);
    expect((await read(u, body.id)).data[0].declaredValuePence).toBe(29);
    expect((await correct(u, body.id, { declaredValue: null })).status).toBe(200);
    expect((await read(u, body.id)).data[0].declaredValuePence).toBeNull();
  });
});

describe("GET /api/v1/label/:id/claim-pack(.pdf)", () => {
  it("answers the facts, addresses, history and evidence a claim form asks", async () => {
    const u = await createUser({ credits: 1 });
    const label = await fullLabel(u, { bytes: fixture("evri.pdf"), name: "evri.pdf", mime: "application/pdf" });
    const res = await call(`/api/v1/label/${label.id}/claim-pack`, { token: u.token });
    expect(res.status).toBe(200);
    const pack = (await res.json()) as ClaimPack;
    const fact = (name: string) => pack.facts.find((f) => f.label === name)?.value;
    expect(fact("Tracking number")).toBe(label.trackingCode);
    expect(fact("Carrier")).toBe("Evri");
    expect(fact("Service")).toBe("Next Day");
    expect(fact("Declared value")).toBe("£249.50");
    expect(fact("Weight")).toBe("1.25 kg");
    // The pre-advice is not a scan: the first scan is Evri's collection (UK time).
    expect(fact("Posted (first scan)")).toBe("16 Nov 2026, 17:42");
    expect(fact("Last scan")).toBe("17 Nov 2026, 13:02");
    expect(fact("Claims close")).toBe("Wed, 16 Dec 2026");
    expect(pack.events.map((e) => e.description)).toEqual(EVENTS.map((e) => e.trackingPoint.description).reverse());
    expect(pack.evidence.map((e) => e.flag)).toEqual(["Left in a safe place", "Photo taken"]);
    expect(pack.sender?.name).toBe("Hollow Oak Ceramics");
    expect(pack.original).toEqual({ name: "evri.pdf", mime: "application/pdf", inPdf: "pages" });
  });

  it("builds an A4 PDF holding every field, the history and the original PDF's pages", async () => {
    const u = await createUser({ credits: 1 });
    const original = fixture("multi.pdf");
    const originalPages = (await getDocumentProxy(original.slice())).numPages;
    const label = await fullLabel(u, { bytes: original, name: "multi.pdf", mime: "application/pdf" });
    const res = await call(`/api/v1/label/${label.id}/claim-pack.pdf`, { token: u.token });
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="claim-pack-${label.trackingCode}.pdf"`);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    const { text, pages } = await pdfText(res);
    for (const expected of [
      label.trackingCode,
      "Evri",
      "Next Day",
      "Jane Smith",
      "14 Acacia Avenue",
      "M1 1AE",
      "Hollow Oak Ceramics",
      "LS11 5TD",
      "1.25 kg",
      "£249.50",
      "16 Nov 2026, 17:42",
      "17 Nov 2026, 13:02",
      "Wed, 16 Dec 2026",
      "Out for delivery",
      "Warrington",
      "Left in a safe place",
      "Photo taken",
      "multi.pdf (application/pdf) follows",
    ]) {
      expect(text).toContain(expected);
    }
    expect(pages).toBe(1 + originalPages);
    const doc = await getDocumentProxy(bytes);
    const first = await doc.getPage(1);
    expect(first.view.map(Math.round)).toEqual([0, 0, 595, 842]);
  });

  it("puts a PNG, a JPEG and a WEBP original on a page of their own", async () => {
    const u = await createUser({ credits: 3 });
    for (const [name, mime] of [
      ["evri-300dpi.png", "image/png"],
      ["evri-300dpi.jpg", "image/jpeg"],
      ["evri-300dpi.webp", "image/webp"],
    ]) {
      const label = await fullLabel(u, { bytes: fixture(name), name, mime });
      const { text, pages } = await pdfText(await call(`/api/v1/label/${label.id}/claim-pack.pdf`, { token: u.token }));
      expect(text).toContain(`${name} (${mime}) follows on the next page`);
      expect(pages).toBe(2);
    }
  });

  it("wraps a long history onto more pages", async () => {
    const u = await createUser({ credits: 1 });
    const many: TrackingEvent[] = Array.from({ length: 120 }, (_, i) => ({
      dateTime: new Date(Date.UTC(2026, 10, 1) + i * 3_600_000).toISOString(),
      trackingPoint: { description: `Event number ${i + 1} at the hub` },
      trackingStage: { trackingStageCode: "3" },
    }));
    const label = await fullLabel(u, { bytes: fixture("evri-300dpi.png"), name: "l.png", mime: "image/png" }, many);
    const { text, pages } = await pdfText(await call(`/api/v1/label/${label.id}/claim-pack.pdf`, { token: u.token }));
    expect(text).toContain("Event number 1 at the hub");
    expect(text).toContain("Event number 120 at the hub");
    expect(pages).toBeGreaterThanOrEqual(4);
  });

  it("still makes a pack for a label without events, addresses or file", async () => {
    const u = await createUser({ credits: 1 });
    const { body } = await manual(u, { courier: "royalmail", trackingCode: royalMailCode(), fields: { recipientPostcode: "OX18 3UQ" } });
    const { text, pages } = await pdfText(await call(`/api/v1/label/${body.id}/claim-pack.pdf`, { token: u.token }));
    expect(text).toContain("Royal Mail");
    expect(text).toContain("OX18 3UQ");
    expect(text).toContain("No tracking events were received");
    expect(text).toContain("No original label file is stored");
    expect(text).toContain("Declared value Not known");
    expect(pages).toBe(1);
  });

  it("survives a hostile long note and characters Helvetica cannot draw", async () => {
    const u = await createUser({ credits: 1 });
    const { body } = await manual(u, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } });
    // A NUL is refused (issue 33: no control characters in what a seller sets); the bidi override is text and stays.
    const note = `Zoë’s 📦 — 中文 \u202e ${"x".repeat(3000)} ${"word ".repeat(700)}`.slice(0, 5000);
    expect((await call(`/api/v1/label/${body.id}`, { method: "PUT", token: u.token, json: { notes: `${note}\u0000`, tags: [] } })).status).toBe(400);
    expect((await call(`/api/v1/label/${body.id}`, { method: "PUT", token: u.token, json: { notes: note, tags: [] } })).status).toBe(200);
    expect((await correct(u, body.id, { address: { name: "Łukasz Żółć 🚚", address: ["ул. Ленина 1"], postcode: "M1 1AE" } })).status).toBe(200);
    const { text, pages } = await pdfText(await call(`/api/v1/label/${body.id}/claim-pack.pdf`, { token: u.token }));
    expect(text).toContain("Zoë’s ? —");
    expect(text).toContain("Lukasz Zólc ? ??. ?????? 1");
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it("answers 404 for another user's label and 401 signed out, and lets an API key read it", async () => {
    const owner = await createUser({ credits: 1 });
    const other = await createUser();
    const { body } = await manual(owner, { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" } });
    expect((await call(`/api/v1/label/${body.id}/claim-pack.pdf`, { token: other.token })).status).toBe(404);
    expect((await call(`/api/v1/label/${body.id}/claim-pack`, { token: other.token })).status).toBe(404);
    expect((await call(`/api/v1/label/${body.id}/claim-pack.pdf`)).status).toBe(401);
    const key = ((await (await call("/api/v1/generate-developer-key", { method: "POST", token: owner.token, json: {} })).json()) as { developer_api_key: string }).developer_api_key;
    expect((await call(`/api/v1/label/${body.id}/claim-pack.pdf`, { headers: { "X-API-Key": key } })).status).toBe(200);
  });
});
