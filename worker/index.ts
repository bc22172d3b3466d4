import app from "./app";
import { handleEmail } from "./handlers/email";
import { handleQueue } from "./handlers/queue";
import { handleScheduled } from "./handlers/scheduled";
import type { JobMessage } from "./lib/jobs";

export default {
  fetch: app.fetch,
  queue: (batch, env) => handleQueue(batch, env),
  scheduled: (controller, env, ctx) => {
    ctx.waitUntil(handleScheduled(controller, env));
  },
  email: (message, env) => handleEmail(message, env),
} satisfies ExportedHandler<Env, JobMessage>;
