import { z } from "zod";
import { LEDGER_REASONS } from "../db/ledger-reasons";

/**
 * What GET /api/v1/credits/history answers (worker/credits/history.ts builds it): a schema for the API reference and
 * the answer checks, and the types the web app imports (types only).
 */

const movementLabelSchema = z.object({
  id: z.string(),
  trackingCode: z.string(),
  deleted: z.boolean().describe("In Recently deleted (it can be restored there); false: in the labels"),
});

const movementSchema = z.object({
  at: z.string().describe("When, ISO 8601"),
  reason: z
    .enum(LEDGER_REASONS)
    .describe("free_verification (50 credits for verifying the e-mail address), purchase (the One-off Pack), subscription (a month of the Monthly Subscription), label (labels created), admin_grant (added by Parcelhive), refund"),
  delta: z.number().int().describe("The change of balance: +200, -3"),
  balanceAfter: z.number().int().describe("The balance once this movement was made"),
  labelCount: z.number().int().min(0).describe("How many labels it paid for (label movements); 0 for the others"),
  labels: z.array(movementLabelSchema).describe("The first few of those labels (at most 5): a label purged from Recently deleted is no longer named"),
});

export const creditHistorySchema = z.object({
  balance: z.number().int().describe("The balance now"),
  results: z.array(movementSchema).describe("Newest first; the labels one upload, manual label or CSV import paid for are one movement"),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next (older) page; null on the last page"),
});

export type CreditHistory = z.infer<typeof creditHistorySchema>;
export type CreditMovement = z.infer<typeof movementSchema>;
export type CreditMovementLabel = z.infer<typeof movementLabelSchema>;
