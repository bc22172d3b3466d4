import { Hono } from "hono";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../auth/require-auth";
import { userDatabase } from "../db/databases";
import { dataExports } from "../db/schema";
import { describe } from "../lib/openapi-meta";
import { validate } from "../lib/validate";
import { apiExport, archiveFilename, checkDownloadToken, deleteExport, latestExport, requestExport } from "./export";

/**
 * /user/export: 'Download my data'. Account only (an access token, not a developer API key): the archive holds the
 * whole account. The download itself is the signed link, which needs no sign-in (it is opened from the mail).
 */

const TAG = "your data";
const NOT_FOUND = "This download link has expired or is no longer valid. Ask for a new copy of your data in Settings.";

const routes = new Hono<AppEnv>()
  .post(
    "/user/export",
    requireAuth(),
    describe({
      summary: "Ask for a copy of all your data (one ZIP, built in the background).",
      description:
        "Answers the export (status 'building' with its progress). When it is ready a signed download link is shown by GET /user/export and sent by e-mail; it works for 7 days. Asking while one is being built answers that one; a new copy replaces the last, at most one every 15 minutes (429).",
      tag: TAG,
    }),
    async (c) => {
      const row = await requestExport(c.env, c.get("db"), c.get("user"));
      return c.json({ export: await apiExport(c.env, row) }, 202);
    },
  )
  .get("/user/export", requireAuth(), describe({ summary: "Your copy of your data: its progress, or its download link while it is ready.", tag: TAG }), async (c) => {
    const row = await latestExport(c.get("db"), c.get("user").id);
    return c.json({ export: row && row.status !== "deleted" ? await apiExport(c.env, row) : null });
  })
  .delete("/user/export", requireAuth(), describe({ summary: "Delete your copy of your data now: its link stops working.", tag: TAG }), async (c) => {
    await deleteExport(c.get("db"), c.env.FILES, c.get("user").id);
    return c.body(null, 204);
  })
  .get(
    "/user/export/download",
    describe({
      summary: "Download the ZIP by its signed link (no sign-in: the link is the key). Byte ranges are supported.",
      tag: TAG,
      public: true,
    }),
    validate("query", z.object({ token: z.string().min(1).max(200) })),
    async (c) => {
      const signed = await checkDownloadToken(c.env, c.req.valid("query").token);
      if (!signed) return c.json({ error: NOT_FOUND }, 404);
      const db = c.get("sessions").db(await userDatabase(c.env, c.get("directory"), signed.userId));
      const row = await db.query.dataExports.findFirst({
        where: and(eq(dataExports.id, signed.exportId), eq(dataExports.userId, signed.userId), eq(dataExports.status, "ready")),
      });
      const range = c.req.header("Range");
      const object = row ? await c.env.FILES.get(row.r2Key, range ? { range: c.req.raw.headers } : undefined).catch(() => undefined) : null;
      if (object === undefined) return c.json({ error: "The requested range is not within the file." }, 416);
      if (!row || !object) return c.json({ error: NOT_FOUND }, 404);
      const headers: Record<string, string> = {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${archiveFilename(row)}"`,
        "Accept-Ranges": "bytes",
        // The link carries its token: never sent on as a referrer.
        "Referrer-Policy": "no-referrer",
      };
      const part = object.range as { offset?: number; length?: number } | undefined;
      if (range && part && (part.offset !== undefined || part.length !== undefined)) {
        const offset = part.offset ?? 0;
        const length = part.length ?? object.size - offset;
        headers["Content-Range"] = `bytes ${offset}-${offset + length - 1}/${object.size}`;
        headers["Content-Length"] = String(length);
        return c.body(object.body, 206, headers);
      }
      headers["Content-Length"] = String(object.size);
      return c.body(object.body, 200, headers);
    },
  );

export default routes;
