import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes a new SQL migration from worker/db/schema.ts into migrations/.
// Review it, then add anything drizzle cannot express (triggers, CHECKs) by hand.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema.ts",
  out: "./migrations",
});
