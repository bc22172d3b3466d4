import { courierKey } from "../../shared/courier-key";
import { couriers } from "./registry";

/**
 * What a user is told when they name a courier that is not registered: its name as people write it ('dpd' ->
 * 'DPD is not supported'), and the couriers that are. Other UK carriers are named as they brand themselves; a name
 * we do not know at all is quoted as it was typed.
 */

const OTHER_UK_CARRIERS = ["DPD", "DHL", "UPS", "FedEx", "Parcelforce", "Yodel", "InPost", "Amazon Logistics", "TNT", "APC", "DX", "Collect+", "ParcelLink"];

const byKey = new Map(OTHER_UK_CARRIERS.map((name) => [courierKey(name), name]));

export function unsupportedCourierMessage(name: string): string {
  const typed = name.trim().slice(0, 40);
  const known = byKey.get(courierKey(typed)) ?? byKey.get(courierKey(typed.replace(/\b(uk|ltd|parcels?)\b/gi, "")));
  const supported = new Intl.ListFormat("en-GB", { type: "conjunction" }).format(couriers().map((c) => c.displayName));
  return `${known ?? `'${typed}'`} is not supported. Parcelhive reads and tracks ${supported} labels.`;
}
