import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, labels, users } from "../../worker/db/schema";
import { parseCsv } from "../../worker/labels/csv";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode, royalMailCode } from "./labels-fixtures";

type Row = { line: number; trackingCode: string; courier: string; status: string; errors: string[] };
type Answer = { rows: Row[]; total: number; new: number; update: number; error: number; credits: number; balance: number; imported?: number };

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;
const labelsOf = (id: number) => db().select().from(labels).where(eq(labels.userId, id));

const HEADER = "tracking_code,courier,recipient_postcode,weight_in_grams,dimensions_cm,shipped_at,from_address,tags,notes";
const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join("\r\n")}\r\n`;

const send = (u: TestUser, path: "preview" | "", body: string | FormData, type = "text/csv") =>
  call(`/api/v1/labels/import${path ? `/${path}` : ""}`, {
    method: "POST",
    token: u.token,
    body,
    headers: typeof body === "string" ? { "Content-Type": type } : {},
  });
const preview = (u: TestUser, body: string | FormData, type?: string) => send(u, "preview", body, type);
const importCsv = (u: TestUser, body: string | FormData, type?: string) => send(u, "", body, type);

async function errorOf(res: Response) {
  return ((await res.json()) as { error: string }).error;
}

describe("GET /api/v1/labels/import/template.csv", () => {
  it("answers the header row: code, courier, every courier field of the registry, tags, notes, the buyer's e-mail", async () => {
    const u = await createUser();
    const res = await call("/api/v1/labels/import/template.csv", { token: u.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, ...rest] = parseCsv(await res.text());
    expect(header.cells.slice(0, 2)).toEqual(["tracking_code", "courier"]);
    expect(header.cells).toEqual(expect.arrayContaining(["recipient_postcode", "shipped_at", "delivered_at", "weight_in_grams", "dimensions_cm", "from_address"]));
    expect(header.cells.slice(-3)).toEqual(["tags", "notes", "buyer_email"]);
    expect(rest).toEqual([]);
  });
});

describe("POST /api/v1/labels/import/preview", () => {
  it("answers each row as new, update or error with the manual call's messages, and the credits, charging nothing", async () => {
    const u = await createUser({ credits: 10 });
    const existing = evriCode();
    expect((await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: existing, fields: { recipientPostcode: "SW1A 1AA" } } })).status).toBe(201);
    const before = await balance(u.id);
    const fresh = evriCode();
    const rm = royalMailCode();
    const res = await preview(
      u,
      csv(
        `${fresh},evri,SW1A 1AA,750,30x20x10,2026-11-20,,"ebay, gift",first`,
        `${existing},Evri,SW1A1AA,,,,,,updated notes`,
        `${rm},Royal Mail,OX18 3UQ,,,25/11/2026 14:30,"Jo Bloggs\n1 High St\nOX18 3UQ",,`,
        `H04AQA0004726580,evri,SW1A 1AA,,,,,,`,
        `${evriCode()},evri,,,,,,,`,
        `${evriCode()},evri,SW1A 1AA,12.5,,,,,`,
        `${evriCode()},dpd,SW1A 1AA,,,,,,`,
        `${fresh},evri,SW1A 1AA,,,,,,`,
      ),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body.rows.map((r) => [r.line, r.status])).toEqual([
      [2, "new"],
      [3, "update"],
      [4, "new"],
      [7, "error"],
      [8, "error"],
      [9, "error"],
      [10, "error"],
      [11, "error"],
    ]);
    expect(body.rows[3].errors[0]).toMatch(/^Invalid tracking code for Evri: /);
    expect(body.rows[4].errors).toEqual(["Missing required field: Recipient postcode"]);
    expect(body.rows[5].errors).toEqual(["Weight (g) must be a positive whole number."]);
    expect(body.rows[6].errors).toEqual(["DPD is not supported. Parcelhive reads and tracks Evri and Royal Mail labels."]);
    expect(body.rows[7].errors).toEqual(["The same tracking code as line 2."]);
    expect(body).toMatchObject({ total: 8, new: 2, update: 1, error: 5, credits: 2, balance: before });
    expect(await balance(u.id)).toBe(before);
    expect((await labelsOf(u.id)).length).toBe(1);
  });

  it("reads a semicolon file with a BOM sent as a multipart form's file", async () => {
    const u = await createUser({ credits: 2 });
    const text = `\uFEFF${HEADER.replaceAll(",", ";")}\r\n${evriCode()};evri;SW1A 1AA;;;;;;\r\n`;
    const form = new FormData();
    form.set("file", new File([text], "labels.csv", { type: "text/csv" }));
    const res = await preview(u, form);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).rows.map((r) => r.status)).toEqual(["new"]);
  });

  it("counts a code another user has as new, and never reads their label", async () => {
    const u = await createUser({ credits: 2 });
    const other = await createUser({ credits: 2 });
    const code = evriCode();
    await call("/api/v1/label/manual", { method: "POST", token: other.token, json: { courier: "evri", trackingCode: code, fields: { recipientPostcode: "SW1A 1AA" }, notes: "theirs" } });
    const res = await preview(u, csv(`${code},evri,SW1A 1AA,,,,,,mine`));
    expect(((await res.json()) as Answer).rows[0].status).toBe("new");
  });

  const refusals: Array<[string, () => string, number, string | RegExp]> = [
    ["more than 1,000 rows", () => csv(...Array.from({ length: 1001 }, () => `${evriCode()},evri,SW1A 1AA,,,,,,`)), 400, "At most 1,000 rows per file (this one has 1,001)."],
    ["an empty file", () => "", 400, /^The file is empty/],
    ["a header only", () => `${HEADER}\r\n`, 400, "The file has no rows under its header."],
    ["an unknown column", () => "tracking_code,courier,colour\nX,evri,red\n", 400, /^Unknown column: colour\./],
    ["no courier column", () => "tracking_code,recipient_postcode\nX,SW1A 1AA\n", 400, "The file needs a courier column."],
    ["a quote never closed", () => `${HEADER}\n"X,evri\n`, 400, "Line 2: a quoted field is never closed."],
    ["more than 1 MB", () => csv(`${evriCode()},evri,SW1A 1AA,,,,,,${"x".repeat(1024 * 1024)}`), 413, "The CSV file must be 1 MB or smaller."],
  ];
  for (const [what, body, status, message] of refusals) {
    it(`refuses ${what} (${status})`, async () => {
      const u = await createUser({ credits: 2 });
      const res = await preview(u, body());
      expect(res.status).toBe(status);
      expect(await errorOf(res)).toMatch(message);
    });
  }

  it("refuses a body that is not text (415) or not UTF-8 (400)", async () => {
    const u = await createUser({ credits: 2 });
    expect((await preview(u, "{}", "application/json")).status).toBe(415);
    const latin1 = await call("/api/v1/labels/import/preview", {
      method: "POST",
      token: u.token,
      headers: { "Content-Type": "text/csv" },
      body: new Uint8Array([...new TextEncoder().encode(`${HEADER}\nX,evri,SW1A 1AA,,,,,,caf`), 0xe9]),
    });
    expect(latin1.status).toBe(400);
    expect(await errorOf(latin1)).toMatch(/CSV UTF-8/);
  });
});

describe("POST /api/v1/labels/import", () => {
  it("saves every good row in one batch, charging exactly the new codes and updating existing ones for free", async () => {
    const u = await createUser({ credits: 5 });
    const existing = evriCode();
    await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: existing, fields: { recipientPostcode: "SW1A 1AA" }, notes: "old" } });
    const before = await balance(u.id);
    const a = evriCode();
    const b = royalMailCode();
    const res = await importCsv(u, csv(`${a},evri,SW1A 1AA,750,30x20x10,,,"ebay, gift",first`, `${existing},evri,LS1 4AP,,,,,,new notes`, `${b},royalmail,OX18 3UQ,,,,,,`, `bad,evri,SW1A 1AA,,,,,,`));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Answer;
    expect(body).toMatchObject({ imported: 3, new: 2, update: 1, error: 1, credits: 2, balance: before - 2 });
    expect(await balance(u.id)).toBe(before - 2);
    const ledger = await db().select().from(creditLedger).where(and(eq(creditLedger.userId, u.id), eq(creditLedger.reason, "label")));
    const saved = await labelsOf(u.id);
    expect(saved.map((l) => l.trackingCode).sort()).toEqual([a, b, existing].sort());
    // One debit per new label, naming it (the manual one's, then the import's two).
    expect(ledger.map((l) => l.delta)).toEqual([-1, -1, -1]);
    expect(ledger.map((l) => l.reference).sort()).toEqual(saved.map((l) => l.id).sort());
    const first = saved.find((l) => l.trackingCode === a)!;
    expect(JSON.parse(first.tagsJson)).toEqual(["ebay", "gift"]);
    expect(first.notes).toBe("first");
    expect(first.weightGrams).toBe(750);
    expect(JSON.parse(first.detailsJson).dimensionsCm).toEqual([30, 20, 10]);
    const updated = saved.find((l) => l.trackingCode === existing)!;
    expect(updated.notes).toBe("new notes");
    expect(JSON.parse(updated.detailsJson).address.postcode).toBe("LS1 4AP");
  });

  it("answers 402 and writes nothing when the credits do not cover the new codes", async () => {
    const u = await createUser({ credits: 2 });
    const existing = evriCode();
    await call("/api/v1/label/manual", { method: "POST", token: u.token, json: { courier: "evri", trackingCode: existing, fields: { recipientPostcode: "SW1A 1AA" }, notes: "old" } });
    const res = await importCsv(u, csv(`${existing},evri,SW1A 1AA,,,,,,changed`, `${evriCode()},evri,SW1A 1AA,,,,,,`, `${evriCode()},evri,SW1A 1AA,,,,,,`));
    expect(res.status).toBe(402);
    expect(await errorOf(res)).toBe("You need 2 credits to import these labels");
    expect(await balance(u.id)).toBe(1);
    const saved = await labelsOf(u.id);
    expect(saved.length).toBe(1);
    expect(saved[0].notes).toBe("old");
  });

  it("leaves another user's label with the same code untouched", async () => {
    const u = await createUser({ credits: 2 });
    const other = await createUser({ credits: 2 });
    const code = evriCode();
    await call("/api/v1/label/manual", { method: "POST", token: other.token, json: { courier: "evri", trackingCode: code, fields: { recipientPostcode: "SW1A 1AA" }, notes: "theirs" } });
    const [theirs] = await labelsOf(other.id);
    const res = await importCsv(u, csv(`${code},evri,LS1 4AP,,,,,,mine`));
    expect(((await res.json()) as Answer).new).toBe(1);
    expect(await labelsOf(other.id)).toEqual([theirs]);
    expect(await balance(other.id)).toBe(1);
    expect((await labelsOf(u.id))[0].notes).toBe("mine");
  });

  it("refuses a file whose every row is an error (400) and 1,001 rows, charging nothing", async () => {
    const u = await createUser({ credits: 2 });
    const bad = await importCsv(u, csv("bad,evri,SW1A 1AA,,,,,,"));
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toMatch(/^No row of the file can be imported/);
    const many = await importCsv(u, csv(...Array.from({ length: 1001 }, () => `${evriCode()},evri,SW1A 1AA,,,,,,`)));
    expect(many.status).toBe(400);
    expect(await balance(u.id)).toBe(2);
    expect(await labelsOf(u.id)).toEqual([]);
  });

  it("imports 1,000 rows in one batch", async () => {
    const u = await createUser({ credits: 1000 });
    const res = await importCsv(u, csv(...Array.from({ length: 1000 }, (_, i) => `${evriCode()},evri,SW1A 1AA,${100 + i},,,,bulk,`)));
    expect(res.status).toBe(200);
    expect(((await res.json()) as Answer).new).toBe(1000);
    expect(await balance(u.id)).toBe(0);
    expect((await labelsOf(u.id)).length).toBe(1000);
  });
});
