import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { appShell } from "./scripts/app-shell.ts";
import { pdfjsObservedPrefetch } from "./scripts/pdfjs-observed-prefetch.ts";

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

/** Modules the entry (web/main.tsx) imports statically, directly or through others: every screen loads them. */
const APP_ENTRY = /[\\/]web[\\/]main\.tsx$/;
function inEntryGraph(id: string, ctx: { getModuleInfo(id: string): { importers: readonly string[] } | null }, seen = new Set<string>()): boolean {
  if (APP_ENTRY.test(id)) return true;
  const info = ctx.getModuleInfo(id);
  if (!info || seen.has(id)) return false;
  seen.add(id);
  return info.importers.some((by) => inEntryGraph(by, ctx, seen));
}

/**
 * Fewer, larger chunks on a screen's path (issue 26): the split by importers gave /labels 18 scripts (a 0.3-1.6 KB
 * chunk for each set of screens sharing a module), each one more request before its first render; Lighthouse's
 * HTTP/1.1 simulation queues them six at a time, and the API calls behind them. Now: the entry, the libraries every
 * screen runs (React, its DOM, the router, TanStack Query), the app code two or more lazy screens share (not on
 * screens that import none of it, like /), and each screen's own chunk.
 */
/** The project's own code (the SPA's, and shared/ which it runs with the worker), not a library. */
const APP_CODE = /^(?!.*node_modules).*[\\/](web|worker|shared)[\\/]/;
const CHUNK_GROUPS = [
  { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/, priority: 2 },
  {
    name: (id: string, ctx: Parameters<typeof inEntryGraph>[1]) => (APP_CODE.test(id) && !inEntryGraph(id, ctx) ? "screens" : null),
    debugName: "screens",
    // What they import from the entry stays in the entry (by default a group takes its modules' imports along).
    includeDependenciesRecursively: false,
    minShareCount: 2,
    priority: 1,
  },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // index.html paints the screen before any script arrives (issue 26): see scripts/app-shell.ts.
    appShell(),
    // pdf.js's page-tree prefetch observed where it is made (issue 36): see the plugin.
    pdfjsObservedPrefetch(),
    cloudflare({
      // PH_STATE_DIR lets the e2e run keep its D1/R2 state apart from your dev data.
      persistState: process.env.PH_STATE_DIR ? { path: process.env.PH_STATE_DIR } : true,
      // PH_INSPECTOR_PORT: the Worker's devtools port, else the first free one from 9229. The e2e servers take one the
      // system hands out: servers starting at once on one machine probed 9229 and up together, and the one that lost
      // the port it had picked never answered (EADDRINUSE, over and over).
      inspectorPort: process.env.PH_INSPECTOR_PORT ? Number(process.env.PH_INSPECTOR_PORT) : undefined,
      config: () => {
        const url = appUrl(command);
        return url ? { vars: { APP_URL: url } } : undefined;
      },
    }),
  ],
  server: { port: devPort, strictPort: true, host: "127.0.0.1" },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true, host: "127.0.0.1" },
  build: { sourcemap: false, chunkSizeWarningLimit: 800 },
  environments: {
    client: {
      build: {
        ...(outRoot ? { outDir: `${outRoot}/client` } : {}),
        // The SPA's chunks (CHUNK_GROUPS); an app's entry exports nothing, so its signature need not be kept.
        rolldownOptions: { preserveEntrySignatures: "allow-extension", output: { codeSplitting: { groups: CHUNK_GROUPS } } },
      },
    },
    ...(outRoot ? { parcelhive: { build: { outDir: `${outRoot}/parcelhive` } } } : {}),
  },
}));
