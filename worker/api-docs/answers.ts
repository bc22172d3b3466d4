/**
 * What each API call answers: its success status and body schema, and every error status it can
 * give. The OpenAPI document (openapi.ts) is built from this table, and the worker tests check
 * every answer they receive against it (test/worker/api-contract.ts): a status that is not listed,
 * or a body that does not match, fails the test that caused it. Statuses every call of a kind can
 * give are added in openapi.ts: 400 (a body, query or path that does not validate, malformed
 * JSON), 413 (a body over the limit), 401 and 403 (signed out; an API key on an account-only call;
 * a non-admin on an admin call), 429 (an API key over its rate).
 */
import { z, type ZodType } from "zod";
import { profileForm, profileJson } from "../accounts/profile-input";
import { checkoutOutcomeSchema, purchasePricesSchema } from "../billing/model";
import { creditHistorySchema } from "../credits/model";
import { analyticsSummarySchema, analyticsTimeseriesSchema, buyerAnalyticsSchema, deliveryAnalyticsSchema } from "../analytics/model";
import { claimPackSchema } from "../claims/claim-pack-model";
import { LABEL_OUTCOMES, labelDeadlinesSchema, needsActionSchema } from "../../shared/claims";
import { PARCEL_STATUSES } from "../../shared/list-options";
import { courierAnswer } from "../couriers/answer";
import { LEFT_OUT_HEADER, LEFT_OUT_REASONS, LEFT_OUT_REASONS_HEADER, PRINTED_HEADER } from "../../shared/left-out";
import { BUYER_MOMENTS } from "../../shared/buyer-mail";
import { accountClosedSchema, deletedListSchema, labelJobSchema, labelsDeletedSchema, purgedSchema, restoredSchema } from "../privacy/model";
import { connectedAnswer, connectStartAnswer, labelOrderAnswer, marketplacesAnswer, ordersAnswer } from "../marketplaces/model";
import { dataExportAnswer } from "../privacy/export-model";
import { retentionAnswer } from "../privacy/retention-model";
import { webhookCreatedSchema, webhookDeliveriesSchema, webhookEndpointSchema, webhookListSchema, webhookTestSchema } from "../webhooks/model";

export interface RouteAnswers {
  status: 200 | 201 | 202 | 204;
  /** A second success status with the same body (manual create: 200 when the code already existed; a byte range: 206). */
  also?: 200 | 206;
  /** The success body (JSON); absent for 204 and file downloads. */
  body?: ZodType;
  /** A file answer (download, banner image): its media type. */
  file?: string;
  /** When the call answers 204 with nothing instead (no banner): what that means. */
  noContent?: string;
  /**
   * The request body of a call that reads it itself rather than through validate() (which documents its own):
   * each media type it takes with its schema, or "none" for a POST/PUT/PATCH that reads no body.
   */
  request?: RequestBody | "none";
  /** Headers of the success answer that say something of it, with what they say. */
  headers?: Record<string, string>;
  /** Error statuses of this call beyond the common ones. */
  errors: number[];
}

interface RequestBody {
  content: Record<string, ZodType>;
  /** False when the body may be left out. */
  required?: boolean;
  description?: string;
}

const message = z.object({ message: z.string() });
const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
const address = z.object({ name: z.string(), address: z.array(z.string()), postcode: z.string(), countryCode: z.string() }).loose();

const publicUser = z.object({
  id: z.number().int(),
  email: z.string(),
  email_verified: z.boolean(),
  credits: z.number().int(),
  developer_api_key: z.string().nullable(),
  company_name: z.string().nullable(),
  company_tagline: z.string().nullable(),
  brand_color: z.string().nullable().describe("The brand colour (#rrggbb) of the buyer's tracking page and mails; null: the product's own"),
  buyer_mail_moments: z.array(z.enum(BUYER_MOMENTS)).describe("The moments buyers with an e-mail on their label are mailed at; [] is none"),
  marketing_consent: z.boolean(),
  is_admin: z.boolean(),
  subscription_status: z.string().nullable(),
});

/** The answer types the web app reads, inferred from the same schemas (types only on the web side). */
export type CurrentUser = z.infer<typeof publicUser>;
export type TokenPair = z.infer<typeof tokenPair>;

/** One label as GET /label/{id} answers it (shared/label.ts ApiLabel). */
export const apiLabelSchema = z
  .object({
    id: z.string(),
    trackingCode: z.string(),
    courier: z.string(),
    notes: z.string(),
    tags: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
    downloadUrl: z.string().nullable(),
    file: z.object({ name: z.string(), mime: z.string(), hasBytes: z.boolean() }).nullable(),
    lostStatus: z.object({ potentiallyLost: z.boolean(), potentiallyLostAt: z.string().nullable(), lostEmailSentAt: z.string().nullable(), reason: z.string().nullable() }),
    tracking: z.object({ status: z.string().nullable(), checkedAt: z.string().nullable(), error: z.string().nullable() }),
    deadlines: labelDeadlinesSchema.nullable(),
    outcome: z.enum(LABEL_OUTCOMES).nullable(),
    status: z.enum(PARCEL_STATUSES).describe("Where the parcel is: the labels list's status filter reads the same value"),
    trackingPageUrl: z.url().nullable().describe("The buyer's tracking page (absolute); null until shared with POST /label/{id}/tracking-page"),
    trackingPageViews: z.number().int().min(0).describe("How often buyers opened the page (link previews and crawlers not counted)"),
    trackingPageViewedAt: z.string().nullable().describe("When a buyer last opened it"),
    buyerEmail: z.string().nullable().describe("The buyer's e-mail for the tracking mails: whole on GET /label/{id}, masked (j•••@example.com) in lists and webhooks"),
    buyerNotifications: z.boolean().describe("This label's buyer mails are on (at the moments switched on in Settings)"),
    ocrStatus: z.enum(["none", "pending", "done", "failed"]),
    orderQuestion: z.boolean().describe("It asks which of your marketplace orders it is for (GET /label/{id}/order has the question)"),
    data: z.array(
      z
        .object({
          courier: z.string(),
          trackingCode: z.string(),
          countryCode: z.string(),
          address: address.nullish(),
          fromAddress: address.nullish(),
          returnAddress: address.nullish(),
          serviceCode: z.string().nullish().describe("The service's code as the label's barcode carries it ('TPN01')"),
          serviceName: z.string().nullable().describe("The courier's name for serviceCode ('Tracked 24'); null when it has none"),
          fieldSources: z.record(z.string(), z.enum(["barcode", "text", "ocr", "user"])).nullish(),
        })
        .loose(),
    ),
    labelSettings: z.object({ banner_image_url: z.string().nullable(), company_name: z.string().nullable(), company_tagline: z.string().nullable() }),
  })
  .loose();

/** The mails sent to a label's buyer (worker/buyer-mail/). */
const buyerMailsSchema = z.object({
  mails: z.array(
    z.object({
      kind: z.enum([...BUYER_MOMENTS, "link"]).describe("The moment it was sent at, or 'link' for 'Send to buyer'"),
      status: z.enum(["sending", "sent", "capped"]).describe("'capped': not sent, the day's cap was reached"),
      at: z.string(),
    }),
  ),
});
export type BuyerMails = z.infer<typeof buyerMailsSchema>;

const adminUser = z.object({ id: z.number().int(), email: z.string(), credits: z.number().int() }).loose();
const mailItem = z.object({ key: z.string() }).loose();
const csvImportRow = z.object({
  line: z.number().int(),
  trackingCode: z.string(),
  courier: z.string(),
  status: z.enum(["new", "update", "error"]),
  errors: z.array(z.string()),
});
const csvImportCounts = {
  rows: z.array(csvImportRow),
  total: z.number().int(),
  new: z.number().int(),
  update: z.number().int(),
  error: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
};
/** POST /labels/import/preview: what the import would do, row by row, and what it would cost (nothing is charged). */
const csvImportPreview = z.object(csvImportCounts);
export type CsvImportPreview = z.infer<typeof csvImportPreview>;
const csvImportResult = z.object({ ...csvImportCounts, imported: z.number().int() });
export type CsvImportResult = z.infer<typeof csvImportResult>;
const checkout = z.object({ checkout_url: z.string() });
const sent = z.object({ ok: z.literal(true) }).loose();
/** The user's private label import address (labels+<token>@<domain>). */
const importAddress = z.object({ address: z.string() });
/** The CSV import's body: the file itself, or a form carrying it. */
const csvImportRequest: RequestBody = {
  content: {
    "text/csv": z.string().describe("UTF-8 CSV (a BOM, CRLF, quoted fields and ';' separators are read), at most 1 MB and 1,000 rows"),
    "multipart/form-data": z.object({ file: z.instanceof(File).describe("The CSV file") }),
  },
  description: "The columns of GET /api/v1/labels/import/template.csv.",
};

export const ROUTE_ANSWERS: Record<string, RouteAnswers> = {
  "GET /api/health": { status: 200, body: z.object({ ok: z.literal(true) }), errors: [] },
  "GET /api/v1/openapi.json": { status: 200, body: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }).loose(), errors: [] },
  "GET /api/docs": { status: 200, file: "text/html", errors: [] },

  "POST /api/v1/signup": { status: 201, body: message, errors: [409, 429] },
  "POST /api/v1/login": { status: 200, body: tokenPair, errors: [401, 429] },
  // The refresh token is the bearer: neither call reads a body.
  "POST /api/v1/refresh": { status: 200, body: tokenPair, request: "none", errors: [401] },
  "POST /api/v1/logout": { status: 204, request: "none", errors: [401] },
  "GET /api/v1/user": { status: 200, body: publicUser, errors: [] },
  "POST /api/v1/resend-verification": { status: 200, body: message, errors: [429] },
  "POST /api/v1/verify-email": { status: 200, body: message, errors: [] },
  "POST /api/v1/password-reset/request": { status: 200, body: message, errors: [429] },
  "GET /api/v1/password-reset/validate": { status: 200, body: z.object({ valid: z.boolean(), reason: z.string().optional() }), errors: [] },
  "POST /api/v1/password-reset/confirm": { status: 200, body: message, errors: [] },

  "PUT /api/v1/user/profile": {
    status: 200,
    body: publicUser.extend({ has_banner: z.boolean() }),
    request: {
      content: { "application/json": profileJson, "multipart/form-data": profileForm },
      description: "JSON to change the branding text, remove the banner or set marketing consent; a multipart form to upload a new banner (PNG, JPEG or WEBP, at most 5 MB) with the branding text. Empty text clears a field.",
    },
    errors: [404, 415],
  },
  "GET /api/v1/user/banner": { status: 200, file: "image/*", noContent: "The account has no banner image", errors: [] },
  "POST /api/v1/generate-developer-key": {
    status: 200,
    body: z.object({ developer_api_key: z.string(), developer_api_key_masked: z.string() }),
    request: { content: { "application/json": z.object({}).strict() }, required: false, description: "An empty object: the call reads nothing from it." },
    errors: [],
  },
  "GET /api/v1/user/import-address": { status: 200, body: importAddress, errors: [] },
  "POST /api/v1/user/import-address/regenerate": { status: 200, body: importAddress, request: "none", errors: [] },

  "GET /api/v1/couriers": { status: 200, body: z.array(courierAnswer), errors: [] },
  "POST /api/v1/label/manual": { status: 201, also: 200, body: z.object({ trackingCode: z.string(), id: z.string(), created: z.boolean() }), errors: [402, 409] },
  "GET /api/v1/labels": { status: 200, body: z.object({ results: z.array(apiLabelSchema), total: z.number().int() }).loose(), errors: [] },
  "GET /api/v1/labels/export.csv": { status: 200, file: "text/csv", errors: [] },
  "GET /api/v1/labels/import/template.csv": { status: 200, file: "text/csv", errors: [] },
  "POST /api/v1/labels/import/preview": { status: 200, body: csvImportPreview, request: csvImportRequest, errors: [415] },
  "POST /api/v1/labels/import": { status: 200, body: csvImportResult, request: csvImportRequest, errors: [402, 409, 415] },
  "GET /api/v1/label/:id": { status: 200, body: apiLabelSchema, errors: [404] },
  "PUT /api/v1/label/:id": { status: 200, body: apiLabelSchema, errors: [404] },
  "PATCH /api/v1/label/:id/details": { status: 200, body: apiLabelSchema, errors: [404] },
  "POST /api/v1/label/:id/outcome": { status: 200, body: apiLabelSchema, errors: [404] },
  "DELETE /api/v1/label/:id": { status: 200, body: labelsDeletedSchema, errors: [404] },
  "POST /api/v1/labels/delete": { status: 200, body: labelsDeletedSchema, errors: [404] },
  "GET /api/v1/labels/deleted": { status: 200, body: deletedListSchema, errors: [] },
  "POST /api/v1/labels/deleted/restore": { status: 200, body: restoredSchema, errors: [404] },
  "POST /api/v1/labels/deleted/purge": { status: 200, body: purgedSchema, errors: [404] },
  "GET /api/v1/labels/jobs/:id": { status: 200, body: labelJobSchema, errors: [404] },
  "POST /api/v1/user/close": { status: 200, body: accountClosedSchema, errors: [409, 429, 502, 503] },
  "POST /api/v1/admin/users/:id/close": { status: 200, body: accountClosedSchema, errors: [404, 409, 502, 503] },
  "GET /api/v1/labels/needs-action": { status: 200, body: needsActionSchema, errors: [] },
  "GET /api/v1/label/:id/download": { status: 200, file: "application/octet-stream", errors: [404] },
  // One merged file of many labels (application/pdf, or text/plain ZPL); the labels left out are named in headers,
  // and a 400 names them all when none can be printed.
  "POST /api/v1/labels/print": {
    status: 200,
    file: "application/pdf",
    headers: {
      [PRINTED_HEADER]: "How many labels the file holds.",
      [LEFT_OUT_HEADER]: "How many of the labels asked for were left out (0 when none).",
      [LEFT_OUT_REASONS_HEADER]: `Only when some were left out: their tracking codes by reason, as JSON, e.g. {"no_recipient_address":["H04AQA0004726589"]}. Reasons: ${Object.entries(
        LEFT_OUT_REASONS,
      )
        .map(([reason, text]) => `${reason} (${text})`)
        .join(", ")}. At most 8 KB: hundreds of long codes are not all named (${LEFT_OUT_HEADER} counts them all).`,
    },
    errors: [404],
  },
  "POST /api/v1/label/:id/tracking-page": { status: 201, also: 200, body: apiLabelSchema, request: "none", errors: [404] },
  "DELETE /api/v1/label/:id/tracking-page": { status: 200, body: apiLabelSchema, errors: [404] },
  "GET /api/v1/label/:id/buyer-mails": { status: 200, body: buyerMailsSchema, errors: [404] },
  "POST /api/v1/label/:id/send-to-buyer": { status: 200, body: buyerMailsSchema, request: "none", errors: [404, 409, 429] },
  "GET /api/v1/label/:id/claim-pack": { status: 200, body: claimPackSchema, errors: [404] },
  "GET /api/v1/label/:id/claim-pack.pdf": { status: 200, file: "application/pdf", errors: [404] },
  "POST /api/v1/label": {
    status: 200,
    body: z.array(apiLabelSchema.extend({ created: z.boolean().describe("New for the caller (1 credit); false: already in their labels, updated for free") })),
    errors: [402, 409, 413, 415, 422],
  },
  "POST /api/v1/label/:id/refresh-tracking": {
    status: 200,
    request: "none",
    body: z.object({ tracking: z.object({ status: z.string().nullable() }).loose(), events: z.number().int(), lostStatus: z.object({ potentiallyLost: z.boolean() }).loose() }),
    errors: [404, 409, 429, 502],
  },

  "GET /api/v1/labels/analytics/summary": { status: 200, body: analyticsSummarySchema, errors: [] },
  "GET /api/v1/labels/analytics/timeseries": { status: 200, body: analyticsTimeseriesSchema, errors: [] },
  "GET /api/v1/labels/analytics/delivery": { status: 200, body: deliveryAnalyticsSchema, errors: [] },
  "GET /api/v1/labels/analytics/buyers": { status: 200, body: buyerAnalyticsSchema, errors: [] },

  "GET /api/v1/billing/prices": { status: 200, body: purchasePricesSchema, errors: [] },
  "GET /api/v1/billing/checkout-sessions/:id": { status: 200, body: checkoutOutcomeSchema, errors: [404, 502, 503] },
  "GET /api/v1/credits/history": { status: 200, body: creditHistorySchema, errors: [] },
  "POST /api/v1/create-checkout-session": { status: 200, body: checkout, errors: [409, 502, 503] },
  "POST /api/v1/billing-portal": { status: 200, body: z.object({ url: z.string() }), request: "none", errors: [409, 502, 503] },
  "POST /api/v1/stripe/webhook": {
    status: 200,
    body: z.object({ received: z.literal(true), outcome: z.unknown() }),
    request: {
      content: { "application/json": z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.unknown() }) }).loose() },
      description: "A Stripe event, signed by Stripe in the Stripe-Signature header (checked against STRIPE_WEBHOOK_SECRET).",
    },
    errors: [409, 503],
  },

  "GET /api/v1/admin/users": { status: 200, body: z.object({ results: z.array(adminUser), total: z.number().int() }).loose(), errors: [] },
  "GET /api/v1/admin/marketing-list": { status: 200, body: z.object({ emails: z.array(z.string()), count: z.number().int() }), errors: [] },
  "POST /api/v1/admin/grant-credits": { status: 200, body: z.object({ granted: z.number().int(), user: adminUser }), errors: [404] },
  "GET /api/v1/admin/mail": { status: 200, body: z.object({ results: z.array(mailItem), mailbox: z.string() }).loose(), errors: [] },
  "GET /api/v1/admin/mail/view": { status: 200, body: z.object({ key: z.string() }).loose(), errors: [404] },
  "GET /api/v1/admin/mail/raw": { status: 200, file: "message/rfc822", errors: [404] },
  "GET /api/v1/admin/mail/attachment": { status: 200, file: "application/octet-stream", errors: [404] },
  "POST /api/v1/admin/mail/send": { status: 201, body: sent, errors: [502] },
  "POST /api/v1/admin/mail/reply": { status: 201, body: sent, errors: [404, 502] },

  "POST /api/v1/user/export": { status: 202, body: dataExportAnswer, request: "none", errors: [429] },
  "GET /api/v1/user/export": { status: 200, body: dataExportAnswer, errors: [] },
  "DELETE /api/v1/user/export": { status: 204, errors: [404] },
  "GET /api/v1/user/export/download": { status: 200, also: 206, file: "application/zip", errors: [404, 416] },
  "GET /api/v1/user/retention": { status: 200, body: retentionAnswer, errors: [] },
  "PUT /api/v1/user/retention": { status: 200, body: retentionAnswer, errors: [] },

  "GET /api/v1/marketplaces": { status: 200, body: marketplacesAnswer, errors: [] },
  "POST /api/v1/marketplaces/:marketplace/connect": { status: 200, body: connectStartAnswer, errors: [503] },
  "POST /api/v1/marketplaces/:marketplace/connected": { status: 200, body: connectedAnswer, errors: [409, 502, 503] },
  "DELETE /api/v1/marketplaces/connections/:id": { status: 204, errors: [404] },
  "GET /api/v1/marketplaces/orders": { status: 200, body: ordersAnswer, errors: [] },
  "GET /api/v1/label/:id/order": { status: 200, body: labelOrderAnswer, errors: [404] },
  "PUT /api/v1/label/:id/order": { status: 200, body: labelOrderAnswer, errors: [404, 409] },
  "DELETE /api/v1/label/:id/order": { status: 200, body: labelOrderAnswer, errors: [404] },
  "POST /api/v1/label/:id/order/retry": { status: 200, body: labelOrderAnswer, request: "none", errors: [404, 409] },
  "GET /api/v1/marketplaces/ebay/account-deletion": { status: 200, body: z.object({ challengeResponse: z.string() }), errors: [503] },
  "POST /api/v1/marketplaces/ebay/account-deletion": {
    status: 204,
    request: { content: { "application/json": z.object({ metadata: z.object({ topic: z.string() }).loose(), notification: z.object({}).loose() }) }, description: "eBay's MARKETPLACE_ACCOUNT_DELETION notification, signed in X-EBAY-SIGNATURE." },
    errors: [412],
  },
  "POST /api/v1/marketplaces/shopify/webhooks": {
    status: 200,
    body: z.object({ received: z.literal(true) }),
    request: { content: { "application/json": z.object({}).loose() }, description: "A Shopify webhook, signed in X-Shopify-Hmac-Sha256 with the app's secret (SHOPIFY_CLIENT_SECRET); its topic in X-Shopify-Topic." },
    errors: [401],
  },
  "GET /api/v1/webhooks": { status: 200, body: webhookListSchema, errors: [] },
  "POST /api/v1/webhooks": { status: 201, body: webhookCreatedSchema, errors: [409] },
  "PATCH /api/v1/webhooks/:id": { status: 200, body: webhookEndpointSchema, errors: [404] },
  "DELETE /api/v1/webhooks/:id": { status: 204, errors: [404] },
  "GET /api/v1/webhooks/:id/deliveries": { status: 200, body: webhookDeliveriesSchema, errors: [404] },
  "POST /api/v1/webhooks/:id/test": { status: 200, body: webhookTestSchema, request: "none", errors: [404] },
};
