import { z } from "zod";

/**
 * A parcel's declared value: what its contents are worth, the figure a loss claim is made for.
 * Entered and shown in pounds (at most 100,000, whole pence); stored in the label's details as
 * whole pence (declaredValuePence) so no sum drifts through floating point.
 */
const DECLARED_VALUE_MAX_POUNDS = 100_000;
export const DECLARED_VALUE_RULE = `must be an amount in pounds from 0 to ${DECLARED_VALUE_MAX_POUNDS.toLocaleString("en-GB")}, with at most two decimals`;

/** Pounds with at most two decimals ('12.5', 12.49): whole pence, or null when it is not such an amount. */
export function poundsToPence(value: unknown): number | null {
  const n = typeof value === "string" && /^\s*\d+(\.\d{1,2})?\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0 || n > DECLARED_VALUE_MAX_POUNDS) return null;
  const pence = Math.round(n * 100);
  // 12.345 is not whole pence; the tolerance absorbs binary fractions such as 0.29 * 100.
  if (Math.abs(n * 100 - pence) > 1e-6) return null;
  return pence;
}

/** The corrections' field: pounds, or null to clear it. */
export const declaredValueInput = z
  .number({ message: `declaredValue ${DECLARED_VALUE_RULE}` })
  .refine((v) => poundsToPence(v) !== null, `declaredValue ${DECLARED_VALUE_RULE}`)
  .nullable()
  .optional();
