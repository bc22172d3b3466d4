import { Hono } from "hono";
import type { AppEnv } from "../context";
import { describe } from "../lib/openapi-meta";
import { requireAuth } from "../auth/require-auth";
import { importAddressFor, regenerateImportAddress } from "./address";

// The signed-in user's label import address. Account only: requireAuth() without `apiKey` answers 403
// to a developer key, so a leaked key can neither read the address nor replace it.
// Neither call takes input (the regenerate body, if any, carries nothing to read). The address is a directory entry:
// inbound mail finds its owner there before it knows which database holds their labels.
const routes = new Hono<AppEnv>()
  .get("/user/import-address", requireAuth(), describe({ summary: "Your private address for labels by email: label files sent or forwarded to it are imported like uploads." }), async (c) => {
    return c.json({ address: await importAddressFor(c.get("directory"), c.env, c.get("user").id) });
  })
  .post("/user/import-address/regenerate", requireAuth(), describe({ summary: "A new import address: mail to the old one is refused from now on." }), async (c) => {
    return c.json({ address: await regenerateImportAddress(c.get("directory"), c.env, c.get("user").id) });
  });

export default routes;
