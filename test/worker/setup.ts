import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

import { afterAll, expect } from "vitest";
import { contractViolations } from "./api-contract";

// Each test file starts with empty storage: bring the schema up to date first.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Every answer the file's tests received matched the API document.
afterAll(() => {
  expect(contractViolations, "answers that differ from the API document").toEqual([]);
});
