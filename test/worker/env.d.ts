declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** A second D1 database: only in the worker-databases project (vitest.config.ts). */
    DB_2: D1Database;
  }
  interface GlobalProps {
    mainModule: typeof import("../../worker/index");
  }
}
