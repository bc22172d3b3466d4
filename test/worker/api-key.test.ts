import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../worker/db/schema";
import { sha256Hex } from "../../worker/lib/crypto";
import { maskApiKey } from "../../worker/auth/api-keys";
import { call, createUser, db } from "./helpers";
import { evriCode } from "./labels-fixtures";

const generate = async (token: string) => {
  const res = await call("/api/v1/generate-developer-key", { method: "POST", token, json: {} });
  expect(res.status).toBe(200);
  return ((await res.json()) as { developer_api_key: string }).developer_api_key;
};

async function manualLabel(token: string) {
  const trackingCode = evriCode();
  const res = await call("/api/v1/label/manual", {
    method: "POST",
    token,
    json: { courier: "evri", trackingCode, fields: { recipientPostcode: "SW1A 1AA" } },
  });
  expect(res.status).toBe(201);
  return trackingCode;
}

const listWith = (headers: Record<string, string>) => call("/api/v1/labels", { headers });

describe("developer API keys", () => {
  it("shows a phk_ key once and stores only its hash and masked form", async () => {
    const u = await createUser();
    const key = await generate(u.token);
    expect(key).toMatch(/^phk_[A-Za-z0-9_-]{32}$/);

    const row = (await db().query.users.findFirst({ where: eq(users.id, u.id) }))!;
    expect(row.developerKeyHash).toBe(await sha256Hex(key));
    expect(row.developerKeyMasked).toBe(maskApiKey(key));
    expect(row.developerKeyMasked).toBe(`phk_${key.slice(4, 8)}…${key.slice(-4)}`);
    expect(JSON.stringify(row)).not.toContain(key);

    // GET /user answers the masked form only.
    const me = (await (await call("/api/v1/user", { token: u.token })).json()) as { developer_api_key: string };
    expect(me.developer_api_key).toBe(row.developerKeyMasked);
  });

  it("reads only its owner's labels, by Bearer or X-API-Key", async () => {
    const owner = await createUser({ credits: 5 });
    const other = await createUser({ credits: 5 });
    const mine = await manualLabel(owner.token);
    const theirs = await manualLabel(other.token);
    const key = await generate(owner.token);

    const ways: Record<string, string>[] = [{ Authorization: `Bearer ${key}` }, { "X-API-Key": key }];
    for (const headers of ways) {
      const res = await listWith(headers);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { results: { trackingCode: string }[]; total: number };
      expect(body.results.map((l) => l.trackingCode)).toEqual([mine]);
      expect(body.total).toBe(1);
    }
    // Another user's label is a 404 to this key, not a leak.
    expect((await call(`/api/v1/label/${theirs}`, { headers: { "X-API-Key": key } })).status).toBe(404);
    expect((await call(`/api/v1/label/${mine}`, { headers: { "X-API-Key": key } })).status).toBe(200);
  });

  it("refuses a regenerated (revoked) key with 401 and accepts the new one", async () => {
    const u = await createUser();
    const oldKey = await generate(u.token);
    const newKey = await generate(u.token);
    expect(newKey).not.toBe(oldKey);

    const refused = await listWith({ Authorization: `Bearer ${oldKey}` });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Invalid API key" });
    expect((await listWith({ "X-API-Key": oldKey })).status).toBe(401);
    expect((await listWith({ "X-API-Key": newKey })).status).toBe(200);
  });

  it("cannot mint keys: generate-developer-key with an API key is 403 and changes nothing", async () => {
    const u = await createUser();
    const key = await generate(u.token);
    const ways: Record<string, string>[] = [{ Authorization: `Bearer ${key}` }, { "X-API-Key": key }];
    for (const headers of ways) {
      const res = await call("/api/v1/generate-developer-key", { method: "POST", headers, json: {} });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "API keys cannot be used for this call" });
    }
    expect((await listWith({ "X-API-Key": key })).status).toBe(200);
  });

  it("needs a signed-in user", async () => {
    expect((await call("/api/v1/generate-developer-key", { method: "POST", json: {} })).status).toBe(401);
    expect((await call("/api/v1/generate-developer-key", { method: "POST", json: {}, headers: { "X-API-Key": "phk_madeup" } })).status).toBe(403);
    expect((await listWith({ "X-API-Key": "phk_madeup" })).status).toBe(401);
  });
});
