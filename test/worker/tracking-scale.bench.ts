/**
 * Tracking at carrier scale, in workerd with the real D1: 100,000 due Royal Mail labels that each
 * hold one stored event, BENCH_NEWS_PERCENT (2%) of which have a newer event at the carrier. A
 * stand-in Royal Mail answers the summary and events operations in Royal Mail's formats and counts
 * every call by (simulated) minute. Each simulated minute, the cron's claim hands the due labels
 * to BENCH_CONSUMERS (10) concurrent consumers running the real jobs (runLatestTrackingJob) until
 * the minute's budget refuses them; jobs left wait in the queue, refused labels stay due.
 *
 *   npm run bench:tracking   (bench/tracking-scale.ts drives it; not part of the worker suite)
 * Checks: calls per label when nothing changed <= 1/25; 0 budget overruns; 0 updates lost.
 */
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, it, vi } from "vitest";
import { getDb } from "../../worker/db/client";
import type { JobMessage } from "../../worker/lib/jobs";
import { claimDueLabels, refreshJobs } from "../../worker/tracking/cron";
import { runLatestTrackingJob } from "../../worker/tracking/batch";

const vars = env as unknown as Record<string, string | undefined>;
const LABELS = Number(vars.BENCH_LABELS ?? 100_000);
const NEWS_PERCENT = Number(vars.BENCH_NEWS_PERCENT ?? 2);
const BUDGET = Number(vars.BENCH_BUDGET ?? 600);
const CONSUMERS = Number(vars.BENCH_CONSUMERS ?? 10);

const START = Date.parse("2026-11-23T08:00:00Z"); // a Monday
const STORED_EVENT = new Date(START - 5 * 3_600_000).toISOString();
const NEWER_EVENT = new Date(START - 3_600_000).toISOString();
const hasNews = (trackingCode: string) => Number(trackingCode.slice(2, 11)) % 100 < NEWS_PERCENT;

const benchEnv = {
  ...env,
  ROYALMAIL_API_BASE: "https://royalmail.stand-in",
  ROYALMAIL_CLIENT_ID: "bench",
  ROYALMAIL_CLIENT_SECRET: "bench",
  ROYALMAIL_CALLS_PER_MINUTE: String(BUDGET),
};

let minute = 0;
const callsByMinute = new Map<number, number>();
const summaryCalls = { n: 0 };
const eventsCalls = { n: 0 };

function standInRoyalMail() {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    callsByMinute.set(minute, (callsByMinute.get(minute) ?? 0) + 1);
    const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
    if (url.pathname === "/mailpieces/v2/summary") {
      summaryCalls.n++;
      const ids = (url.searchParams.get("mailPieceId") ?? "").split(",");
      return json({
        mailPieces: ids.map((id) => ({
          mailPieceId: id,
          status: "200",
          summary: { oneDBarcode: id, lastEventCode: hasNews(id) ? "EVKSP" : "EVNMI", lastEventName: hasNews(id) ? "Delivered" : "Item received", lastEventDateTime: hasNews(id) ? NEWER_EVENT : STORED_EVENT },
        })),
      });
    }
    const one = url.pathname.match(/^\/mailpieces\/v2\/([^/]+)\/events$/);
    if (one) {
      eventsCalls.n++;
      return json({
        mailPieces: {
          mailPieceId: one[1],
          summary: { productName: "Royal Mail Tracked 48" },
          events: [
            { eventCode: "EVKSP", eventName: "Delivered", eventDateTime: NEWER_EVENT, locationName: "Oxford DO" },
            { eventCode: "EVNMI", eventName: "Item received", eventDateTime: STORED_EVENT, locationName: "Swindon MC" },
          ],
        },
      });
    }
    return new Response("not found", { status: 404 });
  });
}

async function seed() {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await env.DB.prepare("INSERT INTO users (email, password_hash) VALUES ('bench@parcelhive.test', 'x')").run();
  const tracking = JSON.stringify({
    results: [{ sender: { displayName: null }, service: { serviceType: "Royal Mail Tracked 48" }, trackingEvents: [{ dateTime: STORED_EVENT, trackingPoint: { description: "Item received", trackingPointCode: "EVNMI" }, location: "Swindon MC" }] }],
  });
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?1 - 1)
     INSERT INTO labels (id, user_id, courier, tracking_code, details_json, source, shipped_on, created_at, updated_at,
                         tracking_json, tracking_status, last_scan_at, next_tracking_at)
     SELECT 'lbl_rm_' || i, 1, 'royalmail', 'AA' || printf('%09d', i) || 'GB', '{}', 'manual', '2026-11-22', ?2 - 86400000, ?2,
            ?3, 'in_transit', ?4, ?2 - 60000 - (i % 600) * 1000
     FROM n`,
  )
    .bind(LABELS, START, tracking, Date.parse(STORED_EVENT))
    .run();
}

it(`one pass over ${LABELS} due Royal Mail labels stays within ${BUDGET} calls a minute`, async () => {
  await seed();
  standInRoyalMail();
  const db = getDb(env.DB);
  const started = Date.now();
  const queue: JobMessage[] = [];
  let deferredTotal = 0;
  for (minute = 0; minute < 240; minute++) {
    const now = START + minute * 60_000;
    // The cron's claim: every due label (deferred ones come back first, by urgency).
    for (;;) {
      const claimed = await claimDueLabels(db, ["royalmail"], now, 500);
      if (!claimed.length) break;
      queue.push(...refreshJobs(benchEnv, claimed));
    }
    if (!queue.length) break;
    // Consumers take jobs until the minute's budget refuses them.
    let exhausted = false;
    await Promise.all(
      Array.from({ length: CONSUMERS }, async () => {
        while (!exhausted && queue.length) {
          const job = queue.shift()!;
          if (job.type !== "tracking.latest") continue;
          const r = await runLatestTrackingJob(benchEnv, getDb(env.DB), job.courier, job.labelIds, now);
          deferredTotal += r.deferred;
          if (r.deferred) exhausted = true;
        }
      }),
    );
    // Jobs not run this minute wait in the queue for the next one; labels a job could not afford
    // were left due and are claimed again.
  }
  const passMinutes = minute;
  const realMs = Date.now() - started;

  const newsLabels = Math.round((LABELS * NEWS_PERCENT) / 100);
  const stats = (await env.DB.prepare(
    `SELECT count(*) AS total,
            sum(tracking_status = 'delivered') AS delivered,
            sum(tracking_checked_at IS NOT NULL) AS checked,
            sum(next_tracking_at IS NOT NULL AND next_tracking_at <= ?1) AS stillDue
     FROM labels`,
  )
    .bind(START + passMinutes * 60_000)
    .first<{ total: number; delivered: number; checked: number; stillDue: number }>())!;
  const totalCalls = summaryCalls.n + eventsCalls.n;
  const maxPerMinute = Math.max(...callsByMinute.values());
  const result = {
    labels: LABELS,
    withNews: newsLabels,
    budgetPerMinute: BUDGET,
    consumers: CONSUMERS,
    summaryCalls: summaryCalls.n,
    eventsCalls: eventsCalls.n,
    totalCalls,
    callsPerLabel: Number((totalCalls / LABELS).toFixed(4)),
    callsPerUnchangedLabel: Number((summaryCalls.n / LABELS).toFixed(4)),
    passMinutes,
    maxCallsInAMinute: maxPerMinute,
    overruns: [...callsByMinute.values()].filter((n) => n > BUDGET).length,
    deferredLabelVisits: deferredTotal,
    updatesLost: newsLabels - stats.delivered,
    labelsNeverChecked: stats.total - stats.checked,
    realSeconds: Number((realMs / 1000).toFixed(1)),
  };
  console.log(JSON.stringify(result, null, 2));
  expect(result.overruns).toBe(0);
  expect(result.updatesLost).toBe(0);
  expect(result.labelsNeverChecked).toBe(0);
  expect(stats.stillDue).toBe(0);
  expect(result.callsPerUnchangedLabel).toBeLessThanOrEqual(1 / 25);
});
