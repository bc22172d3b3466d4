import { eq, type Placeholder, type SQL } from "drizzle-orm";
import { labels } from "../db/schema";
import { PARCEL_STATUSES, type ParcelStatus, type StatusFilter } from "../../shared/list-options";

/**
 * The labels list's status filter (GET /labels?status=…): a parcel status (labels.parcel_status,
 * worker/db/parcel-status.ts), or one of the two flags a parcel carries beside its status:
 *   potentially_lost  flagged by the lost-parcel rules (the `lost=1` filter of analytics);
 *   needs_action      what the 'Needs action' list shows: its carrier deadline asks the user to act, or it may
 *                     be lost while a claim is still open (worker/deadlines/needs-action.ts decides, for each label).
 */
export const isParcelStatus = (s: StatusFilter): s is ParcelStatus => (PARCEL_STATUSES as readonly string[]).includes(s);

/** The labels of one parcel status (a value, or a placeholder bound to one). */
export const parcelStatusCondition = (status: ParcelStatus | Placeholder): SQL => eq(labels.parcelStatus, status as ParcelStatus);
