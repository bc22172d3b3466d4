import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv } from "../context";
import { ApiError, notFound } from "../lib/errors";
import { validate } from "../lib/validate";
import { requireAuth } from "./require-auth";
import { publicUser } from "./accounts";
import { regenerateApiKey } from "./api-keys";
import { getBanner, readBanner, updateProfile, type ProfileChange } from "./profile";

// The signed-in user's own settings: label branding, banner, email preferences and developer key.
// (GET /user itself lives with the account routes.)
const routes = new Hono<AppEnv>();

/** Empty text clears the field. */
const companyText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => (s === "" ? null : s));

/** PUT /user/profile as JSON: branding text, banner removal or marketing consent. */
const profileJson = z
  .strictObject({
    company_name: companyText(100).nullable().optional(),
    company_tagline: companyText(200).nullable().optional(),
    remove_banner: z.literal(true).optional(),
    marketing_consent: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to update");

/** PUT /user/profile as multipart: branding text plus an optional new banner image. */
const profileForm = z.object({
  company_name: companyText(100).optional(),
  company_tagline: companyText(200).optional(),
  banner_image: z
    .union([z.instanceof(File), z.literal("")], { error: "banner_image must be a single file" })
    .optional(),
});

const isMultipart = (c: Context<AppEnv>) => (c.req.header("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");

/** One route, two body forms: validate whichever the client sent. */
const formValidator = validate("form", profileForm);
const jsonValidator = validate("json", profileJson);
const profileBody = createMiddleware<AppEnv>(async (c, next) => {
  const validator = isMultipart(c) ? formValidator : jsonValidator;
  return (await validator(c as never, next)) as Response | undefined;
});

routes.put("/user/profile", requireAuth(), profileBody, async (c) => {
  let change: ProfileChange;
  if (isMultipart(c)) {
    const form = (c.req as unknown as { valid(t: "form"): z.infer<typeof profileForm> }).valid("form");
    change = { companyName: form.company_name, companyTagline: form.company_tagline };
    if (form.banner_image instanceof File) change.banner = await readBanner(form.banner_image);
  } else {
    const body = (c.req as unknown as { valid(t: "json"): z.infer<typeof profileJson> }).valid("json");
    change = {
      companyName: body.company_name,
      companyTagline: body.company_tagline,
      marketingConsent: body.marketing_consent,
      removeBanner: body.remove_banner,
    };
  }
  const updated = await updateProfile(c.get("db"), c.env.FILES, c.get("user"), change);
  return c.json({ ...publicUser(updated, c.env), has_banner: Boolean(updated.bannerKey) });
});

routes.get("/user/banner", requireAuth(), async (c) => {
  const banner = await getBanner(c.env.FILES, c.get("user"));
  if (!banner) throw notFound("No banner image");
  return c.body(banner.body, 200, {
    "Content-Type": banner.mime,
    "Content-Length": String(banner.size),
    "Cache-Control": "private, no-store",
  });
});

// A key cannot mint keys: requireAuth() without apiKey answers 403 to an API key.
// The body is an empty object and carries nothing to read.
routes.post("/generate-developer-key", requireAuth(), async (c) => {
  if (c.get("authKind") !== "access_token") throw new ApiError(403, "API keys cannot be used for this call");
  const { key, masked } = await regenerateApiKey(c.get("db"), c.get("user").id);
  return c.json({ developer_api_key: key, developer_api_key_masked: masked });
});

export default routes;
