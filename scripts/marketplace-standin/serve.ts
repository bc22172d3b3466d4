import { serveStandin } from "../standin-server.ts";
import { MarketplaceStandin, type MarketplaceStandinOptions } from "./standin.ts";

/** The marketplace stand-in on a loopback port (port 0: any free one), for `npm run marketplaces:standin` and e2e. */
export interface RunningMarketplaces {
  base: string;
  standin: MarketplaceStandin;
  close(): Promise<void>;
}

export async function startMarketplaceStandin(options: MarketplaceStandinOptions & { port?: number; log?: boolean }): Promise<RunningMarketplaces> {
  const standin = new MarketplaceStandin(options);
  const served = await serveStandin("marketplace stand-in", standin.fetch, options);
  return { ...served, standin };
}
