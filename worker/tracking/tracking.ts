import { and, eq, sql } from "drizzle-orm";
import type { CarrierAnswer, CourierEnv, CourierTracking } from "../couriers/courier";
import { courierById } from "../couriers/registry";
import { CarrierError, type CarrierHttpOptions } from "../couriers/tracking-http";
import type { Db } from "../db/client";
import { labels, type LabelRow } from "../db/schema";
import { log } from "../lib/log";
import type { LabelDetails, TrackingResult, TrackingStatus } from "../../shared/label";
import { closedOnArrival } from "../deadlines/deadlines";
import { labelActionWindow } from "../deadlines/action-window";
import { deadlineInput } from "../deadlines/label-input";
import { deliveryFacts, labelService } from "./delivery-facts";
import { mergeEvents, summariseEvents } from "./events";
import { evaluateLostRules, lostThresholds, lostTransition, queueLostNotice, serviceDays } from "../deadlines/lost";
import { pauseCarrier, takeCarrierCalls } from "./carrier-budget";
import { releaseLease, tryLease } from "./leases";
import { queueWebhookEvents } from "../webhooks/events";
import { purgePages } from "../labels/tracking-page-cache";
import { queueBuyerMails } from "../buyer-mail/moments";

/**
 * Tracking: fetching a label's carrier events, storing them (labels.tracking_json as
 * `{ results: [{ sender, service, trackingEvents }] }`, events newest first) with a normalised status, the delivery time and the last
 * scan, evaluating the lost rules on the fresh data, and scheduling the next refresh.
 *
 * Refreshes run in the queue (cron claims due labels through labels.next_tracking_at) or on demand
 * from the label detail; a lease makes sure one label is never refreshed twice at once.
 */

/** The queue's and the cron's bindings, and each courier's tracking configuration. */
export type TrackingEnv = Pick<Env, "JOBS"> & CourierEnv;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long one refresh may hold its label: two carrier calls with their retries fit well inside. */
export const REFRESH_LEASE_MS = 3 * MINUTE;
/** Tracking stops once nothing has happened for this long. */
export const STALE_AFTER_MS = 30 * DAY;
/** A queued refresh this soon after the last check is a duplicate delivery: skip it. */
const DUPLICATE_WINDOW_MS = 5 * MINUTE;

/** The carrier client for a courier, or null when its tracking is not configured. */
export function trackingClientFor(env: TrackingEnv, courier: string): CourierTracking | null {
  return courierById(courier)?.trackingClient(env) ?? null;
}

const ms = (iso: string) => Date.parse(iso);

/** A label-specific offset (0-9% of the interval) so labels created together do not refresh together. */
function jitter(id: string, interval: number): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return Math.floor(((h % 1000) / 1000) * 0.09 * interval);
}

/**
 * When to look again: never once delivered or 30 days without news; hourly while out for delivery
 * or in the first day, then every 3 hours up to day 3, 6 hours up to day 7, 12 hours after that.
 */
export function nextRefreshAt(now: number, p: { id: string; createdAt: number; lastScanAt: number | null; status: TrackingStatus | null }): number | null {
  if (p.status === "delivered" || p.status === "collected") return null;
  if (now - Math.max(p.createdAt, p.lastScanAt ?? 0) > STALE_AFTER_MS) return null;
  const age = now - p.createdAt;
  const interval = p.status === "out_for_delivery" || age < DAY ? HOUR : age < 3 * DAY ? 3 * HOUR : age < 7 * DAY ? 6 * HOUR : 12 * HOUR;
  return now + interval + jitter(p.id, interval);
}

function storedTracking(row: LabelRow): { results: TrackingResult[] } | null {
  if (!row.trackingJson) return null;
  try {
    const t = JSON.parse(row.trackingJson) as { results?: TrackingResult[] };
    return Array.isArray(t?.results) ? { results: t.results } : null;
  } catch {
    return null;
  }
}

function storedDetails(row: LabelRow): Partial<LabelDetails> {
  try {
    return JSON.parse(row.detailsJson) as Partial<LabelDetails>;
  } catch {
    return {};
  }
}

/** The lost rules' clock starts when the label was created (its own date when older than the row). */
function labelCreatedAt(row: LabelRow, details: Partial<LabelDetails>, now: number): number {
  const shipped = details.shippingLabelCreatedAt ? ms(details.shippingLabelCreatedAt) : NaN;
  return !Number.isNaN(shipped) && shipped < row.createdAt && shipped <= now ? shipped : row.createdAt;
}

export type RefreshResult =
  | { kind: "refreshed" | "unknown"; status: TrackingStatus | null; flagged: boolean; events: number }
  | { kind: "failed"; error: CarrierError }
  | { kind: "busy" | "unavailable" | "missing" | "duplicate" | "deferred" };

export interface RefreshOptions {
  now?: number;
  http?: CarrierHttpOptions;
  /** The refresh button: run even if the label was checked moments ago. */
  force?: boolean;
}

/** Fetches, stores and evaluates one label. Never throws for a carrier problem: it is recorded on the label. */
export async function refreshLabelTracking(env: TrackingEnv, db: Db, labelId: string, opts: RefreshOptions = {}): Promise<RefreshResult> {
  const now = opts.now ?? Date.now();
  const row = await db.query.labels.findFirst({ where: eq(labels.id, labelId) });
  if (!row) return { kind: "missing" };
  const client = trackingClientFor(env, row.courier);
  if (!client) return { kind: "unavailable" };
  if (!opts.force && row.trackingCheckedAt !== null && now - row.trackingCheckedAt < DUPLICATE_WINDOW_MS) return { kind: "duplicate" };

  const lease = await tryLease(db, `tracking:${labelId}`, now, REFRESH_LEASE_MS);
  if (!lease) return { kind: "busy" };
  try {
    if (!(await takeCarrierCalls(db, client.id, client.callsPerFetch, client.callsPerMinute, now))) {
      await deferForBudget(db, [row], now);
      return { kind: "deferred" };
    }
    let answer: CarrierAnswer;
    try {
      answer = await client.fetch(row.trackingCode, opts.http);
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      await recordFailure(db, row, err, now);
      if (err.retryAfterMs !== undefined) await pauseCarrier(db, client.id, now + err.retryAfterMs);
      return { kind: "failed", error: err };
    }
    return await storeAnswer(env, db, row, client, answer, now);
  } finally {
    await releaseLease(db, lease);
  }
}

/** A carrier answer, or a batched look-up's word that nothing changed since the stored events. */
export type StoredAnswer = CarrierAnswer | { kind: "unchanged" };

/**
 * Labels whose carrier call did not fit the minute's budget stay due, ordered by urgency for the
 * next pass (the cron takes due labels oldest next_tracking_at first): out for delivery first,
 * then the oldest news (last scan, else creation). Never dropped.
 */
export async function deferForBudget(db: Db, rows: LabelRow[], now: number): Promise<void> {
  for (const row of rows) {
    const dueAt = row.trackingStatus === "out_for_delivery" ? now - STALE_AFTER_MS : Math.min(now, row.lastScanAt ?? row.createdAt);
    await db.update(labels).set({ nextTrackingAt: dueAt }).where(eq(labels.id, row.id));
  }
}

export async function storeAnswer(env: TrackingEnv, db: Db, row: LabelRow, client: CourierTracking, answer: StoredAnswer, now: number): Promise<RefreshResult> {
  const previous = storedTracking(row);
  const oldEvents = previous?.results[0]?.trackingEvents ?? [];
  let tracking = previous;
  if (answer.kind === "found") {
    const events = mergeEvents(oldEvents, answer.result.trackingEvents);
    tracking = { results: [{ ...answer.result, trackingEvents: events }] };
  }
  const events = tracking?.results[0]?.trackingEvents ?? [];
  const summary = summariseEvents(events, client.eventStatus);
  const status: TrackingStatus = summary.status ?? "unknown";
  const details = storedDetails(row);
  const delivered = status === "delivered" || status === "collected";

  // A label that arrived after its claim window closed is history: never flagged (nor mailed about).
  const closed = closedOnArrival(deadlineInput(row, { ...details, tracking }), row.createdAt);
  const reason = closed ? null : evaluateLostRules(
    {
      createdAt: labelCreatedAt(row, details, now),
      firstScanAt: summary.firstScanAt,
      lastScanAt: summary.lastScanAt,
      status,
      serviceDays: serviceDays(tracking?.results[0]?.service?.serviceType, details.isNextDay),
    },
    lostThresholds(env),
    now,
  );
  // A parcel the user marked (claimed, found, delivered) is never flagged again.
  const lost = row.outcome ? null : lostTransition({ potentiallyLost: row.potentiallyLost, lastScanAt: row.lastScanAt }, { lastScanAt: summary.lastScanAt, reason, delivered }, now);
  const deliveredIso = delivered && summary.deliveredAt !== null ? new Date(summary.deliveredAt).toISOString() : null;
  const changed = events.length !== oldEvents.length || status !== row.trackingStatus;
  const deliveredAt = delivered ? summary.deliveredAt : null;
  const facts = deliveryFacts({ ...summary, ...labelService(tracking?.results[0], details), createdAt: row.createdAt, courier: row.courier, shippedOn: row.shippedOn, deliveredAt });
  // The deadlines' inputs as saved here: the 'Needs action' list finds the label by them (deadlines/action-window.ts).
  const window = labelActionWindow(
    { ...row, trackingStatus: status, deliveredAt, firstScanAt: facts.firstScanAt, lastScanAt: summary.lastScanAt, potentiallyLost: lost?.potentiallyLost ?? row.potentiallyLost },
    { ...details, ...(deliveredIso ? { deliveredAt: deliveredIso } : {}), tracking },
  );

  await db
    .update(labels)
    .set({
      trackingJson: tracking ? JSON.stringify(tracking) : row.trackingJson,
      trackingStatus: status,
      trackingError: answer.kind === "unchanged" ? null : answerNote(client.name, answer),
      trackingCheckedAt: now,
      lastScanAt: summary.lastScanAt,
      deliveredAt,
      nextTrackingAt: answer.kind === "untracked" || row.outcome === "found" || row.outcome === "delivered" ? null : nextRefreshAt(now, { id: row.id, createdAt: row.createdAt, lastScanAt: summary.lastScanAt, status }),
      ...(deliveredIso
        ? {
            detailsJson: sql`case when json_valid(${labels.detailsJson}) then json_set(${labels.detailsJson}, '$.deliveredAt', ${deliveredIso}) else ${labels.detailsJson} end`,
          }
        : {}),
      ...(changed ? { updatedAt: now } : {}),
      ...(lost ?? {}),
      ...facts,
      ...window,
    })
    .where(eq(labels.id, row.id));

  // The buyer's page shows the new state at once (its cached copies are dropped).
  if (row.pageToken && (changed || lost)) await purgePages(env, [row.pageToken]);
  const flagged = lost?.potentiallyLost === true;
  const deliveredNow = delivered && row.trackingStatus !== "delivered" && row.trackingStatus !== "collected";
  await queueWebhookEvents(env, db, row.userId, [
    ...(events.length !== oldEvents.length ? [{ type: "tracking.updated" as const, labelId: row.id }] : []),
    ...(deliveredNow ? [{ type: "parcel.delivered" as const, labelId: row.id }] : []),
    ...(flagged ? [{ type: "parcel.potentially_lost" as const, labelId: row.id }] : []),
  ]);
  const wasDelivered = row.deliveredAt !== null || row.trackingStatus === "delivered" || row.trackingStatus === "collected";
  await queueBuyerMails(
    env,
    db,
    row,
    {
      before: { firstScanAt: row.firstScanAt, status: row.trackingStatus, delivered: wasDelivered, lost: row.potentiallyLost },
      after: { firstScanAt: summary.firstScanAt, lastScanAt: summary.lastScanAt, status, deliveredAt: summary.deliveredAt, lost: lost ? lost.potentiallyLost === true : row.potentiallyLost },
    },
    now,
  );
  if (flagged) {
    log("info", "label potentially lost", { labelId: row.id, reason });
    try {
      await queueLostNotice(env, db, row.id);
    } catch (err) {
      // The cron's sweep (enqueueUnsentLostNotices) sends it later.
      log("warn", "could not enqueue lost notice", { labelId: row.id, error: String(err) });
    }
  }
  return { kind: answer.kind === "found" || answer.kind === "unchanged" ? "refreshed" : "unknown", status, flagged, events: events.length };
}

/** What the label says about an answer without events (null when it had events). */
function answerNote(carrier: string, answer: CarrierAnswer): string | null {
  switch (answer.kind) {
    case "found":
      return null;
    case "unknown":
      return `${carrier} has no tracking for this parcel yet.`;
    case "pending":
      return `${carrier} will show updates once the parcel is in its network (allow up to 3 working days).`;
    case "untracked":
      return `${carrier} does not track this service, so there are no updates to show.`;
  }
}

/** A carrier problem: recorded on the label, earlier events and state untouched, retried later. */
export async function recordFailure(db: Db, row: LabelRow, err: CarrierError, now: number) {
  // A rate limit says when to come back; an outage is tried again within the hour; a refused
  // request (credentials, a request we built wrong) waits for an administrator, not a retry loop.
  const wait = err.retryAfterMs !== undefined ? Math.max(err.retryAfterMs, MINUTE) : err.kind === "unavailable" ? HOUR : 6 * HOUR;
  const stale = now - Math.max(row.createdAt, row.lastScanAt ?? 0) > STALE_AFTER_MS;
  await db
    .update(labels)
    .set({ trackingError: err.message, nextTrackingAt: stale ? null : now + wait + jitter(row.id, wait) })
    .where(eq(labels.id, row.id));
  log(err.kind === "rejected" ? "error" : "warn", "tracking refresh failed", { labelId: row.id, kind: err.kind, status: err.httpStatus, code: err.code, error: err.message });
}

/** The signed-in user's own label, or undefined (another user's label is not found). */
export async function findOwnLabel(db: Db, userId: number, labelId: string) {
  return db.query.labels.findFirst({ where: and(eq(labels.id, labelId), eq(labels.userId, userId)) });
}

/** The queue's 'tracking.refresh' job: a carrier outage throws, so the message retries with backoff. */
export async function runTrackingRefreshJob(env: TrackingEnv, db: Db, labelId: string, now = Date.now()): Promise<void> {
  const result = await refreshLabelTracking(env, db, labelId, { now });
  if (result.kind === "failed" && result.error.retryable) throw result.error;
}
