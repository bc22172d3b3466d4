import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { badRequest } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { LEFT_OUT_HEADER, LEFT_OUT_REASONS_HEADER, PRINTED_HEADER, leftOutByReason, leftOutHeader, nothingToPrint } from "../../shared/left-out";
import { printItems, printRequestSchema, type PrintItem } from "./select";

// Printing many labels at once: POST /labels/print answers one merged PDF (4x6, or 2 or 4 per A4 sheet) or ZPL.
// The caller's own labels only. A label with nothing to print is left out and named in the answer's headers; when
// no label can be printed, a 400 names them all.

/** The originals merged into one file, at most (Royal Mail files are a few hundred KB each). */
const MAX_ORIGINAL_BYTES = 64 * 1024 * 1024;

/** The originals' bytes by R2 key; one gone from storage is not in the map (the builder leaves its label out). */
async function readOriginals(files: R2Bucket, items: PrintItem[]): Promise<Map<string, Uint8Array>> {
  const keys = [...new Set(items.flatMap((i) => (i.kind === "original" ? [i.r2Key] : [])))];
  const out = new Map<string, Uint8Array>();
  let total = 0;
  for (const key of keys) {
    const object = await files.get(key);
    if (!object) continue;
    total += object.size;
    if (total > MAX_ORIGINAL_BYTES) {
      await object.body.cancel();
      throw badRequest("These labels' original files are too large to merge at once: print fewer labels.");
    }
    out.set(key, new Uint8Array(await object.arrayBuffer()));
  }
  return out;
}

const DESCRIPTION =
  "ids takes label ids or tracking codes (spaces, dashes and case ignored), at most 500; filters takes the labels list's " +
  "filters instead. Evri labels are drawn from their details (a label without a recipient name and address is left out); " +
  "Royal Mail labels print their original file (a label without one is left out). The labels that print fill the file in " +
  "order; those left out are counted and named in the X-Labels-* headers. When none can be printed the answer is a 400 " +
  "whose body also carries leftOut, the same JSON as the X-Labels-Left-Out-Reasons header. A label id or code that is not " +
  "yours is a 404 and nothing is printed.";

const routes = new Hono<AppEnv>().post(
  "/labels/print",
  describe({ summary: "Many labels in one file: a PDF (4x6 in pages, or 2 or 4 to an A4 sheet) or ZPL", description: DESCRIPTION }),
  requireAuth({ apiKey: true }),
  validate("json", printRequestSchema),
  async (c) => {
    const req = c.req.valid("json");
    const { items, leftOut: planned, bannerKey } = await printItems(c.get("db"), c.get("user").id, req);
    const files = await readOriginals(c.env.FILES, items);
    // The builders (bwip-js, pdf-lib) load on the calls that print, never at a start or another first request.
    const build = async () => {
      if (req.format === "zpl") return (await import("./zpl")).buildLabelsZpl(items, files);
      const banner = bannerKey && items.some((i) => i.kind === "drawn") ? await c.env.FILES.get(bannerKey) : null;
      return (await import("./pdf")).buildLabelsPdf(items, req.layout, files, banner ? new Uint8Array(await banner.arrayBuffer()) : null);
    };
    const built = await build();
    const leftOut = [...planned, ...built.leftOut];
    if (built.printed === 0) return c.json({ error: nothingToPrint(leftOut), leftOut: leftOutByReason(leftOut) }, 400);

    const stamp = new Date().toISOString().slice(0, 10);
    const headers: Record<string, string> = {
      "X-Content-Type-Options": "nosniff",
      [PRINTED_HEADER]: String(built.printed),
      [LEFT_OUT_HEADER]: String(leftOut.length),
      ...(leftOut.length ? { [LEFT_OUT_REASONS_HEADER]: leftOutHeader(leftOut) } : {}),
      ...(req.format === "zpl"
        ? { "Content-Type": "text/plain; charset=utf-8", "Content-Disposition": `attachment; filename="labels-${stamp}.zpl"` }
        : { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="labels-${req.layout}-${stamp}.pdf"` }),
    };
    return new Response(built.body, { headers });
  },
);

export default routes;
