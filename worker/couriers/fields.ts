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
  | "fromAddress";

export const MANUAL_FIELD_TYPES: Record<ManualFieldName, ManualFieldType> = {
  shippedAt: "datetime",
  deliveredAt: "datetime",
  weightInGrams: "integer",
  dimensionsCm: "number[3]",
  recipientPostcode: "string",
  fromAddress: "string",
};

/** How a field is named on screen ('Missing required field: {field label}'). */
export const MANUAL_FIELD_LABELS: Record<ManualFieldName, string> = {
  shippedAt: "Shipped at",
  deliveredAt: "Delivered at",
  weightInGrams: "Weight (g)",
  dimensionsCm: "Dimensions (cm)",
  recipientPostcode: "Recipient postcode",
  fromAddress: "From address",
};

export interface ManualFieldSet {
  required: ManualFieldName[];
  optional: ManualFieldName[];
}

/** A courier as GET /api/v1/couriers answers it (plus the on-screen field names). Pure types: the web app imports them. */
export interface ApiCourier {
  id: string;
  label: string;
  required: Partial<Record<ManualFieldName, ManualFieldType>>;
  optional: Partial<Record<ManualFieldName, ManualFieldType>>;
  fieldLabels: Partial<Record<ManualFieldName, string>>;
}
