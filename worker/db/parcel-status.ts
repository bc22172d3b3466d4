import { sql } from "drizzle-orm";

/**
 * Where a parcel is, in one word (PARCEL_STATUSES, shared/list-options.ts), as labels.parcel_status computes
 * it (a generated column: SQLite works it out from the label's own columns, so the list's status filter, its totals
 * and the status each label answers always agree):
 *   delivered         the carrier delivered it or it was collected, or the user says so (marked delivered, or a
 *                     delivery date on a manual label);
 *   returned          the carrier is returning it to the sender;
 *   claimed, found    what the user marked it as (worker/claims/outcome.ts);
 *   out_for_delivery  the carrier's latest word;
 *   waiting           no carrier scan yet (a registration is not a scan);
 *   in_transit        scanned, and none of the above.
 * Whether it may be lost and whether it needs action are not statuses but flags beside them (a parcel in transit
 * can be potentially lost): worker/labels/status.ts filters on those.
 */

// Column names as written: this is the column's definition in the migration. A details_json that is not JSON
// reads as having no delivery date (json_extract would fail the whole statement).
export const parcelStatusSql = sql.raw(`CASE
  WHEN delivered_at IS NOT NULL OR tracking_status IN ('delivered', 'collected') OR outcome = 'delivered'
    OR (CASE WHEN json_valid(details_json) THEN json_extract(details_json, '$.deliveredAt') END) IS NOT NULL THEN 'delivered'
  WHEN tracking_status = 'returned' THEN 'returned'
  WHEN outcome IS NOT NULL THEN outcome
  WHEN tracking_status = 'out_for_delivery' THEN 'out_for_delivery'
  WHEN last_scan_at IS NULL THEN 'waiting'
  ELSE 'in_transit'
END`);
