import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataExports } from "../../worker/db/schema";
import { primarySessions } from "../../worker/db/sessions";
import { closeAccount } from "../../worker/privacy/account-closure";
import { runAccountErasure } from "../../worker/privacy/account-erasure";
import { downloadUrl, requestExport } from "../../worker/privacy/export";
import type { ArchiveState } from "../../worker/privacy/export-archive";
import { PART_BYTES } from "../../worker/privacy/export-archive";
import { runExportSlice } from "../../worker/privacy/export-build";
import { seedAccount } from "./export-fixtures";
import { call, createUser, db } from "./helpers";
import { fakeJobs } from "./privacy-fixtures";

// A copy of one's data is personal data like the rest (issue 32): closing the account kills its link at once, stops a
// build, and the erasure leaves nothing of it in D1 or R2, an unfinished multipart upload included (no listing finds
// one: only the build's saved state names it).

const close = (userId: number) => closeAccount({ ...env, JOBS: fakeJobs().JOBS }, primarySessions(env), userId, { byAdmin: false, deleteMail: false });

async function erase(userId: number): Promise<void> {
  for (let messages = 0; messages < 50; messages++) {
    if (await runAccountErasure({ ...env, JOBS: fakeJobs().JOBS }, primarySessions(env).db(), userId)) return;
  }
  throw new Error("the closing queue never finished");
}

const exportRow = (id: string) => db().query.dataExports.findFirst({ where: eq(dataExports.id, id) });
const exportObjects = async (userId: number) => (await env.FILES.list({ prefix: `exports/${userId}/` })).objects.map((o) => o.key);

describe("closing an account with a copy of its data", () => {
  it("kills a ready copy's link at once, before the queue has removed anything, and leaves nothing of it", async () => {
    const user = await createUser();
    const row = await requestExport({ ...env, JOBS: fakeJobs().JOBS }, db(), user);
    expect(await runExportSlice(env, db(), row.id)).toBe("done");
    const url = new URL(await downloadUrl(env, (await exportRow(row.id))!));
    expect((await call(url.pathname + url.search)).status).toBe(200);

    await close(user.id);
    expect((await call(url.pathname + url.search)).status).toBe(404);
    await erase(user.id);
    expect(await exportRow(row.id)).toBeUndefined();
    expect(await exportObjects(user.id)).toEqual([]);
  }, 60_000);

  it("stops a copy being built, lets go of its unfinished upload's parts, and leaves nothing in R2", async () => {
    // A file over one part, then another: the build uploads a part and saves its place inside the second file.
    const { user } = await seedAccount({ sizes: [PART_BYTES + 100_000, 3_000_000], manual: 1 });
    const row = await requestExport({ ...env, JOBS: fakeJobs().JOBS }, db(), user);
    let archive: ArchiveState | undefined;
    for (let slices = 0; !archive?.parts.length; slices++) {
      expect(slices).toBeLessThan(100);
      expect(await runExportSlice(env, db(), row.id, { ms: 60_000, calls: 3 })).toBe("more");
      archive = (JSON.parse((await exportRow(row.id))!.stateJson!) as { archive: ArchiveState }).archive;
    }

    await close(user.id);
    // The build's next message finds it stopped.
    expect(await runExportSlice(env, db(), row.id)).toBe("gone");
    await erase(user.id);
    expect(await exportRow(row.id)).toBeUndefined();
    expect(await exportObjects(user.id)).toEqual([]);
    // Its uploaded parts are gone too: the upload can no longer be completed into an archive.
    await expect(env.FILES.resumeMultipartUpload(archive!.key, archive!.uploadId).complete(archive!.parts)).rejects.toThrow();
    expect(await env.FILES.head(archive!.key)).toBeNull();
  }, 60_000);
});
