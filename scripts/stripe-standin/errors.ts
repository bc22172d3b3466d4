/**
 * Stripe's error envelope: `{ error: { type, code?, message, param?, doc_url?, request_log_url } }` with the HTTP
 * status Stripe gives it (400 bad parameters, 401 bad key, 402 declined card, 404 unknown object or URL, 409
 * conflicting idempotent request, 429 too many requests, 500 Stripe's own failure).
 */
export type StripeErrorType = "invalid_request_error" | "api_error" | "card_error" | "idempotency_error" | "rate_limit_error";

export class StripeError extends Error {
  status: number;
  type: StripeErrorType;
  code: string | undefined;
  param: string | undefined;
  constructor(status: number, type: StripeErrorType, message: string, extra: { code?: string; param?: string } = {}) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = extra.code;
    this.param = extra.param;
  }

  body(requestId: string) {
    return {
      error: {
        ...(this.code ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code.replaceAll("_", "-")}` } : {}),
        message: this.message,
        ...(this.param ? { param: this.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
        type: this.type,
      },
    };
  }
}

const NAMES: Record<string, string> = {
  cus: "customer",
  cs: "checkout.session",
  sub: "subscription",
  in: "invoice",
  price: "price",
  prod: "product",
  evt: "event",
  bps: "billing_portal.session",
};

/** 404 `No such customer: 'cus_…'`, as Stripe answers an id it does not hold. */
export function noSuch(kind: keyof typeof NAMES, id: string, param = "id"): StripeError {
  return new StripeError(param === "id" ? 404 : 400, "invalid_request_error", `No such ${NAMES[kind]}: '${id}'`, { code: "resource_missing", param });
}

export const missingParam = (param: string) => new StripeError(400, "invalid_request_error", `Missing required param: ${param}.`, { code: "parameter_missing", param });

export const invalidParam = (param: string, message: string) => new StripeError(400, "invalid_request_error", message, { code: "parameter_invalid", param });
