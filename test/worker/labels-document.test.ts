import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DOCUMENT_COOKIE } from "../../worker/auth/document-cookie";
import { labels, refreshTokens } from "../../worker/db/schema";
import { call, callWithEnv, createUser, db, type TestUser } from "./helpers";

// /labels' document drawn by the Worker for the seller its cookie names (worker/labels/document.ts), and the cookie
// itself (worker/auth/document-cookie.ts): set by sign-in and refresh, cleared by sign-out and closing the account,
// worth nothing once its session ends, and never showing anyone's labels but its own seller's.

/** What the build writes as labels-document.json (scripts/app-shell.ts), reduced to its markers. */
const PARTS = {
  document: '<!doctype html><html><head></head><body><div id="root" data-ssr><!--ph:screen--></div></body></html>',
  template: {
    screen:
      '<main><p><span><!--ph:subtitle--></span></p><a class="link-button"><!--ph:select-all--></a><!--ph:needs-action--><button class="needs-action-toggle">Needs action <span class="badge"><!--ph:needs-action-count--></span></button><!--ph:/needs-action--><select><option value="">All couriers</option><!--ph:couriers--></select><div class="label-list"><!--ph:cards--></div></main>',
    parts: { copyIcon: "<svg class=copy></svg>", mapsIcon: "<svg class=maps></svg>", logos: {} },
  },
  headers: { "Content-Security-Policy": "default-src 'self'; script-src 'self' 'sha256-test'" },
};
const PLAIN = "<!doctype html><title>index.html</title>";

/** The app's files as the ASSETS binding serves them: labels-document.json and, for anything else, index.html. */
const assets = {
  fetch: async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/labels-document.json") return Response.json(PARTS);
    return new Response(PLAIN, { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=0, must-revalidate" } });
  },
} as unknown as Fetcher;

const documentFor = (cookie: string | null, path = "/labels") => callWithEnv({ ASSETS: assets }, path, { headers: cookie ? { Cookie: cookie } : {} });

/** Signs `user` in through the API: the pair and the document cookie (`name=value`) its answer set. */
async function signIn(user: TestUser) {
  const res = await call("/api/v1/login", { method: "POST", json: { email: user.email, password: user.password } });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get("Set-Cookie") ?? "";
  const pair = (await res.json()) as { access_token: string; refresh_token: string };
  return { ...pair, setCookie, cookie: setCookie.split(";")[0] };
}

let n = 0;
/** `count` labels of `user`, the newest first, their codes unique to this test. */
async function labelsOf(user: TestUser, count: number, extra: Partial<typeof labels.$inferInsert> = {}) {
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = `H01DOC${String(++n).padStart(4, "0")}${user.id}`;
    codes.push(code);
    await db()
      .insert(labels)
      .values({ id: `doc-${user.id}-${n}`, userId: user.id, courier: "evri", trackingCode: code, source: "manual", shippedOn: `2026-11-${String(10 + i).padStart(2, "0")}`, createdAt: Date.now() - (count - i) * 60_000, ...extra });
  }
  return codes.reverse();
}

describe("the document cookie", () => {
  it("is set by sign-in and refresh (HttpOnly, Secure, SameSite=Lax, Path=/, 30 days) and cleared by sign-out", async () => {
    const user = await createUser();
    const session = await signIn(user);
    expect(session.setCookie).toMatch(new RegExp(`^${DOCUMENT_COOKIE}=fam_[0-9a-f]{20}\\.[A-Za-z0-9_-]{43}; `));
    for (const attribute of ["Path=/", "HttpOnly", "Secure", "SameSite=Lax", "Max-Age=2592000"]) expect(session.setCookie).toContain(`; ${attribute}`);
    // The API answer is what it was: the family id stays out of it.
    expect(Object.keys(await (await call("/api/v1/login", { method: "POST", json: { email: user.email, password: user.password } })).json())).toEqual(["access_token", "refresh_token"]);
    const refreshed = await call("/api/v1/refresh", { method: "POST", token: session.refresh_token });
    expect(refreshed.headers.get("Set-Cookie")?.split(";")[0]).toBe(session.cookie);
    const logout = await call("/api/v1/logout", { method: "POST", token: ((await refreshed.json()) as { refresh_token: string }).refresh_token });
    expect(logout.status).toBe(204);
    expect(logout.headers.get("Set-Cookie")).toMatch(new RegExp(`^${DOCUMENT_COOKIE}=; .*Max-Age=0`));
  });

  it("is cleared by closing the account, and the closed account's cookie draws nothing", async () => {
    const user = await createUser();
    await labelsOf(user, 2);
    const session = await signIn(user);
    const close = await call("/api/v1/user/close", { method: "POST", token: session.access_token, json: { password: user.password } });
    expect(close.status).toBe(200);
    expect(close.headers.get("Set-Cookie")).toMatch(new RegExp(`^${DOCUMENT_COOKIE}=; .*Max-Age=0`));
    expect(await (await documentFor(session.cookie)).text()).toBe(PLAIN);
  });
});

describe("GET /labels (the document)", () => {
  it("draws the cookie's seller's first three cards, never another seller's, privately and never stored", async () => {
    const [a, b] = [await createUser(), await createUser()];
    const [aCodes, bCodes] = [await labelsOf(a, 4), await labelsOf(b, 4)];
    const [aSession, bSession] = [await signIn(a), await signIn(b)];
    for (const [session, own, other] of [
      [aSession, aCodes, bCodes],
      [bSession, bCodes, aCodes],
    ] as const) {
      const res = await documentFor(session.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(res.headers.get("Content-Type")).toContain("text/html");
      expect(res.headers.get("Content-Security-Policy")).toBe(PARTS.headers["Content-Security-Policy"]);
      const html = await res.text();
      expect(html).toContain("4 labels · Page 1 of 1");
      expect(html).toContain("Select all 4 matching the filters");
      // The newest three of its own, in the list's order; the fourth and every label of the other seller left out.
      const at = own.slice(0, 3).map((code) => html.indexOf(`>${code}<`));
      expect(Math.min(...at)).toBeGreaterThan(0);
      expect(at).toEqual([...at].sort((x, y) => x - y));
      expect(html).not.toContain(own[3]);
      for (const code of other) expect(html).not.toContain(code);
    }
  });

  it("answers index.html for no cookie, a forged, altered, revoked or expired one, a search and a desktop Chromium", async () => {
    const user = await createUser();
    await labelsOf(user, 2);
    const session = await signIn(user);
    const drawn = await (await documentFor(session.cookie)).text();
    expect(drawn).toContain('class="card label-card"');
    const [, value] = session.cookie.split("=");
    const [family, mac] = value.split(".");
    const flipped = `${mac.slice(0, 10)}${mac[10] === "A" ? "B" : "A"}${mac.slice(11)}`;
    for (const cookie of [
      null,
      `${DOCUMENT_COOKIE}=${family}.${flipped}`,
      `${DOCUMENT_COOKIE}=${family}`,
      `${DOCUMENT_COOKIE}=fam_00000000000000000000.${mac}`,
      `${DOCUMENT_COOKIE}=${value}x`,
      `other=${value}`,
    ]) {
      const res = await documentFor(cookie);
      expect(await res.text(), String(cookie)).toBe(PLAIN);
      expect(res.headers.get("Cache-Control")).not.toContain("public, max-age=3");
    }
    expect(await (await documentFor(session.cookie, "/labels?q=H01")).text()).toBe(PLAIN);
    // A browser that says it is not a phone (Chromium on a desktop): the boot script would draw its own screen there.
    const desktop = await callWithEnv({ ASSETS: assets }, "/labels", { headers: { Cookie: session.cookie, "Sec-CH-UA-Mobile": "?0" } });
    expect(await desktop.text()).toBe(PLAIN);
    const phone = await callWithEnv({ ASSETS: assets }, "/labels", { headers: { Cookie: session.cookie, "Sec-CH-UA-Mobile": "?1" } });
    expect(await phone.text()).toBe(drawn);
    // Expired: the session's 30 days are over.
    await db().update(refreshTokens).set({ expiresAt: Date.now() - 1 }).where(eq(refreshTokens.familyId, family));
    expect(await (await documentFor(session.cookie)).text()).toBe(PLAIN);
    await db().update(refreshTokens).set({ expiresAt: Date.now() + 60_000 }).where(eq(refreshTokens.familyId, family));
    expect(await (await documentFor(session.cookie)).text()).toBe(drawn);
    // Signed out elsewhere (the browser kept the cookie): the session is revoked, so is the cookie.
    expect((await call("/api/v1/logout", { method: "POST", token: session.refresh_token })).status).toBe(204);
    expect(await (await documentFor(session.cookie)).text()).toBe(PLAIN);
  });

  it("escapes every value the seller or a label gives (a note with markup and quotes, a tag)", async () => {
    const user = await createUser();
    const attack = `<script>alert("x")</script> O'Neil & "quotes" ${"long note ".repeat(30)}`;
    await labelsOf(user, 1, { notes: attack, tagsJson: JSON.stringify(['<img src=x onerror="alert(1)">']) });
    const html = await (await documentFor((await signIn(user)).cookie)).text();
    expect(html).toContain('class="card label-card"');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#x27;Neil &amp; &quot;quotes&quot;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });
});
