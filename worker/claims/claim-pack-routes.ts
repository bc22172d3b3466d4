import { Hono } from "hono";
import { z } from "zod";
import { requireAuth } from "../auth/require-auth";
import type { AppEnv } from "../context";
import type { Db } from "../db/client";
import { notFound } from "../lib/errors";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { labelOriginal } from "../labels/download";
import { getLabel } from "../labels/read";
import { buildClaimPack } from "./claim-pack";

// The claim pack of one label: as JSON for the printable page, and as an A4 PDF. The caller's own
// label only (another user's is a 404); an API key may read it, like the other label reads.

const idParam = z.object({ id: z.string().trim().min(1).max(100) });
const auth = requireAuth({ apiKey: true });

async function readOriginal(env: Env, db: Db, userId: number, labelId: string) {
  try {
    const file = await labelOriginal(db, env, userId, labelId);
    return { bytes: new Uint8Array(await new Response(file.body).arrayBuffer()), mime: file.mime, name: file.filename };
  } catch {
    // No stored bytes: the pack says so instead of failing.
    return null;
  }
}

const routes = new Hono<AppEnv>()
  .get("/label/:id/claim-pack", auth, describe({ summary: "What a claim to the carrier needs, gathered from the label: addresses, service, dates, tracking events and the evidence of loss." }), validate("param", idParam), async (c) => {
    const label = await getLabel(c.get("db"), c.get("user").id, c.req.valid("param").id);
    if (!label) throw notFound("Label not found");
    return c.json(buildClaimPack(label));
  })
  .get("/label/:id/claim-pack.pdf", auth, describe({ summary: "The claim pack as a PDF to attach to a claim, with the original label." }), validate("param", idParam), async (c) => {
    const userId = c.get("user").id;
    const label = await getLabel(c.get("db"), userId, c.req.valid("param").id);
    if (!label) throw notFound("Label not found");
    const pack = buildClaimPack(label);
    const original = pack.original ? await readOriginal(c.env, c.get("db"), userId, label.id) : null;
    const { claimPackPdf } = await import("./claim-pack-pdf");
    const pdf = await claimPackPdf(pack, original);
    const name = `claim-pack-${label.trackingCode.replace(/[^A-Za-z0-9_-]/g, "_")}.pdf`;
    return new Response(pdf, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.byteLength),
        "Content-Disposition": `attachment; filename="${name}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

export default routes;
