import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { seeded } from "../fixtures/random";
import app from "../../worker/app";
import { collectRoutes } from "../../worker/api-docs/openapi";
import { call, createUser } from "./helpers";

/**
 * No input reaches a 5xx: every route, called as an admin (so every check is passed but the input's), gets
 * hostile values in each field its validators name (query, JSON body, path). A 4xx with a JSON error is the
 * only acceptable refusal. Payments answer 503 'Payments are not configured' here (no Stripe keys in tests), and
 * eBay's account deletion endpoint 503 'eBay account deletion is not configured' (no verification token): that is
 * about the server, not the input, and is allowed on those routes only.
 *
 * Every value a route's validator lets through (it reaches the route's own code) is sent in every field, every run. A
 * value the validator refuses meets one refusal whatever the field (lib/validate.ts: the first issue, as `{ error }`,
 * 400), so a route gets each refused value once, in a field drawn at random, and each field at least one of its
 * refused values: 3,100 requests instead of 5,400. A fresh draw every run, printed; FUZZ_SEED=… replays it.
 */

const SEED = Number(env.FUZZ_SEED) || crypto.getRandomValues(new Uint32Array(1))[0];

// One value of each kind that has broken a parser somewhere: empty and blank; numbers negative, zero, fractional, not a
// number, past a double (1e309 reads as Infinity, so 'Infinity' itself adds nothing) and past a safe integer; LIKE's
// wildcards (a run of them) and the characters that end a quoted string or escape one (together in one value: a route
// that mishandles any of them mishandles the value holding them all); long and multi-byte
// text; NUL and a lone surrogate; a path, markup, a 150-item list and impossible dates; then every JSON type.
const HOSTILE_VALUES: unknown[] = [
  "", " ", "-1", "0", "NaN", "1e309", "99999999999999999999", "1.5", "%%%%%%%%%%%%%%%%%%%%%%%%%",
  "_\\'\"", "a".repeat(5000), "日本語の文字列".repeat(20), "\u0000", "\ud800", "../../etc", "<img src=x onerror=alert(1)>",
  Array.from({ length: 150 }, (_, i) => `t${i}`).join(","), "2026-02-30", "9999-99-99", null, true, -1, 0, 1.5, 1e308,
  Number.MAX_SAFE_INTEGER + 2, [], [null], {}, { a: 1 }, Array.from({ length: 150 }, (_, i) => `tag${i}`),
];
const NOT_CONFIGURED_ROUTES = new Set([
  "POST /api/v1/create-checkout-session",
  "POST /api/v1/billing-portal",
  "POST /api/v1/stripe/webhook",
  "GET /api/v1/marketplaces/ebay/account-deletion",
  "POST /api/v1/marketplaces/ebay/account-deletion",
]);

/** The field names of a validator's zod schema, through its transforms and pipes. */
function fieldsOf(schema: ZodType | undefined): string[] {
  for (let s: unknown = schema, depth = 0; s && depth < 6; depth++) {
    const shape = (s as { shape?: Record<string, unknown> }).shape;
    if (shape && typeof shape === "object") return Object.keys(shape);
    const def = (s as { _zod?: { def?: { in?: unknown; schema?: unknown; innerType?: unknown } } })._zod?.def;
    s = def?.in ?? def?.schema ?? def?.innerType;
  }
  return [];
}

/** A value as it goes in a URL; a lone surrogate cannot be UTF-8 encoded, so it goes as the bytes a client would send. */
function inUrl(v: unknown): string {
  try {
    return encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v));
  } catch {
    return "%ED%A0%80";
  }
}
/** Requests of a route in flight at once. */
const IN_FLIGHT = 8;
// Sent as they are: malformed percent-escapes and bytes that are not UTF-8.
const RAW_URL_VALUES = ["%", "%zz", "%FF", "%ED%A0%80", "%00"];

let adminPromise: ReturnType<typeof createUser> | undefined;
const admin = () => (adminPromise ??= createUser({ admin: true, credits: 50 }));

/** Whether the validator refuses this input (as zValidator parses it); one that cannot say here (async) lets it through. */
function refuses(schema: ZodType, input: unknown): boolean {
  try {
    return !schema.safeParse(input).success;
  } catch {
    return false;
  }
}

interface HostileRequest {
  path: string;
  json?: unknown;
  /** A value its field's validator refuses: which field, which value. */
  refused?: { field: string; value: string };
}

/** Of the refused requests, each value once (in a field drawn at random) and each field at least once. */
function refusalsToSend(refused: HostileRequest[], random: ReturnType<typeof seeded>): HostileRequest[] {
  const groups = (by: (q: HostileRequest) => string) => {
    const out = new Map<string, HostileRequest[]>();
    for (const q of refused) out.set(by(q), [...(out.get(by(q)) ?? []), q]);
    return [...out.values()];
  };
  const picked = new Set(groups((q) => q.refused!.value).map((qs) => random.pick(qs)));
  for (const qs of groups((q) => q.refused!.field)) if (!qs.some((q) => picked.has(q))) picked.add(random.pick(qs));
  return refused.filter((q) => picked.has(q));
}

describe(`hostile input never reaches a 5xx (FUZZ_SEED=${SEED})`, () => {
  const routes = collectRoutes(app);

  for (const [index, r] of routes.entries()) {
    it(`${r.method} ${r.path}`, async () => {
      const { token } = await admin();
      const key = `${r.method} ${r.path}`;
      // A stream of its own for each route: a route's draw does not depend on the routes before it.
      const random = seeded(SEED + index * 0x9e3779b9);
      const validators = r.metas.filter((m) => m.kind === "validate") as { target: string; schema: ZodType }[];
      const fields = (target: string) => validators.filter((v) => v.target === target).flatMap((v) => fieldsOf(v.schema).map((field) => ({ field, schema: v.schema })));
      const params = r.path.match(/:[A-Za-z0-9_]+/g) ?? [];
      const pathWith = (encoded: string) => params.reduce((p, name) => p.replace(name, encoded), r.path);
      const requests: HostileRequest[] = [];

      if (params.length) {
        for (const v of HOSTILE_VALUES.filter((v) => typeof v === "string" && v)) requests.push({ path: pathWith(inUrl(v)) });
        for (const raw of RAW_URL_VALUES) requests.push({ path: pathWith(raw) });
      }
      const base = pathWith("x1");
      // In a URL every value is text: the number -1 and the text '-1' are one request, sent once. The text as the
      // validator gets it, where it decodes (not the raw escapes, always sent).
      const texts = new Map<string, string | null>(RAW_URL_VALUES.map((raw) => [raw, null]));
      for (const v of HOSTILE_VALUES) {
        const text = inUrl(v);
        if (!texts.has(text)) texts.set(text, typeof v === "string" ? v : JSON.stringify(v));
      }
      for (const { field, schema } of fields("query")) {
        for (const [text, decoded] of texts) {
          const refused = decoded !== null && refuses(schema, { [field]: decoded });
          requests.push({ path: `${base}?${field}=${text}`, refused: refused ? { field, value: text } : undefined });
        }
      }
      if (r.method !== "GET") {
        for (const body of [null, [], "text", 42, {}, { __proto__: { admin: true } }]) requests.push({ path: base, json: body });
        for (const { field, schema } of fields("json")) {
          for (const [i, v] of HOSTILE_VALUES.entries()) {
            const json = { [field]: v };
            const refused = refuses(schema, JSON.parse(JSON.stringify(json)));
            requests.push({ path: base, json, refused: refused ? { field, value: `json ${i}` } : undefined });
          }
        }
      }
      const toSend = [...requests.filter((q) => !q.refused), ...refusalsToSend(requests.filter((q) => q.refused), random)];

      const fiveHundreds: string[] = [];
      const send = async (req: HostileRequest) => {
        const res = await call(req.path, { method: r.method, token, json: req.json ?? (r.method === "GET" ? undefined : {}) });
        const body = await res.text();
        const allowed = res.status === 503 && NOT_CONFIGURED_ROUTES.has(key) && /not configured/.test(body);
        if (res.status >= 500 && !allowed) fiveHundreds.push(`${res.status} ${req.path} ${JSON.stringify(req.json)?.slice(0, 80)}: ${body.slice(0, 120)}`);
        if (res.status >= 400 && res.headers.get("Content-Type")?.includes("application/json")) {
          expect(JSON.parse(body), req.path).toHaveProperty("error");
        }
      };
      // A few at a time, as a client's retries and parallel tabs would send them: one request waits on D1 while the
      // next is validated (one at a time, a route's hundreds of calls took 1-3 s on a quiet machine, over 20 at load 20).
      for (let i = 0; i < toSend.length; i += IN_FLIGHT) await Promise.all(toSend.slice(i, i + IN_FLIGHT).map(send));
      expect(fiveHundreds.sort(), `FUZZ_SEED=${SEED}`).toEqual([]);
    }, 60_000);
  }
});
