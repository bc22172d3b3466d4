import type { ZodType } from "zod";

/**
 * Example values for the API reference, made from the JSON schemas the document is built from (the zod schemas that
 * validate requests and describe answers), so every call, a new one too, shows an example request and answer that
 * its own schema accepts (validExample checks it; test/worker/api-docs.test.ts holds every call to it). A schema's own
 * `examples`, `default`, `const` or first `enum` value wins; otherwise the property's name says what a realistic value
 * is, in the call's context (a mail's `from` is an address, a filter's a day).
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxLength?: number;
  description?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

const EVRI_CODE = "H04AQA0004726589";
const WHEN = "2026-11-17T09:30:00.000Z";

/** Realistic values by property name (the product's own words: docs/). */
const BY_NAME: Record<string, unknown> = {
  email: "seller@example.com",
  password: "correct horse battery",
  new_password: "correct horse battery staple",
  token: "Yq3k9XbT2mWd7RfP1sLc8NvA",
  access_token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl",
  refresh_token: "rt_8Jd2kQ9mXw4Lp7Vb3Nc6Ts1",
  developer_api_key: "phk_5f2b9c…d41e",
  trackingCode: EVRI_CODE,
  trackingCodes: [EVRI_CODE],
  courier: "evri",
  courierName: "Evri",
  carrier: "Evri",
  postcode: "LS1 4AP",
  recipientPostcode: "LS1 4AP",
  countryCode: "GB",
  name: "Jane Doe",
  address: ["12 Long Street", "Leeds"],
  company_name: "Yew Tree Teas",
  company_tagline: "Loose leaf since 1998",
  brand_color: "#0f766e",
  notes: "Gift wrap please",
  tags: ["vip"],
  tag: "vip",
  buyerEmail: "jane.doe@example.com",
  url: "https://example.com/parcelhive-webhook",
  secret: "whsec_3b7c…9f2a",
  secretHint: "whsec_3b7c…",
  checkout_url: "https://checkout.stripe.com/c/pay/cs_test_a1…",
  downloadUrl: "/api/v1/label/lbl_3f9c2a7d1e0b4c5a6d8e/download",
  message: "Done.",
  error: "Label not found",
  q: "jane",
  sku: "one_off_pack",
  mime: "application/pdf",
  filename: "label.pdf",
  subject: "Your parcel",
  text: "Hello",
  from: "2026-11-01",
  to: "2026-11-30",
  page: 1,
  per_page: 15,
  credits: 100,
  amount: 1500,
  weightInGrams: 750,
  total: 1,
};

/** Names that mean something else in the admin's mailbox calls. */
const IN_MAIL: Record<string, unknown> = {
  from: "support@parcelhive.test",
  to: "customer@example.com",
  cc: "accounts@example.com",
  bcc: "archive@example.com",
  key: "mail/in/1795600000000-3f9c2a7d1e0b4c5a.eml",
  html: "<p>Hello</p>",
};
const known = (name: string, context: string) => (/\/mail(\/|$)/.test(context) && name in IN_MAIL ? IN_MAIL[name] : BY_NAME[name]);

const idFor = (prefix: string) => `${prefix}_3f9c2a7d1e0b4c5a6d8e`;
/** Ids by what they name: a label's 'lbl_…', a webhook endpoint's 'whe_…'. */
function idExample(name: string, context: string): string | number | undefined {
  if (name === "id" || name === "labelId" || name.endsWith("Id") || name === "ids") {
    const prefix = /webhook/.test(context) ? "whe" : /job/.test(context) || name === "jobId" ? "job" : /event/i.test(name) ? "evt" : /export/.test(context) ? "exp" : "lbl";
    return idFor(prefix);
  }
  return undefined;
}

function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace(/^#\/\$defs\//, "");
  return root.$defs?.[name] ?? {};
}

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type);

function stringExample(s: JsonSchema, name: string, context: string): string {
  if (s.format === "date-time") return WHEN;
  if (s.format === "date" || s.pattern?.includes("\\d{4}-\\d{2}-\\d{2}")) return "2026-11-17";
  if (s.format === "email") return String(BY_NAME.email);
  if (s.format === "uri" || s.format === "url") return String(BY_NAME.url);
  if (s.format === "binary") return "(file)";
  if (s.pattern?.includes("[0-9a-fA-F]{6}")) return "#0f766e";
  const id = idExample(name, context);
  if (typeof id === "string") return id;
  const named = known(name, context);
  if (typeof named === "string") return s.maxLength ? named.slice(0, s.maxLength) : named;
  return s.maxLength && s.maxLength < 4 ? "x".repeat(s.maxLength) : "text";
}

function numberExample(s: JsonSchema, name: string, integer: boolean): number {
  const named = BY_NAME[name];
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined);
  let n = typeof named === "number" ? named : (low ?? 1);
  if (low !== undefined && n < low) n = low;
  if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
  return integer ? Math.round(n) : n;
}

/**
 * An example value of `schema`. `name` is the property it sits under; `context` the call's path (ids by what they
 * name). Objects show every property (an answer as it comes; a request with what it can carry).
 */
export function exampleOf(schema: JsonSchema, opts: { name?: string; context?: string; root?: JsonSchema; depth?: number } = {}): unknown {
  const root = opts.root ?? schema;
  const s = resolve(schema, root);
  const name = opts.name ?? "";
  const context = opts.context ?? "";
  const depth = opts.depth ?? 0;
  const next = (child: JsonSchema, childName = name) => exampleOf(child, { name: childName, context, root, depth: depth + 1 });
  if (s.examples?.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum.includes(known(name, context)) ? known(name, context) : s.enum[0];
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) return next(choices.find((c) => typeOf(resolve(c, root)) !== "null") ?? choices[0]);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((c) => next(c)));
  if (depth > 8) return null;
  switch (typeOf(s)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) out[key] = next(child, key);
      if (!s.properties && typeof s.additionalProperties === "object") {
        const key = s.propertyNames?.enum?.[0] ?? "key";
        out[String(key)] = next(s.additionalProperties);
      }
      return out;
    }
    case "array": {
      if (s.prefixItems) return s.prefixItems.map((c) => next(c));
      const named = known(name, context);
      if (Array.isArray(named) && s.items && typeOf(resolve(s.items, root)) === "string") return named;
      return s.items ? Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => next(s.items!, name.replace(/s$/, ""))) : [];
    }
    case "string":
      return stringExample(s, name, context);
    case "integer":
      return numberExample(s, name, true);
    case "number":
      return numberExample(s, name, false);
    case "boolean":
      return typeof BY_NAME[name] === "boolean" ? BY_NAME[name] : true;
    case "null":
      return null;
    default:
      return known(name, context) ?? null;
  }
}

/** A query's values as they are sent: text, a list comma-separated. */
export const asQuery = (value: unknown) =>
  Object.fromEntries(Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : String(v)]));

/**
 * An example `schema` accepts: every property first; when the schema refuses that (a body that takes one of `ids`
 * or `filters`, not both), its required properties alone, then with one optional property at a time. `query`: the
 * values are checked as text, as a query sends them.
 */
export function validExample(schema: ZodType, json: JsonSchema, context: string, opts: { query?: boolean } = {}): unknown {
  const full = exampleOf(json, { context });
  const accepts = (v: unknown) => schema.safeParse(opts.query ? asQuery(v) : v).success;
  if (accepts(full) || !full || typeof full !== "object" || Array.isArray(full)) return full;
  const record = full as Record<string, unknown>;
  const required = new Set(json.required ?? []);
  const base = Object.fromEntries(Object.entries(record).filter(([k]) => required.has(k)));
  const candidates = [base, ...Object.keys(record).filter((k) => !required.has(k)).map((k) => ({ ...base, [k]: record[k] }))];
  return candidates.find(accepts) ?? full;
}
