import type { JobMessage } from "./lib/jobs";

/**
 * The Worker's entry points. Each loads its own code on its first call, so an isolate's start
 * evaluates this file alone: an isolate started for a queue batch, a cron run or an inbound mail never
 * builds the HTTP router and its request schemas, and one started for a request builds them once,
 * on that request (dynamic imports are cached per isolate).
 */
export default {
  async fetch(request, env, ctx) {
    const { default: app } = await import("./app");
    return app.fetch(request, env, ctx);
  },
  async queue(batch, env) {
    const { handleQueue } = await import("./handlers/queue");
    return handleQueue(batch, env);
  },
  scheduled(controller, env, ctx) {
    ctx.waitUntil(import("./handlers/scheduled").then(({ handleScheduled }) => handleScheduled(controller, env)));
  },
  async email(message, env) {
    const { handleEmail } = await import("./handlers/email");
    return handleEmail(message, env);
  },
} satisfies ExportedHandler<Env, JobMessage>;
