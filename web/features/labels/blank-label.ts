import type { ApiLabel } from "./types";

/**
 * A label as the API answers it with nothing set but its code and courier: waiting for its first scan, no file,
 * tracking, deadlines, buyer or branding; its one data entry carries the code. The app shell's sample cards
 * (web/shell/Shell.tsx) and the web tests' labels start from it.
 */
export function blankLabel(trackingCode: string, courier: string): ApiLabel {
  return {
    id: "",
    trackingCode,
    courier,
    notes: "",
    tags: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    downloadUrl: null,
    file: null,
    lostStatus: { potentiallyLost: false, potentiallyLostAt: null, lostEmailSentAt: null, reason: null },
    tracking: { status: null, checkedAt: null, error: null },
    deadlines: null,
    outcome: null,
    status: "waiting",
    trackingPageUrl: null,
    trackingPageViews: 0,
    trackingPageViewedAt: null,
    buyerEmail: null,
    buyerNotifications: true,
    ocrStatus: "none",
    orderQuestion: false,
    data: [{ courier, trackingCode, countryCode: "GB" }],
    labelSettings: { banner_image_url: null, company_name: null, company_tagline: null },
  };
}
