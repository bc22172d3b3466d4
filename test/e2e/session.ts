import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";
import { baseURL, uniqueEmail } from "./browser";

/** Accounts for e2e tests, made through the real API (no shortcuts into the database). */
export interface Session {
  email: string;
  password: string;
  access_token: string;
  refresh_token: string;
}

export const ADMIN_EMAIL = "admin@parcelhive.test";
export const ADMIN_PASSWORD = "e2e-admin-password-1";

async function post(path: string, body: unknown, token?: string, server = baseURL()) {
  return fetch(server + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs in through the API of the run's server, or of `server`. */
export async function login(email: string, password: string, server?: string): Promise<Session> {
  const res = await post("/api/v1/login", { email, password }, undefined, server);
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return { email, password, ...((await res.json()) as { access_token: string; refresh_token: string }) };
}

/** A new user (unverified, 0 credits) signed in through the API. */
export async function newUser(prefix = "user"): Promise<Session> {
  const email = uniqueEmail(prefix);
  const password = "e2e-password-123";
  const res = await post("/api/v1/signup", { email, password, marketing_consent: false });
  if (!res.ok) throw new Error(`signup: ${res.status} ${await res.text()}`);
  return login(email, password);
}

/**
 * The admin account (ADMIN_EMAILS), shared by every e2e file: signed up and signed in once per run, its
 * tokens kept in the run's state dir. The server's real rate limits (5 sign-ups, 10 logins a minute per
 * email) would refuse a sign-up or login per test. Its access token lives 15 minutes and a slow run outlasts
 * that: a token near its end is replaced by signing in again, a session of its own, and the new pair kept. Not
 * through /refresh: files run side by side, each holding the pair it read, and the second to renew would present
 * a refresh token the first had already rotated, which ends the whole session (reuse) and the first file's with it
 * (upload's grant was refused so, two files at a time at load 13).
 */
let adminCache: Promise<Session> | undefined;
export function adminSession(): Promise<Session> {
  const file = path.join(inject("stateDir"), "e2e-admin-session.json");
  adminCache = (async () => {
    const cached = await adminCache?.catch(() => undefined);
    const session = cached ?? (existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Session) : undefined);
    if (session && !expiresSoon(session.access_token)) return session;
    const next = session ? await login(ADMIN_EMAIL, ADMIN_PASSWORD) : await signUpAdmin();
    writeFileSync(file, JSON.stringify(next));
    return next;
  })();
  return adminCache;
}

async function signUpAdmin(): Promise<Session> {
  const res = await post("/api/v1/signup", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, marketing_consent: false });
  if (!res.ok && res.status !== 409) throw new Error(`admin signup: ${res.status} ${await res.text()}`);
  return login(ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** True when a JWT's exp is less than two minutes away (or unreadable). */
function expiresSoon(token: string): boolean {
  try {
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as { exp?: number };
    return typeof exp !== "number" || exp * 1000 - Date.now() < 120_000;
  } catch {
    return true;
  }
}

/** Gives `email`'s account credits through the admin API. */
export async function grantCredits(userEmail: string, amount: number) {
  const admin = await adminSession();
  const users = await fetch(baseURL() + `/api/v1/admin/users?q=${encodeURIComponent(userEmail)}`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
  }).then((r) => r.json() as Promise<{ results: { id: number; email: string }[] }>);
  const user = users.results.find((u) => u.email === userEmail);
  if (!user) throw new Error(`no user ${userEmail}`);
  const res = await post("/api/v1/admin/grant-credits", { user_id: user.id, amount }, admin.access_token);
  if (!res.ok) throw new Error(`grant: ${res.status} ${await res.text()}`);
}

/** Puts the session's tokens into the browser's local storage, as the login screen would. */
export async function signInBrowser(context: BrowserContext, session: Pick<Session, "access_token" | "refresh_token">) {
  await context.addInitScript(
    ([a, r]) => {
      if (!localStorage.getItem("access_token")) {
        localStorage.setItem("access_token", a);
        localStorage.setItem("refresh_token", r);
      }
    },
    [session.access_token, session.refresh_token],
  );
}
