import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, users } from "../../worker/db/schema";
import { call, createUser, db } from "./helpers";

// Storage is shared by the tests of a file: one admin account for all of them.
let adminPromise: ReturnType<typeof createUser> | undefined;
const adminUser = () => (adminPromise ??= createUser({ admin: true }));

const VALID_KEY = "mail/in/0000000000001-0000000000000000.eml";

/** Every admin call, with a body that would pass validation, so only authorization decides. */
const ADMIN_ROUTES: { method: "GET" | "POST"; path: string; json?: unknown }[] = [
  { method: "GET", path: "/api/v1/admin/users" },
  { method: "GET", path: "/api/v1/admin/marketing-list" },
  { method: "POST", path: "/api/v1/admin/grant-credits", json: { user_id: 1, amount: 5 } },
  { method: "GET", path: "/api/v1/admin/mail" },
  { method: "GET", path: `/api/v1/admin/mail/view?key=${VALID_KEY}` },
  { method: "GET", path: `/api/v1/admin/mail/raw?key=${VALID_KEY}` },
  { method: "GET", path: `/api/v1/admin/mail/attachment?key=${VALID_KEY}&idx=0` },
  { method: "POST", path: "/api/v1/admin/mail/send", json: { to: ["a@example.com"], subject: "x", text: "y" } },
  { method: "POST", path: "/api/v1/admin/mail/reply", json: { key: VALID_KEY, to: "a@example.com", text: "y" } },
];

describe("admin authorization (every /api/v1/admin route)", () => {
  for (const route of ADMIN_ROUTES) {
    it(`${route.method} ${route.path.split("?")[0]}: 401 signed out, 403 for a non-admin`, async () => {
      const signedOut = await call(route.path, { method: route.method, json: route.json });
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toEqual({ error: "Authentication required" });

      const user = await createUser({ credits: 3 });
      const res = await call(route.path, { method: route.method, json: route.json, token: user.token });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Admin privileges required." });
    });
  }

  it("refuses a developer API key even for an admin's account", async () => {
    const res = await call("/api/v1/admin/users", { headers: { "X-API-Key": "phk_whatever" } });
    expect(res.status).toBe(403);
  });

  it("lets the ADMIN_EMAILS account in", async () => {
    const admin = await adminUser();
    const res = await call("/api/v1/admin/users", { token: admin.token });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/v1/admin/users", () => {
  it("lists users with the admin-user fields, paged and searchable", async () => {
    const admin = await adminUser();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createUser({ email: `listme-${i}@shop.example`, credits: i + 1 }));
    await db().update(users).set({ marketingConsent: true }).where(eq(users.id, made[0].id));

    const res = await call("/api/v1/admin/users?q=listme&per_page=2&page=1", { token: admin.token });
    const body = (await res.json()) as { results: Record<string, unknown>[]; total: number; pages: number };
    expect(body.total).toBe(5);
    expect(body.pages).toBe(3);
    expect(body.results).toEqual([
      { id: made[0].id, email: "listme-0@shop.example", email_verified: true, credits: 1, marketing_consent: true },
      { id: made[1].id, email: "listme-1@shop.example", email_verified: true, credits: 2, marketing_consent: false },
    ]);
    const page3 = (await (await call("/api/v1/admin/users?q=listme&per_page=2&page=3", { token: admin.token })).json()) as {
      results: { email: string }[];
    };
    expect(page3.results.map((u) => u.email)).toEqual(["listme-4@shop.example"]);
  });

  it("treats % and _ in a search as literal characters", async () => {
    const admin = await adminUser();
    await createUser({ email: "under_score@x.example" });
    await createUser({ email: "underXscore@x.example" });
    const body = (await (await call("/api/v1/admin/users?q=under_score", { token: admin.token })).json()) as {
      results: { email: string }[];
    };
    expect(body.results.map((u) => u.email)).toEqual(["under_score@x.example"]);
  });

  it("answers 400 for a bad page", async () => {
    const admin = await adminUser();
    expect((await call("/api/v1/admin/users?page=0", { token: admin.token })).status).toBe(400);
    expect((await call("/api/v1/admin/users?per_page=abc", { token: admin.token })).status).toBe(400);
  });
});

describe("GET /api/v1/admin/marketing-list", () => {
  it("has only consenting users, lowercased and deduplicated", async () => {
    const admin = await adminUser();
    const a = await createUser({ email: "Promo.Fan@Example.com" });
    const b = await createUser({ email: "promo.fan@example.com" });
    const c = await createUser({ email: "another@example.com" });
    await createUser({ email: "no-consent@example.com" });
    for (const u of [a, b, c]) await db().update(users).set({ marketingConsent: true }).where(eq(users.id, u.id));

    const body = (await (await call("/api/v1/admin/marketing-list", { token: admin.token })).json()) as {
      emails: string[];
      count: number;
    };
    // Other tests of this file add consenting users at other domains.
    expect(body.emails.filter((e) => e.endsWith("@example.com"))).toEqual(["another@example.com", "promo.fan@example.com"]);
    expect(new Set(body.emails).size).toBe(body.emails.length);
    expect(body.count).toBe(body.emails.length);
  });
});

describe("POST /api/v1/admin/grant-credits", () => {
  it("grants through the ledger with reason admin_grant and the admin as reference", async () => {
    const admin = await adminUser();
    const user = await createUser({ credits: 10 });
    const res = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: user.id, amount: 25 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { granted: number; user: { credits: number; email: string } };
    expect(body.granted).toBe(25);
    expect(body.user).toMatchObject({ credits: 35, email: user.email });

    const rows = await db().select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    const grant = rows.find((r) => r.delta === 25)!;
    expect(grant.reason).toBe("admin_grant");
    expect(grant.reference).toBe(`admin:${admin.id}:${admin.email}`);
  });

  for (const amount of [0, -5, 1.5, "abc", null, "2.5", "10", " 7 ", true, [10], 1e300]) {
    it(`refuses the amount ${JSON.stringify(amount)} with 'Enter a positive integer amount'`, async () => {
      const admin = await adminUser();
      const user = await createUser({ credits: 4 });
      const res = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: user.id, amount } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Enter a positive integer amount" });
      const after = await db().query.users.findFirst({ where: eq(users.id, user.id) });
      expect(after!.credits).toBe(4);
    });
  }

  it("refuses more than 100000 credits at once", async () => {
    const admin = await adminUser();
    const user = await createUser();
    const res = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: user.id, amount: 100_001 } });
    expect(res.status).toBe(400);
    const ok = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: user.id, amount: 100_000 } });
    expect(ok.status).toBe(200);
  });

  it("answers 404 for an unknown user and writes nothing", async () => {
    const admin = await adminUser();
    const res = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: 999_999, amount: 5 } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "User not found" });
    expect(await db().select().from(creditLedger).where(eq(creditLedger.userId, 999_999))).toHaveLength(0);
  });

  it("answers 400 for a missing user id or a body that is not JSON", async () => {
    const admin = await adminUser();
    expect((await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { amount: 5 } })).status).toBe(400);
    // A user id is a JSON integer too: "1" is not read as 1.
    const user = await createUser({ credits: 3 });
    const stringId = await call("/api/v1/admin/grant-credits", { method: "POST", token: admin.token, json: { user_id: String(user.id), amount: 5 } });
    expect(stringId.status).toBe(400);
    expect((await db().query.users.findFirst({ where: eq(users.id, user.id) }))!.credits).toBe(3);
    const notJson = await call("/api/v1/admin/grant-credits", {
      method: "POST",
      token: admin.token,
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
  });
});
