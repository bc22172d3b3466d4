import { z } from "zod";
import { BUYER_MOMENTS } from "../../shared/buyer-mail";
import { oneLine } from "../lib/text";

// What PUT /user/profile takes, in its two forms: validated by the route, described by the API document.

/** Empty text clears the field. One line: the company name goes into mail headers (From, Subject). */
const companyText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(...oneLine(field))
    .transform((s) => (s === "" ? null : s));

/** The brand colour of the buyer's tracking page and mails, '#rrggbb'; empty clears it (the product's own). */
const brandColor = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, "must be a colour written #rrggbb, like #0f766e")
  .transform((s) => (s === "" ? null : s.toLowerCase()));

/** PUT /user/profile as JSON: branding text, banner removal or marketing consent. */
export const profileJson = z
  .strictObject({
    company_name: companyText("company_name", 100).nullable().optional(),
    company_tagline: companyText("company_tagline", 200).nullable().optional(),
    brand_color: brandColor.nullable().optional(),
    /** The moments buyers are mailed at (an empty list: none). */
    buyer_mail_moments: z
      .array(z.enum(BUYER_MOMENTS, { message: `must be among ${BUYER_MOMENTS.join(", ")}` }))
      .max(BUYER_MOMENTS.length)
      .transform((list) => BUYER_MOMENTS.filter((m) => list.includes(m)))
      .optional(),
    remove_banner: z.literal(true).optional(),
    marketing_consent: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to update");

/** PUT /user/profile as multipart: branding text plus an optional new banner image. */
export const profileForm = z.object({
  company_name: companyText("company_name", 100).optional(),
  company_tagline: companyText("company_tagline", 200).optional(),
  brand_color: brandColor.optional(),
  banner_image: z
    .union([z.instanceof(File), z.literal("")], { error: "banner_image must be a single file" })
    .optional(),
});
