/**
 * Manual-label fields: each courier lists which of these it
 * requires and which it accepts. The API serves the types; the UI renders its form from them.
 */
export type ManualFieldType = "integer" | "number" | "number[3]" | "boolean" | "datetime" | "string[]" | "string";

export type ManualFieldName =
  | "shippedAt"
  | "deliveredAt"
  | "weightInGrams"
  | "dimensionsCm"
  | "recipientPostcode"
  | "fromAddress"
  | "declaredValue";

export const MANUAL_FIELD_TYPES: Record<ManualFieldName, ManualFieldType> = {
  shippedAt: "datetime",
  deliveredAt: "datetime",
  weightInGrams: "integer",
  dimensionsCm: "number[3]",
  recipientPostcode: "string",
  fromAddress: "string",
  declaredValue: "number",
};

/** How a field is named on screen ('Missing required field: {field label}'). */
export const MANUAL_FIELD_LABELS: Record<ManualFieldName, string> = {
  shippedAt: "Shipped at",
  deliveredAt: "Delivered at",
  weightInGrams: "Weight (g)",
  dimensionsCm: "Dimensions (cm)",
  recipientPostcode: "Recipient postcode",
  fromAddress: "From address",
  declaredValue: "Declared value (£)",
};

export interface ManualFieldSet {
  required: ManualFieldName[];
  optional: ManualFieldName[];
}
