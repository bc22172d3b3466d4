import { z } from "zod";

// What PUT /user/profile takes, in its two forms: validated by the route, described by the API document.

/** Empty text clears the field. */
const companyText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => (s === "" ? null : s));

/** PUT /user/profile as JSON: branding text, banner removal or marketing consent. */
export const profileJson = z
  .strictObject({
    company_name: companyText(100).nullable().optional(),
    company_tagline: companyText(200).nullable().optional(),
    remove_banner: z.literal(true).optional(),
    marketing_consent: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to update");

/** PUT /user/profile as multipart: branding text plus an optional new banner image. */
export const profileForm = z.object({
  company_name: companyText(100).optional(),
  company_tagline: companyText(200).optional(),
  banner_image: z
    .union([z.instanceof(File), z.literal("")], { error: "banner_image must be a single file" })
    .optional(),
});
