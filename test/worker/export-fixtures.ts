// A seeded account for the 'Download my data' tests and bench: uploaded files (one with three labels, one larger than
// an archive part), manual labels with tags, notes, buyer e-mails and tracking events, ledger rows, branding with a
// banner, a webhook with a delivery, an API key, a session, buyer mails and an alert. Everything a secret is recorded,
// so the tests can look for it in the archive.
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { buyerMails, labelAlerts, labels, refreshTokens, users, webhookDeliveries, webhookEndpoints } from "../../worker/db/schema";
import { createManualLabel, saveImportedLabels } from "../../worker/labels/save";
import { sha256Hex } from "../../worker/lib/crypto";
import { createUser, db, type TestUser } from "./helpers";
import { evriCode, royalMailCode } from "./labels-fixtures";

export interface SeededAccount {
  user: TestUser;
  /** Values that must never leave in an export. */
  secrets: string[];
  labelIds: string[];
  events: number;
}

const noJobs = { JOBS: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue };

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 65536) crypto.getRandomValues(out.subarray(i, Math.min(n, i + 65536)));
  return out;
}

const address = (name: string, postcode: string) => ({ name, address: ["12 Rose Lane", "Leeds"], postcode, countryCode: "GB" });

/** Uploads `sizes.length` files of those sizes with `perFile` labels each (the first file has three). */
export async function seedAccount(opts: { sizes: number[]; manual: number }): Promise<SeededAccount> {
  const user = await createUser({ credits: opts.sizes.length * 3 + opts.manual + 10 });
  const apiKey = `phk_exportsecretkey${user.id}x0123456789`;
  const banner = randomBytes(2000);
  await env.FILES.put(`banners/${user.id}/b1`, banner);
  await db()
    .update(users)
    .set({
      companyName: "Rose & Thorn Ltd",
      companyTagline: "Roses by post",
      brandColor: "#aa3355",
      bannerKey: `banners/${user.id}/b1`,
      bannerMime: "image/png",
      developerKeyHash: await sha256Hex(apiKey),
      developerKeyMasked: "phk_…6789",
      buyerMailMoments: '["shipped","delivered"]',
    })
    .where(eq(users.id, user.id));
  const row = (await db().query.users.findFirst({ where: eq(users.id, user.id) }))!;
  const refreshHash = await sha256Hex(`refresh-${user.id}`);
  await db().insert(refreshTokens).values({ userId: user.id, familyId: "fam", tokenHash: refreshHash, expiresAt: Date.now() + 86_400_000 });
  const webhookSecret = `whsec_${crypto.randomUUID().replace(/-/g, "")}`;
  await db().insert(webhookEndpoints).values({ id: `wh_${user.id}`, userId: user.id, url: "https://hooks.example.com/parcels", eventsJson: '["label.created"]', secret: webhookSecret });
  await db().insert(webhookDeliveries).values({ endpointId: `wh_${user.id}`, eventId: "evt_1", eventType: "label.created", attempt: 1, statusCode: 200, ok: true, durationMs: 41 });

  const labelIds: string[] = [];
  for (const [i, size] of opts.sizes.entries()) {
    const fileId = `file_${user.id}_${i}`;
    const r2Key = `labels/${user.id}/${fileId}`;
    await env.FILES.put(r2Key, randomBytes(size));
    const codes = i === 0 ? [evriCode(), royalMailCode(), evriCode()] : [evriCode()];
    const saved = await saveImportedLabels(db(), noJobs, {
      userId: user.id,
      file: { id: fileId, r2Key, name: `label ${i}, "Zoë".pdf`, mime: "application/pdf", size, pages: codes.length },
      labels: codes.map((code, page) => ({ page: page + 1, details: { courier: code.endsWith("GB") ? "royalmail" : "evri", trackingCode: code, countryCode: "GB", address: address(`Recipient ${i}-${page}`, "LS1 4AP") }, ocrPending: false })),
      notes: i % 2 ? "fragile" : undefined,
    });
    labelIds.push(...saved.map((l) => l.id));
  }
  let events = 0;
  for (let i = 0; i < opts.manual; i++) {
    const { label } = await createManualLabel(db(), noJobs, user.id, {
      details: { courier: "evri", trackingCode: evriCode(), countryCode: "GB", address: address(`Buyer ${i} O'Neil`, "SW1A 1AA"), weightInGrams: 500 + i },
      tags: ["ebay", `batch-${i % 3}`],
      notes: i % 2 ? "=SUM(A1) left at the door, \"ring twice\"" : "",
      buyerEmail: `buyer${i}@example.com`,
    });
    const trackingEvents = Array.from({ length: i % 4 }, (_, e) => ({ dateTime: new Date(Date.UTC(2026, 10, 1 + e)).toISOString(), trackingPoint: { description: `Event ${e}, hub "A"` } }));
    events += trackingEvents.length;
    await db().update(labels).set({ trackingJson: JSON.stringify({ results: [{ trackingEvents: trackingEvents.reverse() }] }) }).where(eq(labels.id, label.id));
    if (i === 0) {
      await db().insert(buyerMails).values({ labelId: label.id, kind: "shipped", userId: user.id, day: "2026-11-02", status: "sent", at: Date.now() });
      await db().insert(labelAlerts).values({ labelId: label.id, kind: "act_early", sentAt: Date.now() });
    }
    labelIds.push(label.id);
  }
  return { user, secrets: [row.passwordHash, apiKey, row.developerKeyHash!, webhookSecret, refreshHash], labelIds, events };
}
