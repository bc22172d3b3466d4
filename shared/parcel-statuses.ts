/**
 * Where a parcel is, in one word (labels.parcel_status; worker/db/parcel-status.ts says how each is decided):
 * waiting for its first scan, in transit, out for delivery, delivered, returned to the sender, or what the user
 * marked it as (claimed, found). Plumbing, not a domain: the schema's column enum needs it, and the labels list's
 * options (shared/list-options.ts) pass it on to the API and the web app. No imports, so the browser
 * bundle takes it as it is.
 */
export const PARCEL_STATUSES = ["waiting", "in_transit", "out_for_delivery", "delivered", "returned", "claimed", "found"] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];
