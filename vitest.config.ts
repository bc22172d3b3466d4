import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { pdfjsObservedPrefetch } from "./scripts/pdfjs-observed-prefetch.ts";
import { SlowestFiles } from "./scripts/slowest-files.ts";
import { TestReports } from "./scripts/test-reports.ts";
import { projectsFirst } from "./scripts/test-sequencer.ts";
import { testDataModules, testFilesBinding } from "./scripts/test-data-modules.ts";

// Four suites, run together by `npm test`:
//  - worker: API, services, queue, cron and email handlers inside workerd (real D1/R2/queues/email)
//  - web:    React components in happy-dom
//  - e2e:    the built app served by `vite preview`, driven in real Chromium (test/e2e/global-setup.ts)
//  - generator: the randomized label generator that judges label reading (bench/label-generator)
// The routing of users across databases, with a second D1 database (DB_2) as a second database is configured in
// production (worker/db/databases.ts). The other files run with wrangler.toml's one database, as deployed today.
const DATABASE_TESTS = ["test/worker/databases.test.ts"];
// Deletion and closure must leave nothing of a sender wherever their data is: these run in both projects, the sender
// in DB here and in DB_2 there (test/worker/privacy-fixtures.ts).
const PRIVACY_TESTS = ["test/worker/label-deletion.test.ts", "test/worker/label-jobs.test.ts", "test/worker/account-closure.test.ts", "test/worker/privacy-random.test.ts"];
// A web test file that replaces a module (vi.mock) keeps a module graph of its own: in a graph shared with the files
// before it, a module they imported already stays the real one (vitest's 'Per-File Isolation Settings'). Found by
// reading the files, so a new one goes there by itself.
const MODULE_MOCK_WEB_TESTS = readdirSync(path.join(import.meta.dirname, "test/web"))
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `test/web/${f}`)
  .filter((f) => /\bvi\.mock\(/.test(readFileSync(path.join(import.meta.dirname, f), "utf8")));
// The generated-label gate reads labels drawn in Node by bench/label-generator, served to workerd by the worker
// project's globalSetup on a loopback port (a fresh seed each run; SEED=… replays, GEN_LABELS/GEN_IMAGES size it). It
// runs in the worker project's runtimes like any file: a project of its own started a runtime of its own, loaded the
// app and the readers there again and transformed their modules again (and so did label-print's, which once had a
// project of its own because a runtime per file sent every later file a module snapshot too large for the pool's
// WebSocket; a runtime now serves many files and takes its snapshot once).
const GATE = "test/worker/generated-accuracy.test.ts";

// The libraries whose many small modules every worker runtime loads (drizzle-orm 111, zod 95, jose 46, hono 36 of the
// 488 modules a label test imported), bundled once into a module each by vite's dependency optimizer: the test pool
// fetches every module over its own round trip from Node, one after another, so a runtime's start paid them all
// (label-layout alone: 488 -> 218 modules, 19.4 -> 15.9 CPU-s at load 20). Every entry the app imports is listed, so
// each library is one copy (a subpath left out could load a second copy of its classes beside the bundle). pdf-lib,
// stripe and the mail libraries cost as much to bundle as they saved.
const PREBUNDLED = [
  "drizzle-orm",
  "drizzle-orm/sqlite-core",
  "drizzle-orm/batch",
  "drizzle-orm/d1",
  "zod",
  "jose",
  "hono",
  "hono/secure-headers",
  "hono/factory",
  "hono/utils/http-status",
  "hono/html",
  "hono/body-limit",
  "@hono/zod-validator",
];

function workerProject(
  name: string,
  files: { include: string[]; exclude?: string[]; globalSetup?: string[] },
  migrations: Awaited<ReturnType<typeof readD1Migrations>>,
  d1Databases: Record<string, string> = {},
) {
  return {
    plugins: [
      // pdf.js's page-tree prefetch observed where it is made (issue 36): every unhandled rejection fails the run.
      pdfjsObservedPrefetch(),
      testDataModules(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          ...(Object.keys(d1Databases).length ? { d1Databases } : {}),
          // The readers' wasm, the OCR models and the label fixtures, as bytes (scripts/test-data-modules.ts).
          serviceBindings: testFilesBinding,
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: "test-jwt-secret-that-is-long-enough-0123456789",
            ADMIN_EMAILS: "admin@parcelhive.test",
            APP_URL: "http://localhost:5173",
            ENVIRONMENT: "test",
            // Payments start unconfigured whatever .dev.vars holds (its Stripe stand-in lines, README 'Quick start'):
            // a test that wants Stripe passes test/fixtures/stripe's STRIPE_TEST_ENV.
            STRIPE_API_BASE: "",
            STRIPE_SECRET_KEY: "",
            STRIPE_WEBHOOK_SECRET: "",
            STRIPE_PRICE_ONE_OFF_PACK: "",
            STRIPE_PRICE_BASIC_PLAN: "",
            // Marketplaces start unconfigured too (.dev.vars may point them at the stand-in): a test that connects shops
            // passes test/fixtures/marketplaces' MARKETPLACE_TEST_ENV.
            MARKETPLACE_TOKEN_KEY: "",
            EBAY_CLIENT_ID: "",
            EBAY_CLIENT_SECRET: "",
            EBAY_RUNAME: "",
            EBAY_VERIFICATION_TOKEN: "",
            ETSY_KEYSTRING: "",
            ETSY_SHARED_SECRET: "",
            SHOPIFY_CLIENT_ID: "",
            SHOPIFY_CLIENT_SECRET: "",
            // test/worker/import-fuzz.test.ts: replay a run's damaged files, or size the run.
            FUZZ_SEED: process.env.FUZZ_SEED ?? "",
            FUZZ_COUNT: process.env.FUZZ_COUNT ?? "",
            // test/worker/privacy-random.test.ts: replay a run's steps.
            PRIVACY_SEED: process.env.PRIVACY_SEED ?? "",
            // test/worker/marketplace-matching.test.ts: replay a run's orders and labels.
            MATCH_SEED: process.env.MATCH_SEED ?? "",
            // The reading tests that draw their cases from the label generator's parties (import-ocr, glyph-spaces):
            // replay a run's draws (they read process.env.SEED, which the bindings fill).
            SEED: process.env.SEED ?? "",
          },
        },
      }),
    ],
    test: {
      name,
      // One runtime for the project's files, not one each: starting workerd and loading the app and its libraries
      // again cost about 3 s of CPU a file (8 small files: 51 s of CPU isolated, 25 s shared). Each file still starts
      // on empty storage (test/worker/setup.ts drops what the file before left).
      isolate: false,
      ...files,
      setupFiles: ["./test/worker/setup.ts"],
      deps: { optimizer: { ssr: { enabled: true, include: PREBUNDLED } } },
      // Tests that walk many routes or page through D1 take 1-3 s on a quiet machine and passed 5 s (the default)
      // only when the machine was quiet: a slow CI runner is not a failure of the product. 20 s was not enough at load
      // 20-24 (a clean-clone run of 793b2ff: privacy-random, two labels-cached-reads tests and needs-action's walk, 10-16 s
      // quiet, ran out); a test that hangs still fails, at 60 s.
      testTimeout: 60_000,
      // A hook that loads a reader (PDFium, Tesseract) or applies the migrations waits for cores as a test does.
      hookTimeout: 60_000,
    },
  };
}

function webProject(name: string, files: { include: string[]; exclude?: string[]; isolate: boolean }) {
  return {
    plugins: [react()],
    test: {
      name,
      // One happy-dom window and one module graph for the files of "web", not one each (27 files: 79 CPU-s isolated,
      // 29 shared); test/web/setup.ts undoes what a file leaves.
      ...files,
      environment: "happy-dom",
      setupFiles: ["./test/web/setup.ts"],
      // findBy… and waitFor wait up to 10 s (test/web/setup.ts), some 15 s: a test's own time must hold its waits.
      testTimeout: 20_000,
    },
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    test: {
      // Two files at a time even on a 2-core machine (vitest's default leaves one core to itself: one file at a time
      // there). A worker file's time is shared between vitest, workerd and, for e2e, Chromium, so one file alone never
      // fills two cores: on 12 worker files two at a time took 0.74 of the wall time of one at a time.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      // The ten slowest files of each project, printed at the end of a run (where CI's test time went); what passing
      // tests report on purpose (scripts/test-reports.ts), which `npm test` prints while it keeps their logs out.
      reporters: ["default", new SlowestFiles(), new TestReports()],
      // Longest first, so a run ends on short files with both slots busy (scripts/test-sequencer.ts): worker-databases'
      // files on one slot, in one runtime, beside the gate, the longest file (140-250 s on a quiet machine), on the
      // other; then the other worker files on both, the generator's, and the web's short files last. On a clean clone
      // vitest, which knows no durations yet, took files largest first, and the gate's short file came last, the other
      // slot idle beside its end (ci-22: the run ended on it); worker-databases after worker took a runtime on each
      // slot, each loading the app. Beside the e2e servers' start at load 20-26 (runtime-tests-1) a gate started first
      // once ran out at 900 s; CI's machine is quiet. A run in random file order (`--sequence.shuffle`) keeps vitest's
      // own random sequencer, which a sequencer set here would replace.
      // e2e's two longest files first in its run, short to read as they are: the quick start's (a seed and a dev
      // server of its own) and accessibility's (every screen twice).
      sequence: process.argv.some((a) => a.startsWith("--sequence.shuffle"))
        ? {}
        : {
            sequencer: projectsFirst(
              ["worker-databases", "worker", "generator"],
              [...DATABASE_TESTS, GATE, "test/e2e/quick-start.test.ts", "test/e2e/accessibility.test.ts"],
            ),
          },
      projects: [
        workerProject("worker", { include: ["test/worker/**/*.test.ts"], exclude: DATABASE_TESTS, globalSetup: ["./bench/label-generator/serve.ts"] }, migrations),
        workerProject("worker-databases", { include: [...DATABASE_TESTS, ...PRIVACY_TESTS] }, migrations, { DB_2: "parcelhive-db-2" }),
        webProject("web", { include: ["test/web/**/*.test.{ts,tsx}"], exclude: MODULE_MOCK_WEB_TESTS, isolate: false }),
        webProject("web-isolated", { include: MODULE_MOCK_WEB_TESTS, isolate: true }),
        {
          // The randomized label generator (bench/label-generator) checked on its own, in Node.
          test: { name: "generator", include: ["test/generator/**/*.test.ts"], environment: "node", testTimeout: 120_000 },
        },
        {
          test: {
            name: "e2e",
            include: ["test/e2e/**/*.test.ts"],
            environment: "node",
            globalSetup: ["./test/e2e/global-setup.ts"],
            // One Node process for each slot's files, not one a file: each file started vitest's worker and imported
            // playwright and the helpers again (6 small files: 16.9 -> 6.2 CPU-s of vitest's side, load 9-16). Files share
            // no state but the helpers' (session.ts's admin tokens, one for the run anyway).
            isolate: false,
            // Each file works with users of its own and reads only their mail (test/e2e/mail.ts pages through
            // everyone's), so files share the server side by side, two at a time (maxWorkers above).
            testTimeout: 120_000,
            hookTimeout: 300_000,
            // expect.poll waits for what the app shows after its own fetches, not vitest's 1 s default: a clean-clone run
            // at load 15 saw Orders' answer on arriving land 1.4 s after the click (marketplaces e2e, 'still awaiting').
            expect: { poll: { timeout: 30_000 } },
          },
        },
      ],
    },
  };
});
