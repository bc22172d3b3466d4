// The new-label screen's texts, in one place.
export const UPLOAD_TEXT = {
  title: "New Label",
  subtitle: "Upload a file or create a label manually from a tracking code.",
  couriersTitle: "Supported Couriers",
  imageTitle: "Image Requirements",
  imageRule: "Minimum 300 DPI. No photos or scans.",
  // The spec's rule stays; the reader does more than it promises.
  photosRead: "Photos and scans are read where possible: flat, in good light, the whole label in view.",
  fileTitle: "File Requirements",
  fileRule: "One label per page. PDF or image formats.",

  creditsAvailable: "Credits available",
  verifyForFree: "Verify your email address to get 50 free credits.",
  freeTitle: "Get 50 free credits",
  freeLead: (email: string) =>
    `Verify your email address and we add 50 free credits to your account, enough for 50 labels. Follow the link we sent to ${email}.`,
  orBuy: "Or buy credits:",
  noCreditsTitle: "No credits left",
  noCredits: "You have no credits left. Buy credits to create labels.",

  reading: "Reading label…",
  waiting: "Waiting",
  failed: "Failed",
  newLabel: "New · 1 credit",
  alreadyYours: "Already in your labels · not charged",
  ocrPending: "the rest of its text is still being read",
  ocrDone: "its text has been read",
  ocrFailed: "the rest of its text could not be read",
  summary: (labels: number, created: number, known: number) => {
    const parts = [
      created ? `${created} new, ${created} ${created === 1 ? "credit" : "credits"} used` : "",
      known ? `${known} already in your labels, not charged` : "",
    ].filter(Boolean);
    return `${labels} ${labels === 1 ? "label" : "labels"} processed${parts.length ? `: ${parts.join("; ")}` : ""}`;
  },
} as const;
