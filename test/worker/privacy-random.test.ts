import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteQueuedR2Objects } from "../../worker/lib/r2-deletions";
import { createManualLabel, saveImportedLabels } from "../../worker/labels/save";
import { updateNotesAndTags } from "../../worker/labels/notes-and-tags";
import { deleteLabels, purgeLabels, restoreLabels } from "../../worker/privacy/label-deletion";
import { shareTrackingPage } from "../../worker/tracking-page/pages";
import { seeded } from "../fixtures/random";
import { call } from "./helpers";
import { evriCode } from "./labels-fixtures";
import { balanceAndLedger, fakeJobs, home, sender, senderDb } from "./privacy-fixtures";

// Uploads, re-uploads, manual labels, tag edits, shared pages, deletions, restores and purges drawn at random and
// interleaved: after every step the ledger is exact (the balance is its sum, each new code paid once, nothing given
// back), every analytics rollup equals a recount of the labels, and no row or R2 object is left without its owner.
// A fresh seed each run, printed; PRIVACY_SEED=… replays it. Runs in both worker projects (DB and DB_2).

const SEED = Number(env.PRIVACY_SEED) || crypto.getRandomValues(new Uint32Array(1))[0];
const OPS = ["upload", "reupload", "manual", "tags", "share", "delete", "restore", "purge"] as const;
type Op = (typeof OPS)[number];


const DAY = 86_400_000;
const rows = <T>(q: ReturnType<typeof sql>) => senderDb().all<T>(q);

/** Each rollup next to a recount of what it counts, for the user: the two must be equal. */
async function rollupsAndRecounts(userId: number) {
  const pairs = {
    day: [
      sql`select day, courier, lost, next_day, labels, weight_sum, weight_count from label_day_stats where user_id = ${userId} order by 1, 2, 3, 4`,
      sql`select shipped_on as day, courier, potentially_lost as lost, coalesce(is_next_day, -1) as next_day, count(*) as labels,
            coalesce(sum(weight_grams), 0) as weight_sum, count(weight_grams) as weight_count from labels where user_id = ${userId} group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    ],
    status: [
      sql`select day, courier, status, sum(labels) as labels from label_status_day_stats where user_id = ${userId} group by 1, 2, 3 order by 1, 2, 3`,
      sql`select shipped_on as day, courier, parcel_status as status, count(*) as labels from labels where user_id = ${userId} group by 1, 2, 3 order by 1, 2, 3`,
    ],
    tag: [
      sql`select tag, day, courier, sum(labels) as labels, sum(weight_sum) as weight_sum from label_tag_day_stats where user_id = ${userId} group by 1, 2, 3 order by 1, 2, 3`,
      sql`select t.tag, l.shipped_on as day, l.courier, count(*) as labels, coalesce(sum(l.weight_grams), 0) as weight_sum
            from label_tags t join labels l on l.id = t.label_id where l.user_id = ${userId} group by 1, 2, 3 order by 1, 2, 3`,
    ],
    tagSets: [
      sql`select coalesce(sum(labels), 0) as n from label_tag_set_day_stats where user_id = ${userId}`,
      sql`select count(*) as n from labels l where l.user_id = ${userId} and exists (select 1 from label_tags t where t.label_id = l.id)`,
    ],
    search: [
      sql`select count(*) as n from labels_search where rowid >= ${userId * 2 ** 32} and rowid < ${(userId + 1) * 2 ** 32}`,
      sql`select count(*) as n from labels where user_id = ${userId}`,
    ],
  };
  const out: Record<string, [unknown, unknown]> = {};
  for (const [name, [rollup, recount]] of Object.entries(pairs)) out[name] = [await rows(rollup), await rows(recount)];
  return out;
}

/** Rows and objects whose owner is gone: each list must be empty. */
async function orphans(userId: number) {
  const found = {
    tags: await rows(sql`select label_id from label_tags where label_id not in (select id from labels)`),
    tagSets: await rows(sql`select label_id from label_tag_sets where label_id not in (select id from labels)`),
    alerts: await rows(sql`select label_id from label_alerts where label_id not in (select id from labels)`),
    buyerMails: await rows(sql`select label_id from buyer_mails where label_id not in (select id from labels)`),
    // A file no label uses, live or recently deleted.
    files: await rows(sql`select id from label_files where user_id = ${userId} and id not in (select file_id from labels where file_id is not null)
      and id not in (select file_id from deleted_labels where file_id is not null)`),
    deletedWithoutFile: await rows(sql`select label_id from deleted_labels where file_id is not null and file_id not in (select id from label_files)`),
    pagesWithoutLabel: [] as unknown[],
    objects: [] as string[],
  };
  const tokens = new Set((await rows<{ t: string }>(sql`select page_token as t from labels where user_id = ${userId} and page_token is not null`)).map((r) => r.t));
  const entries = await home().all<{ token: string }>(sql`select token from tracking_page_tokens where user_id = ${userId}`);
  found.pagesWithoutLabel = entries.filter((e) => !tokens.has(e.token));
  const keys = new Set((await rows<{ k: string }>(sql`select r2_key as k from label_files where user_id = ${userId}`)).map((r) => r.k));
  found.objects = (await env.FILES.list({ prefix: `labels/${userId}/` })).objects.map((o) => o.key).filter((k) => !keys.has(k));
  return found;
}

describe(`deleting, restoring and purging among everything else (PRIVACY_SEED=${SEED})`, () => {
  it("keeps the ledger exact, the analytics equal to a recount, and nothing orphaned", async () => {
    console.log(`privacy random: PRIVACY_SEED=${SEED}`);
    const { rand, pick } = seeded(SEED);
    const START = 400;
    const user = await sender(START);
    const db = senderDb();
    const jobs = fakeJobs();
    const codes: string[] = [];
    const files: { id: string; r2Key: string }[] = [];
    let paid = 0;
    const seen = new Map<Op, number>(OPS.map((o) => [o, 0]));
    const live = async () => (await rows<{ id: string }>(sql`select id from labels where user_id = ${user.id}`)).map((r) => r.id);
    const trash = async () => (await rows<{ id: string }>(sql`select label_id as id from deleted_labels where user_id = ${user.id}`)).map((r) => r.id);
    const some = <T>(xs: T[]) => xs.filter(() => rand() < 0.4).slice(0, 4);
    const details = (code: string) => ({
      courier: "evri",
      trackingCode: code,
      countryCode: "GB",
      weightInGrams: rand() < 0.8 ? 100 + Math.floor(rand() * 3000) : null,
      isNextDay: rand() < 0.5,
      shippingLabelCreatedAt: new Date(Date.now() - Math.floor(rand() * 20) * DAY).toISOString(),
      address: { name: `Buyer ${Math.floor(rand() * 1e6)}`, address: ["1 Street"], postcode: "LS1 1AA", countryCode: "GB" },
    });
    const isNew = async (code: string) => (await rows(sql`select 1 from labels where user_id = ${user.id} and tracking_code = ${code}`)).length === 0;

    async function step(op: Op) {
      if (op === "upload" || op === "reupload") {
        const id = `file_${Math.floor(rand() * 1e12).toString(36)}`;
        const file = { id, r2Key: `labels/${user.id}/${id}`, name: "l.pdf", mime: "application/pdf", size: 10, pages: 3 };
        const taken = op === "reupload" && codes.length ? [pick(codes)] : [];
        const batch = [...new Set([...taken, ...Array.from({ length: taken.length ? Math.floor(rand() * 2) : 1 + Math.floor(rand() * 2) }, () => evriCode())])];
        let fresh = 0;
        for (const c of batch) if (await isNew(c)) fresh++;
        await env.FILES.put(file.r2Key, "pdf");
        await saveImportedLabels(db, jobs, { userId: user.id, file, labels: batch.map((c, i) => ({ page: i + 1, ocrPending: false, details: details(c) })) });
        // As the upload does after saving: the originals its re-import released are deleted from R2.
        await deleteQueuedR2Objects(db, env.FILES, user.id);
        paid += fresh;
        codes.push(...batch.filter((c) => !codes.includes(c)));
        files.push(file);
        return true;
      }
      if (op === "manual") {
        const code = rand() < 0.3 && codes.length ? pick(codes) : evriCode();
        if (await isNew(code)) paid++;
        await createManualLabel(db, jobs, user.id, { details: details(code), tags: some(["ebay", "gift", "fragile", "etsy"]) });
        if (!codes.includes(code)) codes.push(code);
        return true;
      }
      const labels = await live();
      if (op === "tags" && labels.length) {
        await updateNotesAndTags(db, user.id, pick(labels), { notes: "n", tags: some(["ebay", "gift", "fragile", "etsy", "b2b"]) });
        return true;
      }
      if (op === "share" && labels.length) {
        await shareTrackingPage(db, home(), user.id, pick(labels));
        return true;
      }
      if (op === "delete" && labels.length) return (await deleteLabels({ ...env, JOBS: jobs.JOBS }, db, user.id, some(labels).length ? some(labels) : [pick(labels)])) > 0;
      const deleted = await trash();
      if (op === "restore" && deleted.length) {
        await restoreLabels({ ...env, JOBS: jobs.JOBS }, db, user.id, some(deleted).length ? some(deleted) : [pick(deleted)]);
        return true;
      }
      if (op === "purge" && deleted.length) return (await purgeLabels(env, db, some(deleted).length ? some(deleted) : [pick(deleted)])) > 0;
      return false;
    }

    // Draw until every kind of step has come up a few times (at least 60 steps).
    for (let n = 0; n < 60 || [...seen.values()].some((v) => v < 3); n++) {
      expect(n, "every kind of step came up within 600 steps").toBeLessThan(600);
      const op = pick(OPS);
      if (!(await step(op))) continue;
      seen.set(op, seen.get(op)! + 1);
      const ledger = await balanceAndLedger(db, user.id);
      expect(ledger, `after step ${n} (${op})`).toEqual({ balance: START - paid, ledger: START - paid });
      if (n % 5 === 0) {
        for (const [name, [rollup, recount]] of Object.entries(await rollupsAndRecounts(user.id))) expect(rollup, `${name} after step ${n} (${op})`).toEqual(recount);
        expect(await orphans(user.id), `after step ${n} (${op})`).toEqual({ tags: [], tagSets: [], alerts: [], buyerMails: [], files: [], deletedWithoutFile: [], pagesWithoutLabel: [], objects: [] });
      }
    }
    for (const [name, [rollup, recount]] of Object.entries(await rollupsAndRecounts(user.id))) expect(rollup, name).toEqual(recount);
    expect(await orphans(user.id)).toEqual({ tags: [], tagSets: [], alerts: [], buyerMails: [], files: [], deletedWithoutFile: [], pagesWithoutLabel: [], objects: [] });
    // The screens agree: the list's total and the analytics count the live labels only.
    const total = ((await (await call("/api/v1/labels", { token: user.token })).json()) as { total: number }).total;
    expect(total).toBe((await live()).length);
    const summary = (await (await call("/api/v1/labels/analytics/summary", { token: user.token })).json()) as { totals: { rows: number } };
    expect(summary.totals.rows).toBe((await live()).length);
    console.log(`privacy random: ${[...seen].map(([k, v]) => `${k} ${v}`).join(", ")}; ${(await live()).length} live, ${(await trash()).length} deleted`);
  });
});
