/**
 * What a Royal Mail Tracking API v2 answer means, from its HTTP status, the `httpCode` inside the
 * body (a string in Royal Mail's guide, an integer in other clients' fixtures; an HTTP 200 can
 * carry httpCode 503) and the guide's error codes:
 *
 *   E1142 barcode not valid / not found           -> not found
 *   E1283 the service is not tracked              -> not tracked (stop asking)
 *   E1284 update only once delivery is attempted  -> no update yet (keep asking, later)
 *   E1308 update only once the item is in the network ('allow up to 3 working days') -> no update yet
 *   E1144 / E1145 proof of delivery not (yet) available: not about events -> not found here
 *   E1307 tracking temporarily unavailable, E0001 internal exception, E0009 internal server error,
 *         any 5xx                                 -> temporary outage (retry later, keep events)
 *   E0010, HTTP 429 rate limit                    -> temporary, wait (Retry-After) then retry
 *   E0004 schema validation failed, E0013 too many parameters, other 400s -> a request we built wrong
 *   HTTP 401/403 (client id not registered)      -> bad credentials
 *
 * Bodies that are not valid JSON (two of the guide's own examples miss a comma) are classified by
 * their HTTP status. Royal Mail asks clients not to show the technical details to consumers: the
 * messages here are the user-facing ones; the code goes to the logs and the error's `code`.
 */
import { CarrierError } from "../tracking-http";

const CARRIER = "Royal Mail";

export type RoyalMailProblem =
  | { kind: "not_found"; code: string | null }
  | { kind: "not_tracked"; code: string }
  | { kind: "no_update_yet"; code: string }
  | { kind: "error"; error: CarrierError };

const TEMPORARY_CODES = new Set(["E1307", "E0001", "E0009"]);
const RATE_LIMIT_CODES = new Set(["E0010"]);
const BAD_REQUEST_CODES = new Set(["E0004", "E0013"]);

interface ErrorBody {
  httpCode?: unknown;
  errors?: unknown;
}

/** The status an answer really carries: `httpCode` inside the body when present, else the HTTP status. */
export function effectiveStatus(httpStatus: number, body: unknown): number {
  const raw = (body as ErrorBody | undefined)?.httpCode;
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{3}$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 100 && n <= 599 ? n : httpStatus;
}

/** The error codes of a body, upper-cased ('E1142', ...). */
export function errorCodes(body: unknown): string[] {
  const errors = (body as ErrorBody | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .map((e) => (e && typeof e === "object" ? (e as { errorCode?: unknown }).errorCode : undefined))
    .filter((c): c is string => typeof c === "string" && c.trim() !== "")
    .map((c) => c.trim().toUpperCase());
}

export const temporarilyUnavailable = (code: string | null, httpStatus?: number) =>
  new CarrierError(
    "unavailable",
    `${CARRIER} tracking is temporarily unavailable. Earlier tracking events are kept; we will try again later.`,
    httpStatus,
    code ?? undefined,
  );

/**
 * The problem an answer reports, or null when it is a normal answer (status 2xx and no error
 * code). `retryAfterMs` is the Retry-After the answer asked for, when it did.
 */
export function royalMailProblem(httpStatus: number, body: unknown, retryAfterMs: number | null = null): RoyalMailProblem | null {
  const status = effectiveStatus(httpStatus, body);
  const codes = errorCodes(body);
  const has = (set: Set<string>) => codes.find((c) => set.has(c)) ?? null;
  if (status < 300 && codes.length === 0) return null;

  if (codes.includes("E1283")) return { kind: "not_tracked", code: "E1283" };
  const notYet = codes.find((c) => c === "E1284" || c === "E1308");
  if (notYet) return { kind: "no_update_yet", code: notYet };
  if (codes.includes("E1142") || codes.includes("E1144") || codes.includes("E1145")) {
    return { kind: "not_found", code: codes.find((c) => c.startsWith("E114")) ?? null };
  }
  const limited = has(RATE_LIMIT_CODES);
  if (limited || status === 429) {
    const error = new CarrierError("unavailable", `${CARRIER} is limiting requests. Earlier tracking events are kept; we will try again later.`, status, limited ?? undefined);
    error.retryAfterMs = retryAfterMs ?? 60_000;
    return { kind: "error", error };
  }
  const temporary = has(TEMPORARY_CODES);
  if (temporary || status >= 500) return { kind: "error", error: temporarilyUnavailable(temporary, status) };
  if (status === 401 || status === 403) {
    return {
      kind: "error",
      error: new CarrierError(
        "rejected",
        `${CARRIER} did not accept our API credentials (HTTP ${status}). An administrator must check ROYALMAIL_CLIENT_ID and ROYALMAIL_CLIENT_SECRET.`,
        status,
      ),
    };
  }
  if (status === 404) return { kind: "not_found", code: codes[0] ?? null };
  const badRequest = has(BAD_REQUEST_CODES);
  if (badRequest || status === 400 || status >= 400) {
    return {
      kind: "error",
      error: new CarrierError(
        "rejected",
        `${CARRIER} refused the tracking request as malformed${badRequest ? ` (${badRequest})` : ` (HTTP ${status})`}. This is a fault on our side, not the parcel's; it is logged for an administrator.`,
        status,
        badRequest ?? undefined,
      ),
    };
  }
  // A 2xx with an error code we do not know: not an answer we can use, and not a reason to stop.
  return { kind: "error", error: temporarilyUnavailable(codes[0] ?? null, status) };
}
