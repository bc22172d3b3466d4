import type { Db } from "../db/client";
import { HOME_DATABASE } from "../db/databases";
import { databaseOf } from "../db/sessions";

/**
 * Messages on the JOBS queue: the slow work that routes and cron hand to the queue consumer
 * (handlers/queue.ts). One union, so producers and the consumer agree on the shapes.
 */
export type JobMessage = JobWork & {
  /** The database holding the rows the job works on (worker/db/databases.ts); absent: the home database. */
  database?: string;
};

type JobWork =
  | { type: "tracking.refresh"; labelId: string }
  /** One batched look-up (e.g. Royal Mail's summary of up to 30 parcels) for labels of one courier. */
  | { type: "tracking.latest"; courier: string; labelIds: string[] }
  | { type: "label.ocr"; labelId: string }
  | { type: "lost.notify"; labelId: string }
  /** A mail to a label's buyer (worker/buyer-mail/send.ts); kind is a moment ('shipped'…) or 'link'. */
  | { type: "buyer.mail"; labelId: string; kind: string }
  /** One attempt at sending one event to one webhook endpoint (worker/webhooks/delivery.ts); type is the event's. */
  | { type: "webhook.deliver"; endpointId: string; event: { id: string; type: string; created: number; labelId: string | null; label?: object } }
  /** The next chunks of a bulk delete, restore or purge of one user's labels (worker/privacy/label-jobs.ts). */
  | { type: "labels.job"; jobId: string }
  /** The purge of deleted labels past their 30 days, in this job's database (worker/privacy/label-deletion.ts). */
  | { type: "labels.purge-due" }
  /** The next part of removing a closed account's data (worker/privacy/account-erasure.ts); runs on the directory. */
  | { type: "account.close"; userId: number }
  /** One slice of building a 'Download my data' archive (worker/privacy/export-build.ts). */
  | { type: "export.build"; exportId: string }
  /** One part of syncing a connected shop's orders (worker/marketplaces/orders-sync.ts); no position: a new sync. */
  | { type: "marketplace.sync"; connectionId: string; position?: { startedAt: number; since: number | null; cursor: string | number | null } }
  /** Which orders awaiting dispatch these saved labels are for (worker/marketplaces/links.ts). */
  | { type: "marketplace.match"; labelIds: string[] }
  /** One try at telling a marketplace of one parcel of a linked order (worker/marketplaces/tracking-out.ts). */
  | { type: "marketplace.dispatch"; dispatchId: string };

/** Thrown by a job that wants its message retried after its own delay instead of the consumer's default backoff. */
export class RetryJobLater extends Error {
  constructor(
    readonly delaySeconds: number,
    message: string,
  ) {
    super(message);
    this.name = "RetryJobLater";
  }
}

/** `job` for the rows of `from`'s database: named unless it is the home database (messages as they always were). */
function onDatabaseOf(from: Db, job: JobMessage): JobMessage {
  const database = databaseOf(from);
  return database === HOME_DATABASE ? job : { ...job, database };
}

/** Queues `job` on the rows of `from`'s database: the consumer works on that database. */
export async function enqueue(env: Pick<Env, "JOBS">, from: Db, job: JobMessage, delaySeconds?: number) {
  await env.JOBS.send(onDatabaseOf(from, job), delaySeconds ? { delaySeconds } : undefined);
}

export async function enqueueMany(env: Pick<Env, "JOBS">, from: Db, jobs: JobMessage[]) {
  // sendBatch takes at most 100 messages per call.
  for (let i = 0; i < jobs.length; i += 100) {
    await env.JOBS.sendBatch(jobs.slice(i, i + 100).map((job) => ({ body: onDatabaseOf(from, job) })));
  }
}
