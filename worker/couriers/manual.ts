import { z } from "zod";
import { buyerEmailSchema } from "./buyer-email";
import { ApiError, badRequest } from "../lib/errors";
import { DECLARED_VALUE_RULE, poundsToPence } from "./declared-value";
import type { LabelDetails } from "../../shared/label";
import { parseFreeTextAddress } from "./address";
import { MANUAL_FIELD_LABELS, MANUAL_FIELD_TYPES, type ManualFieldName, type ManualFieldType } from "./fields";
import { isUkPostcode, normalisePostcode } from "../lib/uk-postcode";
import type { Courier } from "./courier";
import { findCourier } from "./registry";
import { unsupportedCourierMessage } from "./unsupported";
import { isOneLine, isPlainText, oneLine, plainText } from "../lib/text";

/**
 * POST /api/v1/label/manual body and its rules (courier, tracking code, required fields), checked
 * on the server too: the client's messages where the spec gives them, a clear 400 otherwise.
 */
export const manualLabelSchema = z.object({
  courier: z.string({ message: "Please select a courier." }).trim().min(1, "Please select a courier.").max(40),
  trackingCode: z.string({ message: "Tracking code is required." }).trim().min(1, "Tracking code is required.").max(40),
  fields: z.record(z.string(), z.unknown()).default({}),
  tags: z.array(z.string().max(50, "a tag is at most 50 characters").refine(...oneLine("a tag"))).max(50, "at most 50 tags").optional(),
  notes: z.string().max(5000, "notes are at most 5000 characters").refine(...plainText("notes")).optional(),
  /** The buyer's e-mail, for the tracking mails the owner switched on (worker/buyer-mail/). */
  buyerEmail: buyerEmailSchema.optional(),
});
export type ManualLabelBody = z.infer<typeof manualLabelSchema>;

const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/)
  .refine((s) => !Number.isNaN(Date.parse(s)));

const FIELD_SCHEMAS: Record<ManualFieldType, { schema: z.ZodType; rule: string }> = {
  datetime: { schema: isoDateTime, rule: "must be an ISO date-time" },
  integer: { schema: z.number().int().positive().max(1_000_000), rule: "must be a positive whole number" },
  number: { schema: z.number().positive().max(1_000_000), rule: "must be a positive number" },
  "number[3]": {
    schema: z.tuple([z.number().positive().max(10_000), z.number().positive().max(10_000), z.number().positive().max(10_000)]),
    rule: "must be three numbers: L, W, H",
  },
  boolean: { schema: z.boolean(), rule: "must be true or false" },
  "string[]": { schema: z.array(z.string().trim().min(1).max(500).refine(isOneLine)).max(50), rule: "must be a list of texts, each one line" },
  string: { schema: z.string().trim().min(1).max(1000).refine(isPlainText), rule: "must be a text of at most 1000 characters, without control characters" },
};

const fieldError = (name: ManualFieldName, rule: string) =>
  name === "dimensionsCm" ? badRequest("Dimensions (cm) must be three numbers: L, W, H.") : badRequest(`${MANUAL_FIELD_LABELS[name]} ${rule}.`);

/** Checks the courier, its tracking-code rule and its fields; answers the label details to store. */
export function manualLabelDetails(body: ManualLabelBody): LabelDetails {
  const courier: Courier | undefined = findCourier(body.courier);
  if (!courier) throw badRequest(body.courier.trim() ? unsupportedCourierMessage(body.courier) : "Please select a courier.");
  const trackingCode = courier.normaliseCode(body.trackingCode);
  if (!courier.isValidCode(trackingCode)) {
    throw badRequest(`Invalid tracking code for ${courier.displayName}: ${courier.codeRule}.`);
  }

  const allowed = new Set<string>([...courier.manual.required, ...courier.manual.optional]);
  const values: Partial<Record<ManualFieldName, unknown>> = {};
  for (const [name, raw] of Object.entries(body.fields)) {
    if (!allowed.has(name)) throw badRequest(`fields.${name}: not a field of ${courier.displayName} labels`);
    if (raw === null || raw === undefined || raw === "") continue; // empty values are omitted
    const field = name as ManualFieldName;
    if (field === "declaredValue") {
      const pence = poundsToPence(raw);
      if (pence === null) throw fieldError(field, DECLARED_VALUE_RULE);
      values[field] = pence;
      continue;
    }
    const { schema, rule } = FIELD_SCHEMAS[MANUAL_FIELD_TYPES[field]];
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw fieldError(field, rule);
    values[field] = parsed.data;
  }
  for (const name of courier.manual.required) {
    if (values[name] === undefined) throw badRequest(`Missing required field: ${MANUAL_FIELD_LABELS[name]}`);
  }

  const postcode = values.recipientPostcode as string | undefined;
  if (postcode !== undefined && !isUkPostcode(postcode)) throw badRequest("Recipient postcode must be a UK postcode.");
  const fromText = values.fromAddress as string | undefined;
  const fromAddress = fromText ? parseFreeTextAddress(fromText) : null;
  if (fromAddress && !fromAddress.name) throw new ApiError(400, "From address needs a name on its first line.");

  const shippedAt = values.shippedAt ? new Date(values.shippedAt as string).toISOString() : null;
  return {
    courier: courier.id,
    trackingCode,
    countryCode: "GB",
    address: postcode ? { name: "", address: [], postcode: normalisePostcode(postcode), countryCode: "GB" } : null,
    fromAddress,
    dimensionsCm: (values.dimensionsCm as [number, number, number] | undefined) ?? null,
    weightInGrams: (values.weightInGrams as number | undefined) ?? null,
    shippingLabelCreatedAt: shippedAt,
    date: shippedAt,
    deliveredAt: values.deliveredAt ? new Date(values.deliveredAt as string).toISOString() : null,
    declaredValuePence: (values.declaredValue as number | undefined) ?? null,
  };
}
