import { eq } from "drizzle-orm";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { labels } from "../../worker/db/schema";
import { parseCsv } from "../../worker/labels/csv";
import type { ApiLabel } from "../../shared/label";
import { createManualLabel } from "../../worker/labels/save";
import { call, createUser, db, insertLabelRows, type TestUser } from "./helpers";
import { evriCode, royalMailCode } from "./labels-fixtures";

const manual = (u: TestUser, courier: string, trackingCode: string, extra: { tags?: string[]; notes?: string; fields?: Record<string, unknown> } = {}) =>
  createManualLabel(db(), env, u.id, {
    details: {
      courier,
      trackingCode,
      countryCode: "GB",
      address: { name: "", address: [], postcode: "SW1A 1AA", countryCode: "GB" },
      weightInGrams: 750,
      ...extra.fields,
    },
    tags: extra.tags,
    notes: extra.notes,
  });

async function exportCsv(u: TestUser, query = "", headers: Record<string, string> = {}) {
  const res = await call(`/api/v1/labels/export.csv${query}`, { token: headers["X-API-Key"] ? undefined : u.token, headers });
  return res;
}

async function exportRows(u: TestUser, query = "") {
  const res = await exportCsv(u, query);
  expect(res.status).toBe(200);
  const [header, ...rows] = parseCsv(await res.text()).map((r) => r.cells);
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

async function listCodes(u: TestUser, query: string): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; ; page++) {
    const res = await call(`/api/v1/labels?per_page=50&page=${page}${query ? `&${query}` : ""}`, { token: u.token });
    const body = (await res.json()) as { results: ApiLabel[]; total: number };
    codes.push(...body.results.map((l) => l.trackingCode));
    if (codes.length >= body.total || !body.results.length) return codes;
  }
}

describe("GET /api/v1/labels/export.csv", () => {
  it("answers a UTF-8 CSV with a BOM, a header and one row per label of the caller, newest first", async () => {
    const u = await createUser({ credits: 20 });
    const other = await createUser({ credits: 5 });
    const a = evriCode();
    const b = royalMailCode();
    await manual(u, "evri", a, { tags: ["ebay", "gift"], notes: "fragile, \"glass\"\nsecond line" });
    await manual(u, "royalmail", b, { fields: { fromAddress: { name: "Jo Bloggs", address: ["1 High St"], postcode: "OX18 3UQ", countryCode: "GB" } } });
    await manual(other, "evri", evriCode());

    const res = await exportCsv(u);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="parcelhive-labels-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await res.text();
    expect(text.split("\r\n")[0].replace("\uFEFF", "")).toBe(
      "tracking_code,courier,service,created_at,status,potentially_lost,recipient_name,recipient_address,recipient_town,recipient_postcode,sender_name,sender_postcode,weight_grams,tags,notes,last_event_at,last_event,tracking_page_url",
    );

    const rows = await exportRows(u);
    expect(rows.map((r) => r.tracking_code)).toEqual([b, a]);
    expect(rows[1]).toMatchObject({ courier: "Evri", potentially_lost: "no", recipient_postcode: "SW1A 1AA", weight_grams: "750", tags: "ebay, gift", notes: "fragile, \"glass\"\nsecond line" });
    expect(rows[0]).toMatchObject({ courier: "Royal Mail", sender_name: "Jo Bloggs", sender_postcode: "OX18 3UQ" });
  });

  it("shows the status, the lost flag, the recipient's lines and town, the service and the newest tracking event", async () => {
    const u = await createUser({ credits: 20 });
    const code = evriCode();
    const { label } = await manual(u, "evri", code);
    const stored = JSON.parse((await db().query.labels.findFirst({ where: eq(labels.id, label.id) }))!.detailsJson);
    await db()
      .update(labels)
      .set({
        detailsJson: JSON.stringify({ ...stored, address: { name: "Ann Smith", address: ["Flat 2", "12 Long Street", "Leeds"], postcode: "LS1 4AP", countryCode: "GB" } }),
        trackingStatus: "in_transit",
        potentiallyLost: true,
        trackingJson: JSON.stringify({
          results: [
            {
              service: { serviceType: "Evri 48" },
              trackingEvents: [
                { dateTime: "2026-11-20T10:00:00Z", trackingPoint: { description: "At the hub" } },
                { dateTime: "2026-11-19T10:00:00Z", trackingPoint: { description: "Collected" } },
              ],
            },
          ],
        }),
      })
      .where(eq(labels.id, label.id));
    const [row] = await exportRows(u);
    expect(row).toMatchObject({
      status: "in_transit",
      potentially_lost: "yes",
      service: "Evri 48",
      recipient_name: "Ann Smith",
      recipient_address: "Flat 2, 12 Long Street",
      recipient_town: "Leeds",
      recipient_postcode: "LS1 4AP",
      last_event_at: "2026-11-20T10:00:00Z",
      last_event: "At the hub",
    });
  });

  it("names a Royal Mail service code ('TPN01' is Tracked 24) and keeps the code in the API beside the name", async () => {
    const u = await createUser({ credits: 20 });
    const named = royalMailCode();
    const unknown = royalMailCode();
    const printed = royalMailCode();
    await manual(u, "royalmail", named, { fields: { serviceCode: "TPN01" } });
    await manual(u, "royalmail", unknown, { fields: { serviceCode: "ZZZ99" } });
    await manual(u, "royalmail", printed, { fields: { serviceCode: "TPS01", classId: "Tracked 48 Signature" } });
    const rows = Object.fromEntries((await exportRows(u)).map((r) => [r.tracking_code, r.service]));
    // A code the courier does not know stays as it is: no service beats a wrong one, but the code says something.
    expect(rows).toEqual({ [named]: "Tracked 24", [unknown]: "ZZZ99", [printed]: "Tracked 48 Signature" });
    const label = (await (await call(`/api/v1/label/${named}`, { token: u.token })).json()) as ApiLabel;
    expect(label.data[0]).toMatchObject({ serviceCode: "TPN01", serviceName: "Tracked 24" });
    const other = (await (await call(`/api/v1/label/${unknown}`, { token: u.token })).json()) as ApiLabel;
    expect(other.data[0]).toMatchObject({ serviceCode: "ZZZ99", serviceName: null });
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const u = await createUser({ credits: 20 });
    await manual(u, "evri", evriCode(), { notes: "=HYPERLINK(\"http://evil\",\"x\")", tags: ["+1", "@sum", "-2"] });
    const text = await (await exportCsv(u)).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(text).toContain(`"'+1, @sum, -2"`);
    const [row] = await exportRows(u);
    expect(row.notes).toBe(`'=HYPERLINK("http://evil","x")`);
  });

  it("applies exactly the list's filters", async () => {
    const u = await createUser({ credits: 20 });
    const made: string[] = [];
    for (let i = 0; i < 8; i++) {
      const code = i % 2 ? royalMailCode() : evriCode();
      await manual(u, i % 2 ? "royalmail" : "evri", code, { tags: i % 3 === 0 ? ["ebay"] : ["etsy"] });
      made.push(code);
    }
    await db().update(labels).set({ potentiallyLost: true }).where(eq(labels.trackingCode, made[2]));
    for (const query of ["", "courier=evri", "courier=Royal Mail", "tags=ebay", "tags=ebay,etsy&courier=royalmail", "lost=1", "lost=0&courier=evri"]) {
      const exported = (await exportRows(u, query ? `?${query}` : "")).map((r) => r.tracking_code);
      expect(exported, query).toEqual(await listCodes(u, query));
    }
    expect((await exportRows(u, "?lost=1")).map((r) => r.tracking_code)).toEqual([made[2]]);
  });

  it("pages through more labels than one read holds, each once, in the list's order", async () => {
    const u = await createUser({ credits: 20 });
    const now = Date.now();
    const rows = Array.from({ length: 2105 }, (_, i) => ({
      id: `lbl_export${String(i).padStart(6, "0")}`,
      userId: u.id,
      courier: "evri",
      trackingCode: `EXPORT${String(i).padStart(8, "0")}`,
      source: "manual" as const,
      shippedOn: "2026-11-20",
      // Pairs share a creation time: the order falls back to the insertion order, as the list's does.
      createdAt: now - Math.floor(i / 2) * 1000,
      updatedAt: now,
    }));
    await insertLabelRows(rows);
    const codes = (await exportRows(u)).map((r) => r.tracking_code);
    expect(codes.length).toBe(2105);
    expect(new Set(codes).size).toBe(2105);
    expect(codes.slice(0, 50)).toEqual(await listCodes(u, "").then((c) => c.slice(0, 50)));
    expect(codes.at(-1)).toBe("EXPORT00002104");
  }, 60_000); // 2,105 labels written and read back: seconds quiet, over 20 s at load 20

  it("accepts a developer API key and refuses a filter that does not validate", async () => {
    const u = await createUser({ credits: 20 });
    await manual(u, "evri", evriCode());
    const key = ((await (await call("/api/v1/generate-developer-key", { method: "POST", token: u.token, json: {} })).json()) as { developer_api_key: string }).developer_api_key;
    const res = await exportCsv(u, "", { "X-API-Key": key });
    expect(res.status).toBe(200);
    expect(parseCsv(await res.text()).length).toBe(2);
    const bad = await exportCsv(u, "?from=2026-13-01");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^from: /);
  });
});
