import { bodyText } from "../standin-http.ts";
/**
 * What the three marketplace stand-ins share: the clock they all read (tests freeze and move it, so token expiry and
 * rate-limit windows never depend on how fast the machine is), ids and secrets, reading a body as each marketplace
 * accepts it (form or JSON), PKCE and HMAC with WebCrypto (so the same code runs in Node and in workerd), and the
 * faults a test or the dashboard asks for.
 */

export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null = null;

  /** Milliseconds since the epoch on the stand-in's clock. */
  nowMs(): number {
    return (this.frozenAt ?? Date.now()) + this.offsetMs;
  }

  nowSec(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Stops the clock (at now, or at a given time): rate-limit windows and expiry then move only when told. */
  freeze(atMs = Date.now()) {
    this.frozenAt = atMs;
    this.offsetMs = 0;
  }

  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A random token of `length` letters and digits. */
export function randomToken(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

let seq = 0;
/** A numeric id that grows: Etsy's and Shopify's ids are integers, eBay's order ids are digits and dashes. */
export function nextNumber(base: number): number {
  return base + ++seq;
}

const enc = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));
}

export const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** PKCE S256 (RFC 7636): the challenge is base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64url(await sha256(verifier));
}

export async function hmacSha256(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", enc.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
}

/** A request body as these APIs accept it: form-encoded or JSON, read into flat string fields (JSON values kept). */
export async function readFields(req: Request): Promise<Record<string, unknown>> {
  const text = await bodyText(req);
  if (!text) return {};
  if ((req.headers.get("Content-Type") ?? "").includes("json")) {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new SyntaxError("not an object");
    return parsed as Record<string, unknown>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

export const redirect = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

/** The kinds of failure a test or the dashboard can ask a marketplace for; each answers it in its own format. */
export type FaultKind = "expired_token" | "rate_limited" | "server_error";

export interface Fault {
  kind: FaultKind;
  method?: string;
  /** The request path after the marketplace's prefix, or a pattern it matches; every API path when absent. */
  path?: string | RegExp;
  /** How many matching calls it refuses (1 by default). */
  times?: number;
}

/** Faults queued for one marketplace: `take` consumes the first that matches a request. */
export class Faults {
  private queue: Fault[] = [];

  add(fault: Fault) {
    this.queue.push({ times: 1, ...fault });
  }

  take(method: string, path: string): FaultKind | null {
    const i = this.queue.findIndex((f) => (!f.method || f.method === method) && (f.path === undefined || (typeof f.path === "string" ? f.path === path : f.path.test(path))));
    if (i < 0) return null;
    const fault = this.queue[i];
    if (!fault.times || --fault.times <= 0) this.queue.splice(i, 1);
    return fault.kind;
  }
}

/** What a seller's order looks like before a marketplace dresses it in its own format: the seed tests and dev use. */
export interface OrderSeed {
  /** The recipient as the buyer typed it at checkout. */
  recipient: { name: string; line1: string; line2?: string; city: string; postcode: string; country?: string };
  items: { title: string; quantity?: number; sku?: string }[];
  /** Seconds since the epoch; now by default. */
  createdAt?: number;
  /** The latest dispatch date the marketplace promises the buyer (seconds); two working days on by default. */
  shipBy?: number;
  /** The buyer's marketplace user name (eBay) or id. */
  buyer?: string;
}

/** One tracking update the marketplace recorded: what tests and the dashboard read back. */
export interface Fulfilment {
  marketplace: "ebay" | "etsy" | "shopify";
  shop: string;
  orderId: string;
  trackingNumber: string;
  carrier: string;
  /** The line items (or fulfilment order line items) it covers, with quantities. */
  lineItems: { id: string; quantity: number }[];
  at: number;
  /** Marked dispatched on the marketplace's own site, not through the API. */
  byHand: boolean;
}
