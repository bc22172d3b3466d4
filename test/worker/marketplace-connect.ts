// Connecting a seller's shop in worker tests, as a browser does it: the connect call, the stand-in's consent page
// agreed to, and the return to /connected. The first sync runs inside that last call; what it queues goes to `jobs`.
import { expect } from "vitest";
import type { Marketplace } from "../../shared/marketplaces";
import { APP_PATHS, MARKETPLACE_TEST_ENV, type marketplaceStandin } from "../fixtures/marketplaces";
import { callWithEnv } from "./helpers";

/** Connects the seller's shop through its consent page and answers the connection's id. */
export async function connectShop(m: ReturnType<typeof marketplaceStandin>, token: string, marketplace: Marketplace, jobs: object): Promise<string> {
  const overrides = { ...MARKETPLACE_TEST_ENV, JOBS: jobs } as unknown as Partial<Env>;
  const start = await callWithEnv(overrides, `/api/v1/marketplaces/${marketplace}/connect`, { method: "POST", token, json: marketplace === "shopify" ? { shop: "hollow-oak" } : {} });
  const page = new URL(((await start.json()) as { authorizeUrl: string }).authorizeUrl);
  const agreed = await m.standin.fetch(new Request(page, { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(page.searchParams), action: "agree" }) }));
  const back = new URL(agreed.headers.get("Location")!);
  expect(back.pathname).toBe(APP_PATHS[`${marketplace}Callback`]);
  const res = await callWithEnv(overrides, `/api/v1/marketplaces/${marketplace}/connected`, { method: "POST", token, json: { params: Object.fromEntries(back.searchParams) } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { connection: { id: string } }).connection.id;
}
