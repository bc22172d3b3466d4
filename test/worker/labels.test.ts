import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { labelTags, labels, users } from "../../worker/db/schema";
import type { ApiLabel } from "../../shared/label";
import { createManualLabel, saveImportedLabels } from "../../worker/labels/save";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode, fileFor, royalMailCode } from "./labels-fixtures";

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;

const manual = (u: TestUser, json: unknown) => call("/api/v1/label/manual", { method: "POST", token: u.token, json });
const evri = (code = evriCode(), fields: Record<string, unknown> = { recipientPostcode: "SW1A 1AA" }) => ({ courier: "evri", trackingCode: code, fields });

async function errorOf(res: Response) {
  return ((await res.json()) as { error: string }).error;
}

describe("GET /api/v1/couriers", () => {
  it("lists evri and royalmail with their fields and types", async () => {
    const res = await call("/api/v1/couriers");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Array<{ id: string; label: string; required: object; optional: Record<string, string> }>;
    expect(list.map((c) => c.id)).toEqual(["evri", "royalmail"]);
    expect(list[0]).toMatchObject({ label: "evri", required: { recipientPostcode: "string" } });
    expect(list[0].optional).toEqual({ shippedAt: "datetime", deliveredAt: "datetime", weightInGrams: "integer", dimensionsCm: "number[3]", declaredValue: "number" });
    expect(list[1].optional.fromAddress).toBe("string");
    expect(list[0].optional.fromAddress).toBeUndefined();
  });
});

describe("POST /api/v1/label/manual", () => {
  it("needs a signed-in user", async () => {
    const res = await call("/api/v1/label/manual", { method: "POST", json: evri() });
    expect(res.status).toBe(401);
    expect(await errorOf(res)).toBe("Authentication required");
  });

  const cases: Array<[string, Record<string, unknown>, string | RegExp]> = [
    ["no courier", { trackingCode: evriCode(), fields: {} }, "courier: Please select a courier."],
    ["an empty courier", { courier: " ", trackingCode: evriCode() }, "courier: Please select a courier."],
    ["a courier we do not support, by its own name", { courier: "dhl", trackingCode: evriCode() }, "DHL is not supported. Parcelhive reads and tracks Evri and Royal Mail labels."],
    ["a courier we have never heard of, as typed", { courier: "Pigeon Post", trackingCode: evriCode() }, "'Pigeon Post' is not supported. Parcelhive reads and tracks Evri and Royal Mail labels."],
    ["no tracking code", { courier: "evri", trackingCode: "" }, "trackingCode: Tracking code is required."],
    ["an Evri code with a wrong check digit", { courier: "evri", trackingCode: "H04AQA0004726580" }, /^Invalid tracking code for Evri: /],
    ["a Royal Mail code on Evri", { courier: "evri", trackingCode: "SG577041359GB" }, /^Invalid tracking code for Evri: /],
    ["a bad S10 code", { courier: "royalmail", trackingCode: "SG577041358GB" }, /^Invalid tracking code for Royal Mail: /],
    ["a missing required field", { courier: "evri", trackingCode: evriCode(), fields: {} }, "Missing required field: Recipient postcode"],
    ["dimensions that are not three numbers", evri(evriCode(), { recipientPostcode: "SW1A1AA", dimensionsCm: [1, 2] }), "Dimensions (cm) must be three numbers: L, W, H."],
    ["dimensions as text", evri(evriCode(), { recipientPostcode: "SW1A1AA", dimensionsCm: ["a", 2, 3] }), "Dimensions (cm) must be three numbers: L, W, H."],
    ["a weight that is not a whole number", evri(evriCode(), { recipientPostcode: "SW1A1AA", weightInGrams: 12.5 }), "Weight (g) must be a positive whole number."],
    ["a negative weight", evri(evriCode(), { recipientPostcode: "SW1A1AA", weightInGrams: -1 }), "Weight (g) must be a positive whole number."],
    ["a date that is not ISO", evri(evriCode(), { recipientPostcode: "SW1A1AA", shippedAt: "yesterday" }), "Shipped at must be an ISO date-time."],
    ["a postcode that is not British", evri(evriCode(), { recipientPostcode: "90210" }), "Recipient postcode must be a UK postcode."],
    ["a field the courier does not take", evri(evriCode(), { recipientPostcode: "SW1A1AA", fromAddress: "x" }), "fields.fromAddress: not a field of Evri labels"],
    ["tags that are not a list", { ...evri(), tags: "a,b" }, /^tags: /],
    ["notes over 5000 characters", { ...evri(), notes: "x".repeat(5001) }, "notes: notes are at most 5000 characters"],
  ];
  for (const [what, body, message] of cases) {
    it(`refuses ${what} with a 400 and charges nothing`, async () => {
      const u = await createUser({ credits: 3 });
      const res = await manual(u, body);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      if (typeof message === "string") expect(error).toBe(message);
      else expect(error).toMatch(message);
      expect(await balance(u.id)).toBe(3);
    });
  }

  it("refuses malformed JSON with a 400", async () => {
    const u = await createUser({ credits: 1 });
    const res = await call("/api/v1/label/manual", { method: "POST", token: u.token, body: "{", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(await balance(u.id)).toBe(1);
  });

  it("creates a label for one credit and answers its tracking code and id", async () => {
    const u = await createUser({ credits: 2 });
    const code = evriCode();
    const res = await manual(u, {
      courier: " Evri ",
      trackingCode: `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase(),
      fields: { recipientPostcode: "sw1a1aa", shippedAt: "2026-03-02T10:15:00.000Z", weightInGrams: 1450, dimensionsCm: [30, 20, 10], deliveredAt: "" },
      tags: [" gifts ", "", "gifts", "ebay"],
      notes: "  fragile  ",
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { trackingCode: string; id: string };
    expect(body.trackingCode).toBe(code);
    expect(body.id).toMatch(/^lbl_/);
    expect(await balance(u.id)).toBe(1);

    const label = (await (await call(`/api/v1/label/${body.id}`, { token: u.token })).json()) as ApiLabel;
    expect(label).toMatchObject({ trackingCode: code, courier: "evri", notes: "fragile", tags: ["gifts", "ebay"], file: null, downloadUrl: null, ocrStatus: "none" });
    expect(label.data[0]).toMatchObject({
      courier: "evri",
      trackingCode: code,
      countryCode: "GB",
      address: { name: "", address: [], postcode: "SW1A 1AA", countryCode: "GB" },
      weightInGrams: 1450,
      dimensionsCm: [30, 20, 10],
      shippingLabelCreatedAt: "2026-03-02T10:15:00.000Z",
    });
    expect(label.data[0].deliveredAt ?? null).toBeNull();
    expect(label.lostStatus).toEqual({ potentiallyLost: false, potentiallyLostAt: null, lostEmailSentAt: null, reason: null });
    expect(label.labelSettings.banner_image_url).toBeNull();
    const row = await db().query.labels.findFirst({ where: eq(labels.id, body.id) });
    expect(row).toMatchObject({ shippedOn: "2026-03-02", weightGrams: 1450, source: "manual" });
    const tagRows = await db().select().from(labelTags).where(eq(labelTags.labelId, body.id));
    expect(tagRows.map((t) => t.tag).sort()).toEqual(["ebay", "gifts"]);
  });

  it("accepts courier names ignoring case, spaces, underscores and hyphens", async () => {
    const u = await createUser({ credits: 3 });
    for (const courier of ["Royal Mail", "royal_mail", "ROYAL-MAIL"]) {
      const res = await manual(u, { courier, trackingCode: royalMailCode(), fields: { recipientPostcode: "OX18 3UQ" } });
      expect(res.status).toBe(201);
    }
    expect(await balance(u.id)).toBe(0);
  });

  it("parses a Royal Mail sender address: name, lines, normalised postcode", async () => {
    const u = await createUser({ credits: 1 });
    const res = await manual(u, {
      courier: "royalmail",
      trackingCode: "VB 4425 5083 5GB",
      fields: { recipientPostcode: "ox183uq", fromAddress: "Jane Sender\n12 Mill Lane\nSalisbury sp61pa" },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const label = (await (await call(`/api/v1/label/${id}`, { token: u.token })).json()) as ApiLabel;
    expect(label.trackingCode).toBe("VB442550835GB");
    expect(label.data[0].fromAddress).toEqual({ name: "Jane Sender", address: ["12 Mill Lane", "Salisbury"], postcode: "SP6 1PA", countryCode: "GB" });
  });

  it("answers 402 with no credits and stores nothing", async () => {
    const u = await createUser();
    const code = evriCode();
    const res = await manual(u, evri(code));
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toBe("You need credits to create labels");
    expect(await db().select().from(labels).where(eq(labels.userId, u.id))).toHaveLength(0);
  });

  it("re-creating a tracking code the user has updates that label and costs nothing", async () => {
    const u = await createUser({ credits: 1 });
    const code = evriCode();
    const first = (await (await manual(u, { ...evri(code), tags: ["a"] })).json()) as { id: string };
    expect(await balance(u.id)).toBe(0);
    const res = await manual(u, evri(code.toLowerCase(), { recipientPostcode: "SW1A 1AA", weightInGrams: 500 }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { id: string }).id).toBe(first.id);
    expect(await balance(u.id)).toBe(0);
    const label = (await (await call(`/api/v1/label/${first.id}`, { token: u.token })).json()) as ApiLabel;
    expect(label.data[0].weightInGrams).toBe(500);
    expect(label.tags).toEqual(["a"]);
  });

  it("lets exactly one of two concurrent creates through with one credit left", async () => {
    const u = await createUser({ credits: 1 });
    const results = await Promise.all([manual(u, evri()), manual(u, evri())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 402]);
    expect(await balance(u.id)).toBe(0);
    expect(await db().select().from(labels).where(eq(labels.userId, u.id))).toHaveLength(1);
  });

  it("charges once when the same new code is created twice at the same time", async () => {
    const u = await createUser({ credits: 5 });
    const code = evriCode();
    const results = await Promise.all([manual(u, evri(code)), manual(u, evri(code))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(await balance(u.id)).toBe(4);
  });

  it("lets two users hold the same tracking code, each paying once", async () => {
    const [a, b] = [await createUser({ credits: 1 }), await createUser({ credits: 1 })];
    const code = evriCode();
    expect((await manual(a, evri(code))).status).toBe(201);
    expect((await manual(b, evri(code))).status).toBe(201);
  });
});

describe("first tracking fetch", () => {
  it("enqueues tracking.refresh for a new label only", async () => {
    const u = await createUser({ credits: 1 });
    const sendBatch = vi.fn(async () => {});
    const fakeEnv = { JOBS: { sendBatch } as unknown as Queue };
    const details = { courier: "evri", trackingCode: evriCode(), countryCode: "GB" };
    const { label } = await createManualLabel(db(), fakeEnv, u.id, { details });
    expect(sendBatch).toHaveBeenCalledWith([{ body: { type: "tracking.refresh", labelId: label.id } }]);
    await createManualLabel(db(), fakeEnv, u.id, { details });
    expect(sendBatch).toHaveBeenCalledTimes(1);
  });
});

describe("GET /api/v1/labels", () => {
  async function seed(u: TestUser, n: number) {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const { label } = await createManualLabel(db(), env, u.id, { details: { courier: i % 2 ? "royalmail" : "evri", trackingCode: i % 2 ? royalMailCode() : evriCode(), countryCode: "GB" }, tags: i % 3 === 0 ? ["three"] : [] });
      ids.push(label.id);
    }
    return ids;
  }

  it("answers pages of 15 by default, newest first, with the total", async () => {
    const u = await createUser({ credits: 20 });
    const ids = await seed(u, 17);
    const res = await call("/api/v1/labels", { token: u.token });
    expect(res.status).toBe(200);
    const page1 = (await res.json()) as { results: ApiLabel[]; total: number };
    expect(page1.total).toBe(17);
    expect(page1.results.map((l) => l.id)).toEqual(ids.slice().reverse().slice(0, 15));
    const page2 = (await (await call("/api/v1/labels?page=2&per_page=15", { token: u.token })).json()) as { results: ApiLabel[] };
    expect(page2.results.map((l) => l.id)).toEqual([ids[1], ids[0]]);
    const page3 = (await (await call("/api/v1/labels?page=3", { token: u.token })).json()) as { results: ApiLabel[]; total: number };
    expect(page3).toEqual({ results: [], total: 17 });
    const big = (await (await call("/api/v1/labels?per_page=25", { token: u.token })).json()) as { results: ApiLabel[] };
    expect(big.results).toHaveLength(17);
  });

  for (const q of ["page=0", "page=-1", "page=abc", "page=1.5", "per_page=10", "per_page=100", "per_page=", "from=2026-13-01", "lost=2", "next_day=yes"]) {
    it(`refuses ${q} with a 400`, async () => {
      const u = await createUser();
      const res = await call(`/api/v1/labels?${q}`, { token: u.token });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(/^(page|per_page|from|lost|next_day): /);
    });
  }

  it("applies the analytics filters (courier, tags, lost, dates)", async () => {
    const u = await createUser({ credits: 10 });
    await seed(u, 6);
    const get = async (q: string) => (await (await call(`/api/v1/labels?${q}`, { token: u.token })).json()) as { results: ApiLabel[]; total: number };
    expect((await get("courier=Royal Mail")).total).toBe(3);
    expect((await get("courier=evri")).results.every((l) => l.courier === "evri")).toBe(true);
    expect((await get("tags=three,none")).total).toBe(2);
    expect((await get("lost=1")).total).toBe(0);
    expect((await get("from=2000-01-01&to=2000-01-02")).total).toBe(0);
    expect((await get(`courier=all&from=2000-01-01`)).total).toBe(6);
  });

  it("shows only the caller's labels", async () => {
    const [a, b] = [await createUser({ credits: 2 }), await createUser()];
    await seed(a, 2);
    expect(await (await call("/api/v1/labels", { token: b.token })).json()).toEqual({ results: [], total: 0 });
    expect((await call("/api/v1/labels")).status).toBe(401);
  });

  it("reads the page through the labels_user_created index", async () => {
    const plan = await env.DB.prepare(
      "EXPLAIN QUERY PLAN select * from labels where user_id = ? order by created_at desc, labels.rowid desc limit 15 offset 0",
    )
      .bind(1)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join("\n");
    expect(details).toContain("labels_user_created");
    expect(details).not.toContain("TEMP B-TREE");
  });
});

describe("GET and PUT /api/v1/label/{id or trackingCode}", () => {
  it("finds a label by id or by tracking code in any spacing and case", async () => {
    const u = await createUser({ credits: 1 });
    const code = royalMailCode();
    const { id } = (await (await manual(u, { courier: "royalmail", trackingCode: code, fields: { recipientPostcode: "OX183UQ" } })).json()) as { id: string };
    for (const key of [id, code, `${code.slice(0, 2)} ${code.slice(2).toLowerCase()}`]) {
      const res = await call(`/api/v1/label/${encodeURIComponent(key)}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(((await res.json()) as ApiLabel).id).toBe(id);
    }
  });

  it("answers another user's label, and a missing one, with a 404", async () => {
    const [a, b] = [await createUser({ credits: 1 }), await createUser()];
    const code = evriCode();
    const { id } = (await (await manual(a, evri(code))).json()) as { id: string };
    for (const key of [id, code, "lbl_missing"]) {
      const res = await call(`/api/v1/label/${key}`, { token: b.token });
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe("Label not found");
    }
    expect((await call(`/api/v1/label/${id}`, { method: "PUT", token: b.token, json: { notes: "x", tags: [] } })).status).toBe(404);
    expect((await call(`/api/v1/label/${id}/download`, { token: b.token })).status).toBe(404);
    expect((await call(`/api/v1/label/${id}`)).status).toBe(401);
  });

  it("saves notes and tags and keeps label_tags in sync", async () => {
    const u = await createUser({ credits: 1 });
    const code = evriCode();
    const { id } = (await (await manual(u, { ...evri(code), tags: ["old", "keep"] })).json()) as { id: string };
    const res = await call(`/api/v1/label/${code}`, { method: "PUT", token: u.token, json: { notes: " hello ", tags: ["keep", " new ", "", "new"] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, notes: "hello", tags: ["keep", "new"] });
    const rows = await db().select().from(labelTags).where(eq(labelTags.labelId, id));
    expect(rows.map((r) => r.tag).sort()).toEqual(["keep", "new"]);
    const list = (await (await call("/api/v1/labels?tags=old", { token: u.token })).json()) as { total: number };
    expect(list.total).toBe(0);
  });

  for (const [what, json] of [
    ["tags that are not a list", { notes: "", tags: "a" }],
    ["no notes", { tags: [] }],
    ["a tag over 50 characters", { notes: "", tags: ["x".repeat(51)] }],
    ["notes that are not text", { notes: 5, tags: [] }],
  ] as const) {
    it(`refuses ${what} with a 400`, async () => {
      const u = await createUser({ credits: 1 });
      const { id } = (await (await manual(u, evri())).json()) as { id: string };
      expect((await call(`/api/v1/label/${id}`, { method: "PUT", token: u.token, json })).status).toBe(400);
    });
  }

  it("gives the banner url when the owner has a banner", async () => {
    const u = await createUser({ credits: 1 });
    await db().update(users).set({ bannerKey: "banners/x", companyName: "Acme" }).where(eq(users.id, u.id));
    const { id } = (await (await manual(u, evri())).json()) as { id: string };
    const label = (await (await call(`/api/v1/label/${id}`, { token: u.token })).json()) as ApiLabel;
    expect(label.labelSettings).toEqual({ banner_image_url: "/api/v1/user/banner", company_name: "Acme", company_tagline: null });
  });
});

describe("GET /api/v1/label/{id}/download", () => {
  async function imported(u: TestUser, name: string, mime: string, bytes: Uint8Array) {
    const fileId = `file_${crypto.randomUUID()}`;
    await env.FILES.put(`labels/${fileId}`, bytes);
    const [label] = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor(fileId, { name, mime, size: bytes.length }),
      labels: [{ page: 1, details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" }, ocrPending: false }],
    });
    return label;
  }

  it("sends the original bytes as an attachment", async () => {
    const u = await createUser({ credits: 1 });
    const bytes = new TextEncoder().encode("%PDF-1.4 test");
    const label = await imported(u, "my label.pdf", "application/pdf", bytes);
    const res = await call(label.downloadUrl!, { token: u.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="my label.pdf"; filename*=UTF-8''my%20label.pdf`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
  });

  it("adds an extension from the mime type when the name has none", async () => {
    const u = await createUser({ credits: 1 });
    const label = await imported(u, "scan", "image/png", new Uint8Array([137, 80, 78, 71]));
    const res = await call(`/api/v1/label/${label.id}/download`, { token: u.token });
    expect(res.headers.get("Content-Disposition")).toContain('filename="scan.png"');
    await res.arrayBuffer();
  });

  it("answers 404 JSON when the label has no file", async () => {
    const u = await createUser({ credits: 1 });
    const { id } = (await (await manual(u, evri())).json()) as { id: string };
    const res = await call(`/api/v1/label/${id}/download`, { token: u.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "No original file available" });
  });
});
