import type { ManualFieldSet } from "../fields";

/** Royal Mail manual labels also take the sender as a free-text address (parsed by couriers/address.ts). */
export const royalMailManualFields: ManualFieldSet = {
  required: ["recipientPostcode"],
  optional: ["shippedAt", "deliveredAt", "weightInGrams", "dimensionsCm", "fromAddress", "declaredValue"],
};
