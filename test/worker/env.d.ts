declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** A second D1 database: only in the worker-databases project (vitest.config.ts). */
    DB_2: D1Database;
    /** test/worker/import-fuzz.test.ts: a seed to replay and a number of damaged files ("" = fresh seed, default size). */
    FUZZ_SEED: string;
    PRIVACY_SEED: string;
    MATCH_SEED: string;
    FUZZ_COUNT: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
  }
}
