import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLedger, labelFiles, labels, r2Deletions, users } from "../../worker/db/schema";
import { handleScheduled } from "../../worker/handlers/scheduled";
import type { ApiLabel } from "../../shared/label";
import { call, createUser, db, type TestUser } from "./helpers";
import { fixture } from "./import-fixtures";
import { loadReadersFirst } from "./readers";

// Every debit names its label, and an original no label uses any more does not stay behind (issue 32, item 6).

function upload(user: TestUser, name: string) {
  const form = new FormData();
  form.append("files", new File([fixture(name)], name, { type: "application/pdf" }));
  return call("/api/v1/label", { method: "POST", body: form, token: user.token });
}

const balance = async (id: number) => (await db().query.users.findFirst({ where: eq(users.id, id) }))!.credits;
const r2Keys = async (userId: number) => (await env.FILES.list({ prefix: `labels/${userId}/` })).objects.map((o) => o.key).sort();
const debits = (userId: number) =>
  db().select().from(creditLedger).where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, "label")));

/** Each label_files row is some label's file, and R2 holds exactly those rows' objects. */
async function expectNoOrphanFiles(userId: number) {
  const files = await db().select().from(labelFiles).where(eq(labelFiles.userId, userId));
  const used = new Set((await db().select({ fileId: labels.fileId }).from(labels).where(eq(labels.userId, userId))).map((l) => l.fileId));
  expect(files.filter((f) => !used.has(f.id)).map((f) => f.id)).toEqual([]);
  expect(await r2Keys(userId)).toEqual(files.map((f) => f.r2Key).sort());
}

loadReadersFirst();

describe("every debit names its label", () => {
  it("keeps one debit naming the label through concurrent re-uploads of one file, and leaves no older file in R2", async () => {
    const user = await createUser({ credits: 5 });
    // Uploads of one new file at once: one creates the label and pays, the others find it and update it.
    const first = await Promise.all([upload(user, "evri.pdf"), upload(user, "evri.pdf"), upload(user, "evri.pdf")]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    // ... and again, the label now existing.
    const again = await Promise.all([upload(user, "evri.pdf"), upload(user, "evri.pdf")]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);

    const [label] = await db().select().from(labels).where(eq(labels.userId, user.id));
    expect(await balance(user.id)).toBe(4);
    expect((await debits(user.id)).map((d) => [d.delta, d.reference])).toEqual([[-1, label.id]]);
    // The label's file is the one stored, and downloads whole.
    const [file] = await db().select().from(labelFiles).where(eq(labelFiles.userId, user.id));
    expect(file.id).toBe(label.fileId);
    await expectNoOrphanFiles(user.id);
    const dl = await call(`/api/v1/label/${label.id}/download`, { token: user.token });
    expect(new Uint8Array(await dl.arrayBuffer())).toEqual(fixture("evri.pdf"));
  }, 180_000);

  it("names each label of a file in its own debit, and keeps a file another label still uses", async () => {
    const user = await createUser({ credits: 5 });
    const res = await upload(user, "multi.pdf");
    const multi = (await res.json()) as ApiLabel[];
    expect(multi).toHaveLength(3);
    expect((await debits(user.id)).map((d) => [d.delta, d.reference]).sort()).toEqual(multi.map((l) => [-1, l.id]).sort());

    // evri.pdf holds one of multi.pdf's codes: that label moves to it, the two others keep multi.pdf.
    const moved = ((await (await upload(user, "evri.pdf")).json()) as ApiLabel[])[0];
    expect(multi.map((l) => l.id)).toContain(moved.id);
    expect(await db().select().from(labelFiles).where(eq(labelFiles.userId, user.id))).toHaveLength(2);
    await expectNoOrphanFiles(user.id);
    expect(await balance(user.id)).toBe(2);
  }, 180_000);

  it("deletes in the cron an original whose R2 deletion failed after its release", async () => {
    const user = await createUser();
    await env.FILES.put(`labels/${user.id}/file_left`, "bytes");
    await db().insert(r2Deletions).values({ key: `labels/${user.id}/file_left`, userId: user.id });
    await handleScheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    expect(await r2Keys(user.id)).toEqual([]);
    expect(await db().select().from(r2Deletions).where(eq(r2Deletions.userId, user.id))).toEqual([]);
  });
});
