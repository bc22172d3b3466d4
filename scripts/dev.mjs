// `npm run dev`: first-run setup, local D1 migrations, then one server for SPA + API.
import { spawnSync, spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (development defaults).");
}
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

const migrate = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"], { stdio: "inherit", shell: false });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const port = process.env.PORT ?? "5173";
console.log(`\nParcelhive is starting on http://localhost:${port}\n`);
const vite = spawn("vite", ["dev", "--port", port], { stdio: "inherit" });
vite.on("exit", (code) => process.exit(code ?? 0));
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => vite.kill(sig));
