import type { CourierClaims } from "../courier";
import { royalMailEventStatus } from "./tracking";

/**
 * Royal Mail's deadlines for business accounts (Royal Mail "Business claims: loss, damage and delay"
 * guidance and its service descriptions):
 *   - Tracked 24, Special Delivery Guaranteed and next-day services aim for the next working day;
 *     Tracked 48 for 2 to 3 working days (the deadline uses 3); other services follow the general aim;
 *   - an item is claimable as lost 7 working days after its due date for Tracked services, 5 for
 *     Special Delivery, 10 for every other service, working days being Monday to Saturday without
 *     bank holidays;
 *   - claims must be made within 80 days of posting.
 */

type RoyalMailService = "tracked24" | "tracked48" | "specialDelivery" | "other";

/** The Royal Mail service from its name ('Tracked 48 No Signature') or product code ('TPS01'). */
export function royalMailService(service: string | null | undefined): RoyalMailService {
  const s = (service ?? "").trim();
  if (/special\s*delivery|^SD\d/i.test(s)) return "specialDelivery";
  if (/international/i.test(s)) return "other";
  if (/tracked\s*24|^T[PRS]N\d/i.test(s)) return "tracked24";
  if (/tracked\s*48|^T[PRS]S\d/i.test(s)) return "tracked48";
  return "other";
}

/** Monday-to-Saturday working days after the due date before a loss can be claimed. */
export const ROYALMAIL_CLAIMABLE_AFTER = { tracked: 7, specialDelivery: 5, other: 10 } as const;

export const royalMailClaims: CourierClaims = {
  sources: "Royal Mail business claims guidance (loss, damage and delay) and its service descriptions",
  aimDays(service) {
    const rm = royalMailService(service);
    if (rm === "tracked24" || rm === "specialDelivery") return 1;
    if (rm === "tracked48") return 3;
    return null;
  },
  investigationDays: null,
  claimableAfterDays(service) {
    const rm = royalMailService(service);
    return rm === "specialDelivery" ? ROYALMAIL_CLAIMABLE_AFTER.specialDelivery : rm === "other" ? ROYALMAIL_CLAIMABLE_AFTER.other : ROYALMAIL_CLAIMABLE_AFTER.tracked;
  },
  claimWindow: { days: 80, from: "posted" },
  eventStatus: royalMailEventStatus,
};
