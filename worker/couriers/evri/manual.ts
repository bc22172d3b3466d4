import type { ManualFieldSet } from "../fields";

/** Evri manual labels: the recipient postcode routes the parcel; the rest is optional detail. */
export const evriManualFields: ManualFieldSet = {
  required: ["recipientPostcode"],
  optional: ["shippedAt", "deliveredAt", "weightInGrams", "dimensionsCm", "declaredValue"],
};
