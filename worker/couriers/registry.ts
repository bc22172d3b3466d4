import { courierKey } from "../labels/filters";
import { isValidEvriCode, normaliseEvriCode } from "./evri/code";
import { evriManualFields } from "./evri/manual";
import { MANUAL_FIELD_LABELS, MANUAL_FIELD_TYPES, type ApiCourier, type ManualFieldName, type ManualFieldSet } from "./fields";
import { isValidRoyalMailCode, normaliseRoyalMailCode } from "./royalmail/code";
import { royalMailManualFields } from "./royalmail/manual";

/**
 * The one courier registry: the API (GET /couriers, manual creation, imports) and the UI (manual
 * form, placeholders) read it. Add a courier here and it appears everywhere.
 */
export interface Courier {
  id: "evri" | "royalmail";
  /** The id shown and accepted on the wire: 'evri', 'royalmail'. */
  label: string;
  normaliseCode: (input: string) => string;
  isValidCode: (code: string) => boolean;
  /** Why a code was refused, in words a sender understands. */
  codeRule: string;
  manual: ManualFieldSet;
}

export const COURIERS: readonly Courier[] = [
  {
    id: "evri",
    label: "evri",
    normaliseCode: normaliseEvriCode,
    isValidCode: isValidEvriCode,
    codeRule: "Evri tracking codes are 16 characters, like H04AQA0004726589, with a valid check digit",
    manual: evriManualFields,
  },
  {
    id: "royalmail",
    label: "royalmail",
    normaliseCode: normaliseRoyalMailCode,
    isValidCode: isValidRoyalMailCode,
    codeRule: "Royal Mail tracking codes look like AA123456789GB, with a valid check digit",
    manual: royalMailManualFields,
  },
];

/** Finds a courier ignoring case, spaces, underscores and hyphens ('Royal Mail' -> royalmail). */
export function findCourier(name: string): Courier | undefined {
  const key = courierKey(name);
  return COURIERS.find((c) => c.id === key || courierKey(c.label) === key);
}

/** Uppercase, no spaces/dashes/dots: how tracking codes are stored and looked up. */
export function normaliseTrackingCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-.]/g, "");
}

const typed = (names: ManualFieldName[]) => Object.fromEntries(names.map((n) => [n, MANUAL_FIELD_TYPES[n]]));

export function courierList(): ApiCourier[] {
  return COURIERS.map((c) => ({
    id: c.id,
    label: c.label,
    required: typed(c.manual.required),
    optional: typed(c.manual.optional),
    fieldLabels: Object.fromEntries([...c.manual.required, ...c.manual.optional].map((n) => [n, MANUAL_FIELD_LABELS[n]])),
  }));
}
