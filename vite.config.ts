import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { appShell } from "./scripts/app-shell.ts";

// One dev server for SPA and API: the Cloudflare plugin runs worker/index.ts in workerd
// (D1, R2, queues, email, rate limits through miniflare) next to Vite's React dev server.
// PH_DIST puts the build somewhere else than dist/ (the e2e run builds into a temp dir, so
// parallel runs and a running `npm run preview` never serve each other's files).
const outRoot = process.env.PH_DIST;
const devPort = Number(process.env.PORT ?? 5173);

/**
 * APP_URL is the origin of every link in mail (verification, reset, import replies, alerts) and of Stripe's return
 * addresses. Under `vite dev` it follows the port the app is served on; PH_APP_URL sets it for a build that
 * `vite preview` will serve (the e2e run). A deploy build keeps wrangler.toml's value, and an APP_URL in .dev.vars
 * (a tunnel, say) wins over both.
 */
function appUrl(command: "build" | "serve"): string | undefined {
  return process.env.PH_APP_URL ?? (command === "serve" ? `http://localhost:${devPort}` : undefined);
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // index.html paints the screen before any script arrives (issue 26): see scripts/app-shell.ts.
    appShell(),
    cloudflare({
      // PH_STATE_DIR lets the e2e run keep its D1/R2 state apart from your dev data.
      persistState: process.env.PH_STATE_DIR ? { path: process.env.PH_STATE_DIR } : true,
      config: () => {
        const url = appUrl(command);
        return url ? { vars: { APP_URL: url } } : undefined;
      },
    }),
  ],
  server: { port: devPort, strictPort: true, host: "127.0.0.1" },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true, host: "127.0.0.1" },
  build: { sourcemap: false, chunkSizeWarningLimit: 800 },
  environments: outRoot
    ? {
        client: { build: { outDir: `${outRoot}/client` } },
        parcelhive: { build: { outDir: `${outRoot}/parcelhive` } },
      }
    : undefined,
}));
