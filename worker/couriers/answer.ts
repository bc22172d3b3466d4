import { z } from "zod";
import { MANUAL_FIELD_TYPES, type ManualFieldName, type ManualFieldType } from "./fields";

const manualFieldName = z.enum(Object.keys(MANUAL_FIELD_TYPES) as [ManualFieldName, ...ManualFieldName[]]);
const manualFieldType = z.enum(["integer", "number", "number[3]", "boolean", "datetime", "string[]", "string"] satisfies ManualFieldType[]);
/** One courier as GET /couriers answers it: what the screens show of it, and its manual form. */
export const courierAnswer = z.object({
  id: z.string(),
  label: z.string(),
  displayName: z.string(),
  trackingPlaceholder: z.string(),
  noEvents: z.object({ card: z.string(), detail: z.string() }),
  printing: z.discriminatedUnion("supported", [z.object({ supported: z.literal(true) }), z.object({ supported: z.literal(false), disabledTitle: z.string() })]),
  sendParcel: z.object({ url: z.string(), text: z.string() }).nullable(),
  required: z.partialRecord(manualFieldName, manualFieldType),
  optional: z.partialRecord(manualFieldName, manualFieldType),
  fieldLabels: z.partialRecord(manualFieldName, z.string()),
});
export type ApiCourier = z.infer<typeof courierAnswer>;
