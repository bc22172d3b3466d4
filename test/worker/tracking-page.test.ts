import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { labels, users } from "../../worker/db/schema";
import type { ApiLabel } from "../../shared/label";
import { parseCsv } from "../../worker/labels/csv";
import { refreshLabelTracking } from "../../worker/tracking/tracking";
import { purgePages } from "../../worker/labels/tracking-page-cache";
import { firstName, postcodeDistrict } from "../../worker/tracking-page/view";
import { answerEvri, fixtures, json, trackingEnv, FAST_HTTP } from "../fixtures/carriers/carrier-fetch";
import { insertTrackedLabel, labelRow } from "../fixtures/carriers/tracking-labels";
import { call, createUser, db, inOneRateWindow, type TestUser } from "./helpers";

// The buyer's tracking page (issue 25): /t/<token>, public, server-rendered, with nothing private on it.

afterEach(() => vi.restoreAllMocks());

const STREET = "12 Long Street";
const FLAT = "Flat 2";
const PHONE = "07700 900123";
const EMAIL = "jane.doe@example.com";
const SENDER_STREET = "7 Mill Lane";
const NOTE = "gift wrap, leave with neighbour";
const TAG = "vip-customer";

/** A label of `user` with every private field filled, as an import reads it, and Evri events. */
async function privateLabel(user: TestUser, extra: Parameters<typeof insertTrackedLabel>[1]["extra"] = {}) {
  const created = Date.now() - 3 * 86_400_000;
  return insertTrackedLabel(env.DB, {
    userId: user.id,
    createdAt: created,
    details: {
      address: { name: "MRS JANE DOE", address: [FLAT, STREET, `Tel ${PHONE}`, "Leeds"], postcode: "LS1 4AP", countryCode: "GB" },
      fromAddress: { name: "Tidewater Tea Co", address: [SENDER_STREET, "Bath"], postcode: "BA1 1AA", countryCode: "GB" },
      returnAddress: { name: "Tidewater Returns", address: ["Unit 4 Dock Road"], postcode: "BS1 6AA", countryCode: "GB" },
    },
    extra: {
      notes: `${NOTE}; buyer ${EMAIL}`,
      tagsJson: JSON.stringify([TAG]),
      trackingStatus: "in_transit",
      lastScanAt: Date.parse("2026-11-17T06:31:09Z"),
      trackingJson: JSON.stringify({ results: [fixtures.evriInTransit.results[0]] }),
      ...extra,
    },
  });
}

async function share(user: TestUser, labelId: string) {
  const res = await call(`/api/v1/label/${labelId}/tracking-page`, { method: "POST", token: user.token });
  return { res, label: (await res.json()) as ApiLabel };
}

const pathOf = (url: string) => new URL(url).pathname;
const tokenOf = (url: string) => pathOf(url).split("/").pop()!;

/** The page as a browser (or a script) fetches it, from one client IP. */
const page = (path: string, ip = "198.51.100.7", headers: Record<string, string> = {}) => call(path, { headers: { "cf-connecting-ip": ip, ...headers } });

/** Waits for the view count the page records after answering. */
async function viewsOf(labelId: string, atLeast: number) {
  return vi.waitFor(
    async () => {
      const { pageViews } = await labelRow(env.DB, labelId);
      if (pageViews < atLeast) throw new Error(`${pageViews} views, waiting for ${atLeast}`);
      return pageViews;
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe("sharing a label's tracking page", () => {
  it("makes a page on first share and answers the same address after", async () => {
    const u = await createUser();
    const id = await privateLabel(u);
    const first = await share(u, id);
    expect(first.res.status).toBe(201);
    expect(first.label.trackingPageUrl).toMatch(/^http:\/\/localhost:5173\/t\/[A-Za-z0-9_-]{24}$/);
    const again = await share(u, id);
    expect(again.res.status).toBe(200);
    expect(again.label.trackingPageUrl).toBe(first.label.trackingPageUrl);
    // The list and the detail answer it too.
    const listed = (await (await call("/api/v1/labels", { token: u.token })).json()) as { results: ApiLabel[] };
    expect(listed.results[0].trackingPageUrl).toBe(first.label.trackingPageUrl);
  });

  it("makes tokens of 144 random bits from crypto.getRandomValues, never from the code or id", async () => {
    const u = await createUser();
    const spy = vi.spyOn(crypto, "getRandomValues");
    const tokens = new Set<string>();
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) {
      // One label per code: give each its own.
      const id = await privateLabel(u, { trackingCode: `H04AQA00047${String(10000 + i)}` });
      ids.push(id);
      tokens.add(tokenOf((await share(u, id)).label.trackingPageUrl!));
    }
    expect(tokens.size).toBe(40);
    // 18 bytes a token (24 base64url characters carry 144 bits).
    expect(spy.mock.calls.some(([a]) => (a as Uint8Array).length === 18)).toBe(true);
    const all = [...tokens].join("");
    for (const id of ids) expect(all).not.toContain(id.replace(/^lbl_/, "").slice(0, 8));
    expect(all).not.toMatch(/H04AQA/);
    // Every base64url symbol turns up about as often: 960 characters over 64 symbols, 15 each on average.
    const counts = new Map<string, number>();
    for (const ch of all) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBeGreaterThan(55);
    expect(Math.max(...counts.values())).toBeLessThan(40);
  });

  it("never lets a user share or switch off another user's page", async () => {
    const owner = await createUser();
    const other = await createUser();
    const id = await privateLabel(owner);
    const shared = (await share(owner, id)).label.trackingPageUrl!;
    for (const method of ["POST", "DELETE"]) {
      const res = await call(`/api/v1/label/${id}/tracking-page`, { method, token: other.token });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Label not found" });
    }
    expect((await labelRow(env.DB, id)).pageToken).toBe(tokenOf(shared));
    expect((await page(pathOf(shared))).status).toBe(200);
  });

  it("switches a page off for good, and shares a new address after", async () => {
    const u = await createUser();
    const id = await privateLabel(u);
    const old = (await share(u, id)).label.trackingPageUrl!;
    expect((await page(pathOf(old))).status).toBe(200);
    const off = await call(`/api/v1/label/${id}/tracking-page`, { method: "DELETE", token: u.token });
    expect(off.status).toBe(200);
    expect(((await off.json()) as ApiLabel).trackingPageUrl).toBeNull();
    expect((await page(pathOf(old))).status).toBe(404);
    const renewed = (await share(u, id)).label.trackingPageUrl!;
    expect(renewed).not.toBe(old);
    expect((await page(pathOf(renewed))).status).toBe(200);
    expect((await page(pathOf(old))).status).toBe(404);
  });
});

describe("the buyer's page", () => {
  it("shows the status, the timeline, the expected day and the carrier's page, and nothing private", async () => {
    const u = await createUser();
    await db().update(users).set({ companyName: "Tidewater Tea Co", companyTagline: "Loose leaf since 1998", brandColor: "#0f766e" }).where(eq(users.id, u.id));
    const id = await privateLabel(u);
    const url = (await share(u, id)).label.trackingPageUrl!;
    const res = await page(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const body = await res.text();
    expect(body).toContain("<h1>With Evri</h1>");
    expect(body).toContain("Tidewater Tea Co");
    expect(body).toContain("Loose leaf since 1998");
    expect(body).toContain("--accent:#0f766e");
    // The style is the page's own, not escaped text (an escaped quote would drop the font and more).
    expect(body).toContain('"Segoe UI"');
    expect(body).toContain("For Jane, LS1");
    expect(body).toMatch(/Expected by \w{3} \d{1,2} \w{3}/);
    // Every event, newest first, with its place.
    const order = ["It&#39;s at our local depot", "It&#39;s at our national hub", "We&#39;ve got it", "The sender has told us your parcel is on its way"].map((t) => body.indexOf(t));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toContain("Warrington");
    expect(body).toContain('href="https://www.evri.com/track/parcel/H04AQA0004726589/details" rel="noopener noreferrer"');
    // Nothing private: no street, flat, phone or e-mail, no full postcode, no sender or return address, no notes or tags.
    for (const secret of [STREET, FLAT, PHONE, EMAIL, "LS1 4AP", "4AP", "DOE", "Doe", SENDER_STREET, "BA1 1AA", "Dock Road", "BS1 6AA", "gift wrap", TAG, id]) {
      expect(body, secret).not.toContain(secret);
    }
  });

  it("names the seller under their banner, not only in the banner's picture (issue 33)", async () => {
    const u = await createUser();
    const banner = new FormData();
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (ch) => ch.charCodeAt(0));
    banner.append("company_name", "Tidewater Tea Co");
    banner.append("company_tagline", "Loose leaf since 1998");
    banner.append("brand_color", "#0f766e");
    banner.append("banner_image", new File([png], "banner.png", { type: "image/png" }));
    expect((await call("/api/v1/user/profile", { method: "PUT", token: u.token, body: banner })).status).toBe(200);
    const url = (await share(u, await privateLabel(u))).label.trackingPageUrl!;
    const body = await (await page(pathOf(url))).text();
    expect(body).toMatch(/<img class="banner" src="\/t\/[^"]+\/banner\?v=[^"]+" alt="">/);
    expect(body).toContain('<p class="seller">Tidewater Tea Co</p>');
    expect(body).toContain('<p class="tagline">Loose leaf since 1998</p>');
    // The banner first, then the name.
    expect(body.indexOf('class="banner"')).toBeLessThan(body.indexOf('class="seller"'));

    // A banner without a company name: the banner says 'Your parcel' to a screen reader, and no empty name is drawn.
    const other = await createUser();
    const only = new FormData();
    only.append("banner_image", new File([png], "banner.png", { type: "image/png" }));
    expect((await call("/api/v1/user/profile", { method: "PUT", token: other.token, body: only })).status).toBe(200);
    const otherUrl = (await share(other, await privateLabel(other))).label.trackingPageUrl!;
    const otherBody = await (await page(pathOf(otherUrl))).text();
    expect(otherBody).toMatch(/<img class="banner" [^>]*alt="Your parcel">/);
    expect(otherBody).not.toContain('class="seller"');
  });

  it("makes no request to anyone else, sets no cookie, and asks not to be indexed", async () => {
    const u = await createUser();
    const id = await privateLabel(u);
    const url = (await share(u, id)).label.trackingPageUrl!;
    const res = await page(pathOf(url));
    const body = await res.text();
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(res.headers.get("X-Robots-Tag")).toBe("noindex, nofollow, noarchive");
    expect(body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("img-src 'self'");
    expect(csp).not.toContain("script-src");
    expect(body).not.toMatch(/<script|<iframe|@import|url\(/i);
    // Everything it loads is its own (src and stylesheet links); the one outside link is the carrier's, without a referrer.
    const loads = [...body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    for (const target of loads) {
      if (target.startsWith("https://www.evri.com/")) continue;
      expect(target.startsWith("/"), target).toBe(true);
    }
  });

  it("answers the same 404 page for an unknown, a malformed and a switched-off address", async () => {
    const u = await createUser();
    const id = await privateLabel(u);
    const url = (await share(u, id)).label.trackingPageUrl!;
    await call(`/api/v1/label/${id}/tracking-page`, { method: "DELETE", token: u.token });
    const answers = await Promise.all([pathOf(url), "/t/AAAAAAAAAAAAAAAAAAAAAAAA", "/t/short", `/t/${id}`, "/t/H04AQA0004726589", `${pathOf(url)}/extra`].map((p) => page(p)));
    const seen = await Promise.all(
      answers.map(async (r) => {
        const headers = Object.fromEntries([...r.headers].filter(([k]) => k !== "x-request-id"));
        return { status: r.status, headers, body: await r.text() };
      }),
    );
    expect(seen[0].status).toBe(404);
    expect(seen[0].body).toContain("This tracking page is not available");
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  });

  it("answers 429 to a client past 60 requests a minute, and others still get their page", async () => {
    const u = await createUser();
    const id = await privateLabel(u);
    const path = pathOf((await share(u, id)).label.trackingPageUrl!);
    // Fixed windows on the wall clock's minutes: a burst that straddles one is drawn again from a fresh address.
    const { statuses, refused } = await inOneRateWindow(async (attempt) => {
      const ip = `203.0.113.${10 * attempt + Math.floor(Math.random() * 10)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 65; i++) statuses.push((await page(i % 2 ? path : "/t/AAAAAAAAAAAAAAAAAAAAAAAB", ip)).status);
      return { statuses, refused: await page(path, ip) };
    });
    expect(statuses.slice(0, 60).every((s) => s !== 429)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.text()).toContain("Too many requests");
    expect((await page(path, "192.0.2.44")).status).toBe(200);
  });

  it("counts the buyer's views, not link previews, and shows them to the owner", async () => {
    const u = await createUser();
    const id = await privateLabel(u);
    const path = pathOf((await share(u, id)).label.trackingPageUrl!);
    await page(path);
    await page(path);
    await page(path, "198.51.100.8", { "User-Agent": "WhatsApp/2.23.20.0" });
    expect(await viewsOf(id, 2)).toBe(2);
    const label = (await (await call(`/api/v1/label/${id}`, { token: u.token })).json()) as ApiLabel;
    expect(label.trackingPageViews).toBe(2);
    expect(Date.parse(label.trackingPageViewedAt!)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("the page in the edge cache", () => {
  it("serves a cached copy without reading the label again, and a tracking update purges it", async () => {
    const u = await createUser();
    const id = await privateLabel(u, { trackingStatus: "registered", lastScanAt: null, trackingJson: JSON.stringify({ results: [fixtures.evriRegistered.results[0]] }), nextTrackingAt: 0 });
    const path = pathOf((await share(u, id)).label.trackingPageUrl!);
    expect(await (await page(path)).text()).toContain("<h1>Label created</h1>");
    // Changed behind the page's back: the cached copy still answers.
    await db().update(labels).set({ trackingStatus: "out_for_delivery" }).where(eq(labels.id, id));
    await vi.waitFor(async () => expect(await caches.default.match(`http://localhost:5173${path}`)).toBeTruthy());
    expect(await (await page(path)).text()).toContain("<h1>Label created</h1>");
    // A real tracking refresh stores new events and drops the copy: the next view shows them.
    await db().update(labels).set({ trackingStatus: "registered" }).where(eq(labels.id, id));
    answerEvri([json(fixtures.evriDelivered)]);
    const result = await refreshLabelTracking(trackingEnv(env), db(), id, { force: true, http: FAST_HTTP });
    expect(result).toMatchObject({ kind: "refreshed", status: "delivered" });
    vi.restoreAllMocks();
    const after = await (await page(path)).text();
    expect(after).toContain("<h1>Delivered</h1>");
  });

  it("purges every data centre through Cloudflare's API when it is configured", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(JSON.stringify({ success: true }), { status: 200 });
    });
    await purgePages({ CACHE_PURGE_ZONE_ID: "zone123", CACHE_PURGE_API_TOKEN: "secret-token" }, ["AAAAAAAAAAAAAAAAAAAAAAAC", null]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("https://api.cloudflare.com/client/v4/zones/zone123/purge_cache");
    expect(new Headers(calls[0].init.headers).get("Authorization")).toBe("Bearer secret-token");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ files: ["http://localhost:5173/t/AAAAAAAAAAAAAAAAAAAAAAAC"] });
    // Not configured: no call at all.
    await purgePages({}, ["AAAAAAAAAAAAAAAAAAAAAAAC"]);
    expect(calls).toHaveLength(1);
  });
});

describe("the page's link elsewhere", () => {
  it("is in the CSV export for shared labels only", async () => {
    const u = await createUser();
    const shared = await privateLabel(u);
    const other = await privateLabel(u, { trackingCode: "H04AQA0004726590" });
    const url = (await share(u, shared)).label.trackingPageUrl!;
    const res = await call("/api/v1/labels/export.csv", { token: u.token });
    const [header, ...rows] = parseCsv(await res.text()).map((r) => r.cells);
    const col = header.indexOf("tracking_page_url");
    expect(col).toBeGreaterThan(0);
    const byCode = Object.fromEntries(rows.map((r) => [r[0], r[col]]));
    expect(byCode.H04AQA0004726589).toBe(url);
    expect(byCode.H04AQA0004726590).toBe("");
    void other;
  });
});

describe("the seller's brand colour", () => {
  it("takes a colour written #rrggbb, and clears it with an empty one", async () => {
    const u = await createUser();
    const put = (brand_color: unknown) => call("/api/v1/user/profile", { method: "PUT", token: u.token, json: { brand_color } });
    for (const bad of ["red", "#0f766", "#0f766eff", "url(x)", "#0f766e;}body{"]) {
      const res = await put(bad);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/^brand_color: must be a colour written #rrggbb/);
    }
    expect(((await (await put("#0F766E")).json()) as { brand_color: string }).brand_color).toBe("#0f766e");
    expect(((await (await put("")).json()) as { brand_color: string | null }).brand_color).toBeNull();
  });

  it("is darkened where it carries text on white, and kept where it reads", async () => {
    const { contrastOnWhite, readableOnWhite } = await import("../../worker/tracking-page/brand-color");
    expect(readableOnWhite("#0f766e")).toBe("#0f766e");
    const pale = readableOnWhite("#fde047");
    expect(contrastOnWhite(pale)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnWhite("#fde047")).toBeLessThan(2);
  });
});

describe("what the page says of the recipient", () => {
  it.each([
    ["MRS JANE DOE", "Jane"],
    ["jane", "Jane"],
    ["Mr J Smith", null],
    ["Dr. Anne-Marie O'Neil", "Anne-Marie"],
    ["12345", null],
    ["", null],
  ])("takes the first name of %j as %j", (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });

  it("keeps only the postcode district", () => {
    expect(postcodeDistrict("LS1 4AP")).toBe("LS1");
    expect(postcodeDistrict("sw1a1aa")).toBe("SW1A");
    expect(postcodeDistrict("not a postcode")).toBeNull();
  });
});
