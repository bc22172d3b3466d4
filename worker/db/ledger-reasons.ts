/**
 * Why a balance changed (credit_ledger.reason): 50 free credits for verifying an e-mail address, the One-off Pack, a
 * month of the Monthly Subscription, labels created, credits an admin added, a refund. Plumbing, not a domain: the
 * schema's column enum needs it, and the ledger's history (worker/credits/model.ts) passes it on to the API and the
 * web app. No imports, so the browser bundle takes it as it is.
 */
export const LEDGER_REASONS = ["free_verification", "purchase", "subscription", "label", "admin_grant", "refund"] as const;
