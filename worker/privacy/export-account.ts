import { and, asc, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { creditLedger, deletedLabels, labelImportAddresses, labels, marketplaceConnections, webhookDeliveries, webhookEndpoints, type User } from "../db/schema";
import { ownerMoments } from "../../shared/buyer-mail";
import { csvRow } from "../labels/csv";
import { DELIVERY_LOG_KEEP } from "../webhooks/model";
import { endpointEvents } from "../webhooks/endpoints";
import { EVENT_CSV_COLUMNS, LABEL_CSV_COLUMNS } from "./export-labels";

/**
 * The account's part of 'Download my data': the account and its settings, the webhooks, the credit ledger and the
 * README that says what each file holds. Never a secret: no password hash, API key or its hash, webhook signing
 * secret, session or link token (the export test checks the archive for each).
 */

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** The banner's place in the archive, by its type. */
export const bannerPath = (mime: string | null) => `branding/banner.${mime === "image/jpeg" ? "jpg" : mime === "image/webp" ? "webp" : "png"}`;

/** account.json: who the account is and every setting it holds. */
export async function accountJson(db: Db, user: User, exportedAt: number, retention: unknown): Promise<string> {
  const address = await db.select({ token: labelImportAddresses.token }).from(labelImportAddresses).where(eq(labelImportAddresses.userId, user.id));
  const shops = await db
    .select({ marketplace: marketplaceConnections.marketplace, shopName: marketplaceConnections.shopName, status: marketplaceConnections.status, createdAt: marketplaceConnections.createdAt })
    .from(marketplaceConnections)
    .where(eq(marketplaceConnections.userId, user.id));
  const account = {
    exportedAt: iso(exportedAt),
    account: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: iso(user.createdAt),
      credits: user.credits,
      marketingConsent: user.marketingConsent,
      developerApiKey: user.developerKeyMasked ? "generated (only its masked form is kept: regenerate it in Settings to use the API again)" : null,
      subscriptionStatus: user.subscriptionStatus ?? null,
    },
    branding: {
      companyName: user.companyName ?? null,
      companyTagline: user.companyTagline ?? null,
      brandColor: user.brandColor ?? null,
      banner: user.bannerKey ? bannerPath(user.bannerMime) : null,
    },
    buyerTrackingEmails: { moments: ownerMoments(user.buyerMailMoments) },
    privacy: retention,
    // The address is a key to the account (mail to it is imported and charged): like every token, not exported.
    labelImportAddress: address[0] ? "set: shown in Settings (not exported, as it lets anyone who has it add labels)" : null,
    // Connected shops without their tokens (keys to the seller's marketplace accounts, never exported).
    marketplaceConnections: shops.map((s) => ({ marketplace: s.marketplace, shop: s.shopName, status: s.status, connectedAt: iso(s.createdAt) })),
  };
  return `${JSON.stringify(account, null, 2)}\n`;
}

/** webhooks.json: each endpoint (without its signing secret) with its last delivery attempts. */
export async function webhooksJson(db: Db, userId: number): Promise<{ text: string; reads: number }> {
  const endpoints = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(webhookEndpoints.createdAt);
  const out = [];
  for (const e of endpoints) {
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, e.id)).orderBy(desc(webhookDeliveries.id)).limit(DELIVERY_LOG_KEEP);
    out.push({
      id: e.id,
      url: e.url,
      events: endpointEvents(e),
      enabled: e.enabled,
      createdAt: iso(e.createdAt),
      updatedAt: iso(e.updatedAt),
      deliveries: deliveries.map((d) => ({
        eventId: d.eventId,
        eventType: d.eventType,
        attempt: d.attempt,
        statusCode: d.statusCode,
        ok: d.ok,
        error: d.error,
        durationMs: d.durationMs,
        at: iso(d.createdAt),
      })),
    });
  }
  return { text: `${JSON.stringify({ endpoints: out }, null, 2)}\n`, reads: 1 + endpoints.length };
}

export const LEDGER_CSV_COLUMNS = ["date", "change", "balance", "reason", "tracking_code", "reference"] as const;
export const LEDGER_ROWS_PER_PAGE = 2000;

export interface LedgerCursor {
  createdAt: number;
  id: number;
  balance: number;
}

/**
 * A page of the credit ledger, oldest first, with the balance after each row: a debit names its label's tracking code
 * while the label exists (and its label id in `reference`).
 */
export async function ledgerPage(db: Db, userId: number, after: LedgerCursor | null): Promise<{ text: string; next: LedgerCursor | null; rows: number }> {
  const rows = await db
    .select({
      id: creditLedger.id,
      createdAt: creditLedger.createdAt,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      reference: creditLedger.reference,
      // The label's code, a deleted one's too while it is in Recently deleted (a purge forgets the link).
      trackingCode: sql<string | null>`coalesce(${labels.trackingCode}, ${deletedLabels.trackingCode})`,
    })
    .from(creditLedger)
    .leftJoin(labels, and(eq(labels.id, creditLedger.reference), eq(labels.userId, userId)))
    .leftJoin(deletedLabels, and(eq(deletedLabels.labelId, creditLedger.reference), eq(deletedLabels.userId, userId)))
    .where(
      and(
        eq(creditLedger.userId, userId),
        after ? or(gt(creditLedger.createdAt, after.createdAt), and(eq(creditLedger.createdAt, after.createdAt), gt(creditLedger.id, after.id))) : undefined,
      ),
    )
    .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id))
    .limit(LEDGER_ROWS_PER_PAGE);
  let balance = after?.balance ?? 0;
  const text = rows
    .map((r) => {
      balance += r.delta;
      return csvRow([iso(r.createdAt), r.delta, balance, r.reason, r.trackingCode ?? "", r.reference ?? ""]);
    })
    .join("");
  const last = rows.at(-1);
  return { text, rows: rows.length, next: rows.length === LEDGER_ROWS_PER_PAGE && last ? { createdAt: last.createdAt, id: last.id, balance } : null };
}

/** The rows of a CSV file's first line. */
export const csvHeader = (columns: readonly string[]) => `\uFEFF${csvRow(columns)}`;

/** README.txt: what the archive holds, file by file. */
export function readmeText(user: Pick<User, "email">, exportedAt: number, appUrl: string): string {
  return [
    "Parcelhive: your data",
    "=====================",
    "",
    `Account: ${user.email}`,
    `Exported: ${iso(exportedAt)} (labels created up to this moment; UTC times throughout)`,
    "",
    "account.json           your account and every setting: branding, buyer e-mail moments, data retention.",
    "labels.jsonl           one label per line, every field as the API answers it (docs: /api/docs), with the buyer's e-mail,",
    "                       the buyer mails and deadline alerts sent, and where its original file is in this archive.",
    `labels.csv             the same labels, one row each: ${LABEL_CSV_COLUMNS.length} columns, every field (opens in Excel, Numbers, LibreOffice).`,
    `tracking-events.csv    every tracking event of every label: ${EVENT_CSV_COLUMNS.join(", ")}.`,
    "recently-deleted.jsonl the labels you deleted in the last 30 days (restorable until the date given), as labels.jsonl.",
    `credit-ledger.csv      every change of your credit balance: ${LEDGER_CSV_COLUMNS.join(", ")}; a label's debit names its label.`,
    "webhooks.json          your webhook endpoints and their last deliveries (signing secrets are never exported).",
    "branding/              your label banner image, if you set one.",
    "originals/             the files you uploaded, as you uploaded them: <file id>-<your file name>.",
    "",
    "Not in this archive: your password, API key, webhook secrets, label import address and sign-in sessions (keys to",
    "your account, never exported). Mail you exchanged with our support mailbox is answered on request.",
    "",
    `What we keep and for how long: ${appUrl}/terms#privacy`,
    "",
  ].join("\r\n");
}
