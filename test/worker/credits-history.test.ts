import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { creditLedger } from "../../worker/db/schema";
import type { CreditHistory } from "../../worker/credits/model";
import { createManualLabel, createManualLabels } from "../../worker/labels/save";
import { call, createUser, db, type TestUser } from "./helpers";
import { evriCode } from "./labels-fixtures";

// GET /api/v1/credits/history (issue 33): where every credit went, newest first, with the balance after each
// movement and the labels it paid for.

const manual = (trackingCode: string) => ({
  details: { courier: "evri", trackingCode, countryCode: "GB", address: { name: "", address: [], postcode: "LS1 4AP", countryCode: "GB" } },
});

async function history(u: TestUser, query = ""): Promise<CreditHistory> {
  const res = await call(`/api/v1/credits/history${query}`, { token: u.token });
  expect(res.status).toBe(200);
  return (await res.json()) as CreditHistory;
}

/** Every page, following next_cursor. */
async function allPages(u: TestUser, limit: number): Promise<CreditHistory["results"]> {
  const out: CreditHistory["results"] = [];
  let cursor: string | null = null;
  do {
    const page: CreditHistory = await history(u, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(page.results.length).toBeLessThanOrEqual(limit);
    out.push(...page.results);
    cursor = page.next_cursor;
  } while (cursor);
  return out;
}

describe("GET /api/v1/credits/history", () => {
  it("lists grants and the labels each save paid for, one movement a save, with the balance after each", async () => {
    const u = await createUser({ credits: 10 });
    const single = evriCode();
    await createManualLabel(db(), env, u.id, manual(single));
    const csv = [evriCode(), evriCode(), evriCode()];
    await createManualLabels(db(), env, u.id, csv.map(manual));
    // Saving a code the user has again is free: no movement.
    await createManualLabel(db(), env, u.id, manual(single));

    const page = await history(u);
    expect(page.balance).toBe(6);
    expect(page.next_cursor).toBeNull();
    expect(page.results.map((m) => [m.reason, m.delta, m.balanceAfter, m.labelCount])).toEqual([
      ["label", -3, 6, 3],
      ["label", -1, 9, 1],
      ["admin_grant", 10, 10, 0],
    ]);
    expect(page.results[0].labels.map((l) => l.trackingCode).sort()).toEqual([...csv].sort());
    expect(page.results[0].labels.every((l) => l.id.startsWith("lbl_") && !l.deleted)).toBe(true);
    expect(page.results[1].labels).toEqual([{ id: expect.stringMatching(/^lbl_/), trackingCode: single, deleted: false }]);
    expect(Date.parse(page.results[0].at)).toBeGreaterThanOrEqual(Date.parse(page.results[1].at));
  });

  it("names a deleted label as deleted, and counts a debit that names no label (older ones named the file)", async () => {
    const u = await createUser({ credits: 5 });
    const code = evriCode();
    const { label } = await createManualLabel(db(), env, u.id, manual(code));
    expect((await call(`/api/v1/label/${label.id}`, { method: "DELETE", token: u.token })).status).toBe(200);
    // A debit as uploads wrote them before each label had its own: one row for the file's two labels.
    await db().insert(creditLedger).values({ userId: u.id, delta: -2, reason: "label", reference: "fil_legacy", createdAt: Date.now() + 1000 });

    const [legacy, deleted] = (await history(u)).results;
    expect(legacy).toMatchObject({ reason: "label", delta: -2, labelCount: 2, labels: [], balanceAfter: 2 });
    expect(deleted).toMatchObject({ delta: -1, labelCount: 1, labels: [{ id: label.id, trackingCode: code, deleted: true }] });
  });

  it("pages with a cursor through every movement once, in order, whatever the page size", async () => {
    const u = await createUser({ credits: 40 });
    for (let i = 0; i < 7; i++) await createManualLabel(db(), env, u.id, manual(evriCode()));
    const whole = (await history(u, "?limit=100")).results;
    expect(whole).toHaveLength(8);
    for (const limit of [1, 3, 7]) {
      const paged = await allPages(u, limit);
      expect(paged).toEqual(whole);
    }
    // The balance after each is the one before it plus its change, down to the first grant.
    for (let i = 0; i < whole.length - 1; i++) expect(whole[i].balanceAfter).toBe(whole[i + 1].balanceAfter + whole[i].delta);
    expect(whole.at(-1)).toMatchObject({ reason: "admin_grant", delta: 40, balanceAfter: 40 });
  });

  it("shows only the caller's own ledger, to an API key too", async () => {
    const mine = await createUser({ credits: 3 });
    const theirs = await createUser({ credits: 50 });
    await createManualLabel(db(), env, theirs.id, manual(evriCode()));
    const page = await history(mine);
    expect(page).toEqual({ balance: 3, results: [expect.objectContaining({ reason: "admin_grant", delta: 3 })], next_cursor: null });

    const key = (await (await call("/api/v1/generate-developer-key", { method: "POST", token: mine.token, json: {} })).json()) as { developer_api_key: string };
    const byKey = await call("/api/v1/credits/history", { headers: { "X-API-Key": key.developer_api_key } });
    expect(byKey.status).toBe(200);
    expect(((await byKey.json()) as CreditHistory).balance).toBe(3);
  });

  it("refuses a cursor or a page size that is not one, and a caller signed out", async () => {
    const u = await createUser();
    for (const [query, error] of [
      ["?cursor=abc", "cursor: cursor must be the next_cursor of a page"],
      ["?cursor=1%3B%20drop", "cursor: cursor must be the next_cursor of a page"],
      ["?limit=0", "limit: limit must be a whole number from 1 to 100"],
      ["?limit=101", "limit: limit must be a whole number from 1 to 100"],
      ["?limit=2.5", "limit: limit must be a whole number from 1 to 100"],
      ["?limit=ten", "limit: limit must be a whole number from 1 to 100"],
    ]) {
      const res = await call(`/api/v1/credits/history${query}`, { token: u.token });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: string }).error, query).toBe(error);
    }
    expect((await call("/api/v1/credits/history")).status).toBe(401);
  });
});
