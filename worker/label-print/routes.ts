import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireAuth } from "../accounts/require-auth";
import { badRequest } from "../lib/errors";
import { validate } from "../lib/validate";
import { printItems, printRequestSchema } from "./select";

// Printing many labels at once: POST /labels/print answers one merged PDF (4x6, or 2 or 4 per A4 sheet) or ZPL.
// The caller's own labels only; any label that cannot be printed refuses the whole request with a 400 naming it.

/** The originals merged into one file, at most (Royal Mail files are a few hundred KB each). */
const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

const routes = new Hono<AppEnv>().post("/labels/print", requireAuth({ apiKey: true }), validate("json", printRequestSchema), async (c) => {
  const req = c.req.valid("json");
  const { items, bannerKey } = await printItems(c.get("db"), c.get("user").id, req);
  const stamp = new Date().toISOString().slice(0, 10);
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

  const keys = [...new Set(items.flatMap((i) => (i.kind === "original" ? [i.r2Key] : [])))];
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const key of keys) {
    const object = await c.env.FILES.get(key);
    if (!object) continue; // reported by name by the builder
    total += object.size;
    if (total > MAX_ORIGINAL_BYTES) {
      await object.body.cancel();
      throw badRequest("These labels' original files are too large to merge at once: print fewer labels.");
    }
    files.set(key, new Uint8Array(await object.arrayBuffer()));
  }
  if (req.format === "zpl") {
    // The builders (bwip-js, pdf-lib) load on the calls that print, never at a start or another first request.
    const { buildLabelsZpl } = await import("./zpl");
    return new Response(await buildLabelsZpl(items, files), {
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Content-Disposition": `attachment; filename="labels-${stamp}.zpl"` },
    });
  }
  const banner = bannerKey && items.some((i) => i.kind === "drawn") ? await c.env.FILES.get(bannerKey) : null;
  const { buildLabelsPdf } = await import("./pdf");
  const pdf = await buildLabelsPdf(items, req.layout, files, banner ? new Uint8Array(await banner.arrayBuffer()) : null);
  return new Response(pdf, {
    headers: { ...headers, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="labels-${req.layout}-${stamp}.pdf"` },
  });
});

export default routes;
