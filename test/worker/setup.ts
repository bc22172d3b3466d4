import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Each test file starts with empty storage: bring the schema up to date first.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
