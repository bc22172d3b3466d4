// Shared helpers for worker tests: drive the real worker through fetch, and make users
// directly in D1 so feature tests do not depend on the sign-up flow.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import app from "../../worker/app";
import { getDb } from "../../worker/db/client";
import { labels, users } from "../../worker/db/schema";
import { hashPassword } from "../../worker/lib/crypto";
import { grantCredits } from "../../worker/credits/credits";
import { signAccessToken } from "../../worker/auth/tokens";
import { checkAnswer } from "./api-contract";

const worker = (exports as unknown as { default: Fetcher }).default;

export const db = () => getDb(env.DB);

/**
 * Label rows written straight into D1, for tests that need many: three rows a statement (D1 binds at most 100
 * parameters, and every column is bound) and fifty statements a batch, one round trip each (2,105 labels one insert
 * at a time made 702 round trips).
 */
export async function insertLabelRows(rows: (typeof labels.$inferInsert)[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += 3) statements.push(db().insert(labels).values(rows.slice(i, i + 3)));
  for (let i = 0; i < statements.length; i += 50) {
    const part = statements.slice(i, i + 50);
    await db().batch(part as [(typeof part)[0], ...typeof part]);
  }
}

type CallInit = RequestInit & { json?: unknown; token?: string };

function buildRequest(path: string, init: CallInit): Request {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("Content-Type", "application/json");
  }
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  return new Request(`http://localhost${path}`, { ...init, headers, body });
}

/** Calls the worker like a browser would. `json` sets the body and Content-Type. */
export async function call(path: string, init: CallInit = {}): Promise<Response> {
  const req = buildRequest(path, init);
  const res = await worker.fetch(req.clone());
  await checkAnswer(req, res);
  return res;
}

/** Calls the app with some configuration overridden (e.g. Stripe keys the test environment lacks). */
export async function callWithEnv(overrides: Partial<Env>, path: string, init: CallInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const req = buildRequest(path, init);
  const res = await app.fetch(req.clone(), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  await checkAnswer(req, res);
  return res;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** A user inserted straight into D1 (cheap PBKDF2 for speed), with credits via the ledger. */
export async function createUser(
  opts: { email?: string; password?: string; credits?: number; verified?: boolean; admin?: boolean } = {},
): Promise<TestUser> {
  const email = opts.email ?? (opts.admin ? "admin@parcelhive.test" : `user${++counter}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const password = opts.password ?? "correct horse battery";
  const [row] = await db()
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password, 1000), emailVerified: opts.verified ?? true })
    .returning();
  if (opts.credits) {
    await grantCredits(db(), { userId: row.id, delta: opts.credits, reason: "admin_grant", reference: "test" });
  }
  return { id: row.id, email, password, token: await signAccessToken(env, row.id) };
}

/**
 * Runs a burst of calls against a rate limit inside one of its windows. The local limiter counts in windows aligned
 * to the wall clock (miniflare: epoch = floor(now / period)), so a burst that straddles a boundary is counted in two
 * windows and its last call passes: the burst is run again, with a new attempt number for fresh keys, until it started
 * and ended in the same window (a slow machine crosses one boundary at most once in a few runs).
 */
export async function inOneRateWindow<T>(burst: (attempt: number) => Promise<T>, periodSeconds = 60): Promise<T> {
  const windowNow = () => Math.floor(Date.now() / (periodSeconds * 1000));
  for (let attempt = 0; ; attempt++) {
    const start = windowNow();
    const result = await burst(attempt);
    if (windowNow() === start || attempt >= 3) return result;
  }
}
