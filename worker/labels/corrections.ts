import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { buyerEmailSchema } from "../couriers/buyer-email";
import { isUkPostcode, normalisePostcode } from "../lib/uk-postcode";
import { declaredValueInput, poundsToPence } from "../couriers/declared-value";
import { courierById } from "../couriers/registry";
import type { Db } from "../db/client";
import { buyerMails } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import type { Address, ApiLabel, FieldSource, LabelCorrection, LabelDetails, SourcedField } from "../../shared/label";
import { findLabelRow, getLabel } from "./read";
import { saveLabelCorrection } from "./save";
import { purgePages } from "./tracking-page-cache";
import { oneLine } from "../lib/text";

/**
 * Corrections by the user of what the reader got wrong on an imported (or manual) label: the
 * recipient, the sender, the return address, the service and the weight; the declared value; and the buyer's e-mail
 * and whether this label mails them. Validated like a manual
 * label (UK postcodes, a name for a sender or return address), free of charge (no credit moves),
 * the caller's own label only. Each corrected field is marked as 'user' in details.fieldSources;
 * null clears a field. Saved through the save path (labels/save.ts): the analytics columns that mirror the details
 * (weight, next day) follow, so the rollups stay exact through their triggers, and `label.updated` is sent.
 */

const addressInput = z
  .object({
    name: z.string().trim().max(200, "a name is at most 200 characters").refine(...oneLine("a name")),
    address: z.array(z.string().trim().max(200, "an address line is at most 200 characters").refine(...oneLine("an address line"))).max(8, "at most 8 address lines").default([]),
    postcode: z.string().trim().max(12, "a postcode is at most 12 characters").refine(...oneLine("a postcode")).default(""),
    countryCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "countryCode must be two letters")
      .default("GB")
      .transform((c) => c.toUpperCase()),
  })
  .strict();

export const labelCorrectionSchema = z
  .object({
    address: addressInput.nullable().optional(),
    fromAddress: addressInput.nullable().optional(),
    returnAddress: addressInput.nullable().optional(),
    service: z.string().trim().min(1, "service must not be empty").max(100, "service is at most 100 characters").refine(...oneLine("service")).nullable().optional(),
    weightInGrams: z.number().int("weightInGrams must be a whole number of grams").positive("weightInGrams must be positive").max(1_000_000).nullable().optional(),
    declaredValue: declaredValueInput,
    /** The buyer's e-mail for the tracking mails; null removes it. */
    buyerEmail: buyerEmailSchema.nullable().optional(),
    /** This label's buyer mails on or off. */
    buyerNotifications: z.boolean().optional(),
  })
  .strict()
  .refine(
    (b) => Object.keys(b).length > 0,
    "Nothing to correct: send at least one of address, fromAddress, returnAddress, service, weightInGrams, declaredValue, buyerEmail, buyerNotifications.",
  );

// The schema is the server's check of the LabelCorrection type the web app sends: same shape.
const labelCorrectionContract: z.ZodType<LabelCorrection, LabelCorrection> = labelCorrectionSchema;
void labelCorrectionContract;

const LABELS: Record<"address" | "fromAddress" | "returnAddress", string> = {
  address: "Recipient",
  fromAddress: "Sender",
  returnAddress: "Return address",
};

function checkedAddress(field: keyof typeof LABELS, a: z.infer<typeof addressInput>): Address {
  const lines = a.address.filter(Boolean);
  const postcode = a.postcode;
  if (a.countryCode === "GB" && postcode && !isUkPostcode(postcode)) throw badRequest(`${LABELS[field]} postcode must be a UK postcode.`);
  if (field === "address" && a.countryCode === "GB" && !postcode) throw badRequest("Recipient postcode is required.");
  if (field !== "address" && !a.name) throw badRequest(`${LABELS[field]} needs a name.`);
  if (!a.name && !lines.length && !postcode) throw badRequest(`${LABELS[field]} is empty: send null to clear it.`);
  return { name: a.name, address: lines, postcode: postcode ? normalisePostcode(postcode) : "", countryCode: a.countryCode };
}

export async function correctLabelDetails(
  db: Db,
  env: Parameters<typeof purgePages>[0] & Pick<Env, "JOBS">,
  userId: number,
  idOrCode: string,
  body: z.output<typeof labelCorrectionSchema>,
): Promise<ApiLabel> {
  const row = await findLabelRow(db, userId, idOrCode);
  if (!row) throw notFound("Label not found");
  let details: LabelDetails;
  try {
    details = JSON.parse(row.detailsJson) as LabelDetails;
  } catch {
    details = { courier: row.courier, trackingCode: row.trackingCode, countryCode: "GB" };
  }
  const sources: Partial<Record<SourcedField, FieldSource>> = { ...(details.fieldSources ?? {}) };
  for (const field of ["address", "fromAddress", "returnAddress"] as const) {
    const value = body[field];
    if (value === undefined) continue;
    const address = value === null ? null : checkedAddress(field, value);
    details[field] = address;
    // The sender is stored twice (fromAddress and sendAddress): both follow.
    if (field === "fromAddress") details.sendAddress = address;
    sources[field] = "user";
  }
  if (body.service !== undefined) {
    details.serviceCode = body.service;
    Object.assign(details, courierById(row.courier)?.serviceCorrection(body.service));
    sources.service = "user";
  }
  if (body.weightInGrams !== undefined) {
    details.weightInGrams = body.weightInGrams;
    sources.weightInGrams = "user";
  }
  // The user's own figure: not a field a reader fills, so it has no source mark.
  if (body.declaredValue !== undefined) details.declaredValuePence = body.declaredValue === null ? null : poundsToPence(body.declaredValue);
  details.fieldSources = sources;
  // A corrected service moves the day the parcel is expected by, so its place on the 'Needs action' list (the save's action window).
  const columns = {
    ...(body.buyerEmail !== undefined ? { buyerEmail: body.buyerEmail } : {}),
    ...(body.buyerNotifications !== undefined ? { buyerNotifications: body.buyerNotifications } : {}),
  };
  // A new address may be sent the link again ('Send to buyer' goes once per address); the moments stay sent.
  const newAddress = body.buyerEmail !== undefined && body.buyerEmail !== row.buyerEmail;
  await saveLabelCorrection(db, env, row, details, columns, newAddress ? [db.delete(buyerMails).where(and(eq(buyerMails.labelId, row.id), eq(buyerMails.kind, "link")))] : []);
  // The buyer's page shows the recipient's first name and district: a corrected recipient shows at once.
  await purgePages(env, [row.pageToken]);
  return (await getLabel(db, userId, row.id))!;
}
