import { serveStandin } from "../standin-server.ts";
import { createStripeStandin, type StandinOptions, type StripeStandin } from "./standin.ts";

/** The stand-in on a loopback port (port 0: any free one), for `npm run stripe:standin`, `npm run dev` and e2e tests. */
export interface RunningStandin {
  base: string;
  standin: StripeStandin;
  close(): Promise<void>;
}

/** The development webhook secret: .dev.vars.example's STRIPE_WEBHOOK_SECRET, printed at start as `stripe listen` does. */
export const DEV_WEBHOOK_SECRET = "whsec_parcelhiveStandinLocalOnly0123456789";

export async function startStripeStandin(options: StandinOptions & { port?: number; log?: boolean }): Promise<RunningStandin> {
  const standin = createStripeStandin(options);
  const served = await serveStandin("stripe stand-in", standin.fetch, options);
  return { ...served, standin };
}
