import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../worker/db/schema";
import { BANNER_MAX_BYTES, readBanner, sniffBannerMime } from "../../worker/accounts/profile";
import { call, createUser, db } from "./helpers";

// Banner bytes built here: a real 1x1 PNG, and minimal JPEG/WEBP/PDF headers (types are decided by bytes).
const PNG_1x1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (ch) => ch.charCodeAt(0),
);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const WEBP = new TextEncoder().encode("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00");
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

const userRow = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!;

function form(fields: Record<string, string | File>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

const putProfile = (token: string, body: FormData | object) =>
  body instanceof FormData
    ? call("/api/v1/user/profile", { method: "PUT", token, body })
    : call("/api/v1/user/profile", { method: "PUT", token, json: body });

describe("PUT /api/v1/user/profile", () => {
  it("saves company name and tagline from JSON, and answers the user", async () => {
    const u = await createUser();
    const res = await putProfile(u.token, { company_name: "  Hive Goods Ltd ", company_tagline: "Parcels with care" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ company_name: "Hive Goods Ltd", company_tagline: "Parcels with care", has_banner: false, email: u.email });
    expect(await userRow(u.id)).toMatchObject({ companyName: "Hive Goods Ltd", companyTagline: "Parcels with care" });

    // Empty text clears a field.
    await putProfile(u.token, { company_name: "Hive Goods Ltd", company_tagline: "" });
    expect((await userRow(u.id)).companyTagline).toBeNull();
  });

  it("updates only marketing consent when that is all it is sent", async () => {
    const u = await createUser();
    await putProfile(u.token, { company_name: "Keep Me" });
    const res = await putProfile(u.token, { marketing_consent: true });
    expect(res.status).toBe(200);
    expect(await userRow(u.id)).toMatchObject({ marketingConsent: true, companyName: "Keep Me" });
    await putProfile(u.token, { marketing_consent: false });
    expect((await userRow(u.id)).marketingConsent).toBe(false);
  });

  it("refuses bad JSON bodies with 400 and changes nothing", async () => {
    const u = await createUser();
    for (const body of [{}, { marketing_consent: "yes" }, { company_name: "x".repeat(101) }, { remove_banner: false }, { is_admin: true }, { credits: 1000 }]) {
      const res = await putProfile(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
    const broken = await call("/api/v1/user/profile", { method: "PUT", token: u.token, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(await userRow(u.id)).toMatchObject({ credits: 0, companyName: null, marketingConsent: false });
  });

  it("needs a signed-in user, and an API key may not change the profile", async () => {
    expect((await call("/api/v1/user/profile", { method: "PUT", json: { company_name: "x" } })).status).toBe(401);
    const u = await createUser();
    const key = ((await (await call("/api/v1/generate-developer-key", { method: "POST", token: u.token, json: {} })).json()) as { developer_api_key: string }).developer_api_key;
    const res = await call("/api/v1/user/profile", { method: "PUT", headers: { "X-API-Key": key }, json: { company_name: "x" } });
    expect(res.status).toBe(403);
  });
});

describe("banner image", () => {
  it("stores a PNG from the multipart form in R2 and serves it back to its owner only", async () => {
    const u = await createUser();
    const res = await putProfile(u.token, form({ company_name: "Hive", company_tagline: "Fast", banner_image: new File([PNG_1x1], "banner.png", { type: "image/png" }) }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ company_name: "Hive", company_tagline: "Fast", has_banner: true });

    const row = await userRow(u.id);
    expect(row.bannerMime).toBe("image/png");
    const stored = await env.FILES.get(row.bannerKey!);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PNG_1x1);

    const got = await call("/api/v1/user/banner", { token: u.token });
    expect(got.status).toBe(200);
    expect(got.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG_1x1);

    // Someone else gets their own (absent) banner, never this one.
    const other = await createUser();
    const theirs = await call("/api/v1/user/banner", { token: other.token });
    expect(theirs.status).toBe(204);
    expect(await theirs.text()).toBe("");
    expect((await call("/api/v1/user/banner")).status).toBe(401);
  });

  it("decides the type by bytes: a JPEG named .png is stored as JPEG, WEBP is accepted", async () => {
    const u = await createUser();
    expect((await putProfile(u.token, form({ banner_image: new File([JPEG], "looks.png", { type: "image/png" }) }))).status).toBe(200);
    expect((await userRow(u.id)).bannerMime).toBe("image/jpeg");
    expect((await putProfile(u.token, form({ banner_image: new File([WEBP], "b.webp", { type: "image/webp" }) }))).status).toBe(200);
    expect((await userRow(u.id)).bannerMime).toBe("image/webp");
  });

  it("refuses a wrong type, a disguised PDF and an empty file with a clear 4xx, keeping the old banner", async () => {
    const u = await createUser();
    await putProfile(u.token, form({ banner_image: new File([PNG_1x1], "ok.png", { type: "image/png" }) }));
    const before = await userRow(u.id);

    const gif = new File([new TextEncoder().encode("GIF89a\x01\x00\x01\x00")], "banner.gif", { type: "image/gif" });
    const disguised = new File([PDF], "banner.png", { type: "image/png" });
    for (const file of [gif, disguised]) {
      const res = await putProfile(u.token, form({ company_name: "Changed?", banner_image: file }));
      expect(res.status, file.name).toBe(415);
      expect(await res.json()).toEqual({ error: "The banner image must be a PNG, JPEG or WEBP image." });
    }
    const empty = await putProfile(u.token, form({ banner_image: new File([], "empty.png", { type: "image/png" }) }));
    expect(empty.status).toBe(400);

    const after = await userRow(u.id);
    expect(after).toMatchObject({ bannerKey: before.bannerKey, bannerMime: "image/png", companyName: null });
  });

  it("refuses a banner over 5 MB with 413", async () => {
    const u = await createUser();
    const big = new Uint8Array(BANNER_MAX_BYTES + 1);
    big.set(PNG_1x1);
    const res = await putProfile(u.token, form({ banner_image: new File([big], "big.png", { type: "image/png" }) }));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toBeTruthy();
    expect((await userRow(u.id)).bannerKey).toBeNull();
  });

  it("checks size and bytes on the server: exactly 5 MB passes, one byte more does not", async () => {
    const exact = new Uint8Array(BANNER_MAX_BYTES);
    exact.set(PNG_1x1);
    await expect(readBanner(new File([exact], "a.png"))).resolves.toMatchObject({ mime: "image/png" });
    const over = new Uint8Array(BANNER_MAX_BYTES + 1);
    over.set(PNG_1x1);
    await expect(readBanner(new File([over], "a.png"))).rejects.toMatchObject({ status: 413, message: "The banner image must be 5 MB or smaller." });
    expect(sniffBannerMime(PDF)).toBeNull();
    expect(sniffBannerMime(new TextEncoder().encode("RIFF\x00\x00\x00\x00WAVE"))).toBeNull();
  });

  it("replaces a banner, deleting the old R2 object, and removes it", async () => {
    const u = await createUser();
    await putProfile(u.token, form({ banner_image: new File([PNG_1x1], "one.png") }));
    const first = (await userRow(u.id)).bannerKey!;

    await putProfile(u.token, form({ banner_image: new File([JPEG], "two.jpg") }));
    const second = (await userRow(u.id)).bannerKey!;
    expect(second).not.toBe(first);
    expect(await env.FILES.head(first)).toBeNull();
    expect(await env.FILES.head(second)).not.toBeNull();

    // Text-only saves keep the banner.
    await putProfile(u.token, form({ company_name: "Still here" }));
    expect((await userRow(u.id)).bannerKey).toBe(second);

    const res = await putProfile(u.token, { remove_banner: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ has_banner: false });
    expect(await userRow(u.id)).toMatchObject({ bannerKey: null, bannerMime: null, companyName: "Still here" });
    expect(await env.FILES.head(second)).toBeNull();
    const none = await call("/api/v1/user/banner", { token: u.token });
    expect(none.status).toBe(204);
    expect(await none.text()).toBe("");

    // Removing when there is none is harmless.
    expect((await putProfile(u.token, { remove_banner: true })).status).toBe(200);
  });
});
