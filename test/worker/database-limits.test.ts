import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { labelTags } from "../../worker/db/schema";
import { storeInbound } from "../../worker/mail/mailbox";
import { createManualLabel, saveImportedLabels } from "../../worker/labels/save";
import { plainText } from "../fixtures/mail/messages";
import { call, createUser, db } from "./helpers";
import { evriCode, fileFor } from "./labels-fixtures";

/**
 * D1 refuses a LIKE pattern over 50 bytes and a statement with more than 100 bound parameters (local D1 in
 * workerd enforces both, as production does). Input that passes validation must never reach either limit:
 * searches work at any accepted length, and lists of values are either capped with a clear 400 or bound
 * in a way that does not grow with the list.
 */

let adminPromise: ReturnType<typeof createUser> | undefined;
const admin = () => (adminPromise ??= createUser({ admin: true }));

async function expectClear400(res: Response) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error?: string };
  expect(body.error).toMatch(/tags/);
  expect(body.error).not.toMatch(/SQLITE|D1_ERROR|variables/i);
}

// The searches of the reproduction, and the longest accepted ones: 49 and 200 ASCII characters,
// 17 and 200 Japanese characters (3 bytes each), 25 and 200 '%'.
const LONG_SEARCHES = ["a".repeat(49), "a".repeat(200), "日".repeat(17), "日".repeat(200), "%".repeat(25), "%".repeat(200), "_\\".repeat(100)];

describe("admin searches of any accepted length", () => {
  it("GET /admin/mail?q= answers 200 for long and multi-byte searches and still finds the message", async () => {
    const subject = `Invoice 注文番号の確認をお願いします ${"x".repeat(60)} 100% done_ok`;
    await storeInbound(env, db(), plainText({ subject, body: "long search body" }), { from: "long@example.com", to: "support@parcelhive.test" });
    const token = (await admin()).token;
    for (const q of LONG_SEARCHES) {
      const res = await call(`/api/v1/admin/mail?q=${encodeURIComponent(q)}`, { token });
      expect(res.status, q).toBe(200);
      expect(((await res.json()) as { results: unknown[] }).results).toEqual([]);
    }
    for (const q of [`注文番号の確認をお願いします ${"x".repeat(60)}`, "100% done_ok", "INVOICE 注文"]) {
      const res = await call(`/api/v1/admin/mail?q=${encodeURIComponent(q)}`, { token });
      expect(res.status, q).toBe(200);
      expect(((await res.json()) as { results: { subject: string }[] }).results.map((r) => r.subject), q).toEqual([subject]);
    }
    // Wildcards stay literal: '%' and '_' match only themselves.
    const wild = await call(`/api/v1/admin/mail?q=${encodeURIComponent("100_ done%ok")}`, { token });
    expect(((await wild.json()) as { results: unknown[] }).results).toEqual([]);
  });

  it("GET /admin/users?q= answers 200 for long and multi-byte searches and still finds the user", async () => {
    const local = `long.search.${"y".repeat(60)}`;
    const user = await createUser({ email: `${local}@example.com` });
    const token = (await admin()).token;
    for (const q of LONG_SEARCHES) {
      const res = await call(`/api/v1/admin/users?q=${encodeURIComponent(q)}`, { token });
      expect(res.status, q).toBe(200);
      expect(((await res.json()) as { total: number }).total).toBe(0);
    }
    const res = await call(`/api/v1/admin/users?q=${encodeURIComponent(local.toUpperCase())}`, { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { results: { id: number }[] }).results.map((r) => r.id)).toEqual([user.id]);
  });
});

describe("lists of values from the caller", () => {
  const tagList = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`).join(",");

  it("GET /labels answers 400 for more than 20 filter tags and 200 for 20", async () => {
    const u = await createUser();
    await expectClear400(await call(`/api/v1/labels?tags=${tagList(97)}`, { token: u.token }));
    await expectClear400(await call(`/api/v1/labels?tags=${tagList(21)}&from=2026-01-01&to=2026-02-01&courier=evri&lost=0&next_day=1`, { token: u.token }));
    const ok = await call(`/api/v1/labels?tags=${tagList(20)}&from=2026-01-01&to=2026-12-31&courier=evri&lost=0&next_day=1&per_page=50&page=999999`, { token: u.token });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ results: [], total: 0 });
  });

  it("analytics answers 400 for more than 20 tags and 200 for 20", async () => {
    const u = await createUser();
    for (const path of ["/api/v1/labels/analytics/summary", "/api/v1/labels/analytics/timeseries"]) {
      await expectClear400(await call(`${path}?tags=${tagList(97)}`, { token: u.token }));
      expect((await call(`${path}?tags=${tagList(20)}&courier=evri&lost=1&next_day=0`, { token: u.token })).status).toBe(200);
    }
  });

  it("PUT /label/:id and POST /label/manual store 50 tags (three values a row would pass 100 parameters)", async () => {
    const u = await createUser({ credits: 2 });
    const tags = Array.from({ length: 50 }, (_, i) => `tag-${i}`);
    const manual = await call("/api/v1/label/manual", {
      method: "POST",
      token: u.token,
      json: { courier: "evri", trackingCode: evriCode(), fields: { recipientPostcode: "SW1A 1AA" }, tags },
    });
    expect(manual.status).toBe(201);
    const { id } = (await manual.json()) as { id: string };
    expect(await db().select().from(labelTags).where(eq(labelTags.labelId, id))).toHaveLength(50);

    const { label } = await createManualLabel(db(), env, u.id, { details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB" } });
    const put = await call(`/api/v1/label/${label.id}`, { method: "PUT", token: u.token, json: { notes: "", tags } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { tags: string[] }).tags).toEqual(tags);
    expect(await db().select().from(labelTags).where(eq(labelTags.labelId, label.id))).toHaveLength(50);
  });

  it("imports a file with 150 tracking codes (more codes than one statement may bind)", async () => {
    const u = await createUser({ credits: 150 });
    const fileId = `file_${crypto.randomUUID()}`;
    const codes = Array.from({ length: 150 }, () => evriCode());
    const saved = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor(fileId),
      labels: codes.map((trackingCode, i) => ({ page: Math.floor(i / 3) + 1, details: { courier: "evri", trackingCode, countryCode: "GB" }, ocrPending: false })),
    });
    expect(saved.map((l) => l.trackingCode)).toEqual(codes);
    // Saved again: every code is found as existing (no new credits needed), still in file order.
    const again = await saveImportedLabels(db(), env, {
      userId: u.id,
      file: fileFor(`file_${crypto.randomUUID()}`),
      labels: codes.map((trackingCode, i) => ({ page: i + 1, details: { courier: "evri", trackingCode, countryCode: "GB" }, ocrPending: false })),
    });
    expect(again.map((l) => l.id)).toEqual(saved.map((l) => l.id));
  });
});
