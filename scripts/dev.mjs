// `npm run dev`: first-run setup, local D1 migrations, then one server for SPA + API. The migrations' tables are
// shown only when they fail; the address to open is printed last, once the server answers.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { createConnection } from "node:net";
import { migrateLocalD1 } from "./local-d1.ts";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (development defaults).");
}
// PH_STATE_DIR keeps the local D1/R2 somewhere else (vite.config.ts reads it too); the e2e run's own check uses it.
migrateLocalD1(process.env.PH_STATE_DIR ? ["--persist-to", process.env.PH_STATE_DIR] : []);

const port = process.env.PORT ?? "5173";
const url = `http://localhost:${port}`;
const stripeStandin = await startStripeStandin();
// Vite's output passes through here so the address can wait until it has gone quiet (its dependency optimizer
// prints after the server first answers, and on a busy machine that came after the address).
let lastOutput = Date.now();
const vite = spawn("vite", ["dev", "--port", port], { stdio: ["inherit", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" } });
vite.stdout.on("data", (chunk) => {
  lastOutput = Date.now();
  process.stdout.write(chunk);
});
vite.stderr.on("data", (chunk) => {
  lastOutput = Date.now();
  process.stderr.write(chunk);
});
vite.on("exit", (code) => {
  stripeStandin?.child?.kill("SIGTERM");
  process.exit(code ?? 0);
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => vite.kill(sig));

/** KEY="value" lines of .dev.vars. */
function devVars() {
  const vars = {};
  for (const line of readFileSync(".dev.vars", "utf8").split("\n")) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*"?([^"]*)"?\s*$/);
    if (m) vars[m[1]] = m[2];
  }
  return vars;
}

/**
 * With STRIPE_API_BASE in .dev.vars pointing at this machine (the Stripe stand-in's lines of .dev.vars.example), the
 * stand-in is started beside the app, sending its webhooks here, signed with STRIPE_WEBHOOK_SECRET; unless
 * something already answers on its port (`npm run stripe:standin` in another terminal).
 */
async function startStripeStandin() {
  const vars = devVars();
  let base;
  try {
    base = new URL(vars.STRIPE_API_BASE ?? "");
  } catch {
    return null;
  }
  if (base.protocol !== "http:" || !["127.0.0.1", "localhost"].includes(base.hostname)) return null;
  const standinPort = base.port || "80";
  const busy = await new Promise((resolve) => {
    const probe = createConnection({ host: "127.0.0.1", port: Number(standinPort) }, () => {
      probe.end();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
  });
  if (busy) return { base: base.origin, child: null };
  const child = spawn(process.execPath, ["scripts/stripe-standin/main.ts", "--port", standinPort, "--forward-to", `http://localhost:${port}/api/v1/stripe/webhook`], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, STRIPE_STANDIN_WEBHOOK_SECRET: vars.STRIPE_WEBHOOK_SECRET ?? "" },
  });
  return { base: base.origin, child };
}

/** Waits for the API to answer (the worker is built on its first request), then says where everything is. */
async function announce() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  // The app's page too, so the browser's first visit does not start the optimizer; then a second of quiet.
  await fetch(`http://127.0.0.1:${port}/`).catch(() => {});
  for (const end = Date.now() + 20_000; Date.now() - lastOutput < 1_000 && Date.now() < end; ) await new Promise((r) => setTimeout(r, 200));
  console.log(`
  Demo data:   npm run demo:seed, then sign in as demo@parcelhive.test / parcelhive-demo
               (admin: admin@parcelhive.test / parcelhive-admin)
  Mail sent:   bodies in .wrangler/tmp/email/ (each send prints its files here), listed at
               ${url}/cdn-cgi/local/explorer/api/local/email/sending
  Payments:    ${stripeStandin ? `the Stripe stand-in at ${stripeStandin.base} (its page renews subscriptions, resends events)` : "README 'Quick start' says how to try them with the local Stripe stand-in"}

  Parcelhive is running at ${url}
`);
}
void announce();
