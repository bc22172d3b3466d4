import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import type { AppEnv } from "../context";
import { ApiError } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { requireAuth } from "../auth/require-auth";
import { publicUser } from "./accounts";
import { regenerateApiKey } from "../auth/api-keys";
import { getBanner, readBanner, updateProfile, type ProfileChange } from "./profile";
import { profileForm, profileJson } from "./profile-input";

// The signed-in user's own settings: label branding, banner, email preferences and developer key.
// (GET /user itself lives with the account routes.)
const routes = new Hono<AppEnv>();

const isMultipart = (c: Context<AppEnv>) => (c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** One route, two body forms: validate whichever the client sent. */
const formValidator = validate("form", profileForm);
const jsonValidator = validate("json", profileJson);
const profileBody = createMiddleware<AppEnv>(async (c, next) => {
  const validator = isMultipart(c) ? formValidator : jsonValidator;
  return (await validator(c as never, next)) as Response | undefined;
});

routes.put("/user/profile", requireAuth(), describe({ summary: "Change the account's branding (company name, tagline, colour, banner), buyer mail moments or marketing consent.", description: "The company name and tagline are one line each: a line break or control character is refused (400)." }), profileBody, async (c) => {
  let change: ProfileChange;
  if (isMultipart(c)) {
    const form = (c.req as unknown as { valid(t: "form"): z.infer<typeof profileForm> }).valid("form");
    change = { companyName: form.company_name, companyTagline: form.company_tagline, brandColor: form.brand_color };
    if (form.banner_image instanceof File) change.banner = await readBanner(form.banner_image);
  } else {
    const body = (c.req as unknown as { valid(t: "json"): z.infer<typeof profileJson> }).valid("json");
    change = {
      companyName: body.company_name,
      companyTagline: body.company_tagline,
      brandColor: body.brand_color,
      buyerMailMoments: body.buyer_mail_moments,
      marketingConsent: body.marketing_consent,
      removeBanner: body.remove_banner,
    };
  }
  const updated = await updateProfile(c.get("db"), c.env.FILES, c.get("user"), change);
  return c.json({ ...publicUser(updated, c.env), has_banner: Boolean(updated.bannerKey) });
});

routes.get("/user/banner", requireAuth(), describe({ summary: "The account's banner image; 204 when there is none." }), async (c) => {
  const banner = await getBanner(c.env.FILES, c.get("user"));
  // No banner is an answer, not an error: the settings card and the print view ask on every load.
  if (!banner) return c.body(null, 204);
  return c.body(banner.body, 200, {
    "Content-Type": banner.mime,
    "Content-Length": String(banner.size),
  });
});

// A key cannot mint keys: requireAuth() without apiKey answers 403 to an API key.
// The body is an empty object and carries nothing to read.
routes.post("/generate-developer-key", requireAuth(), describe({ summary: "Make a new developer API key, shown this once (only its hash is kept); the previous key stops working.", description: "Signed in only: a key cannot make keys." }), async (c) => {
  if (c.get("authKind") !== "access_token") throw new ApiError(403, "API keys cannot be used for this call");
  const { key, masked } = await regenerateApiKey(c.get("directory"), c.get("db"), c.get("user").id);
  return c.json({ developer_api_key: key, developer_api_key_masked: masked });
});

export default routes;
