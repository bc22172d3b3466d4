// `npm run dev`: first-run setup, local D1 migrations, then one server for SPA + API. The migrations' tables are
// shown only when they fail; the address to open is printed last, once the server answers.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { migrateLocalD1 } from "./local-d1.mjs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (development defaults).");
}
// PH_STATE_DIR keeps the local D1/R2 somewhere else (vite.config.ts reads it too); the e2e run's own check uses it.
migrateLocalD1(process.env.PH_STATE_DIR ? ["--persist-to", process.env.PH_STATE_DIR] : []);

const port = process.env.PORT ?? "5173";
const url = `http://localhost:${port}`;
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
vite.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => vite.kill(sig));

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

  Parcelhive is running at ${url}
`);
}
void announce();
