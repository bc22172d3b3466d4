// The settings and purchase texts, in one place.
export const TEXT = {
  title: "Settings",
  userSettings: "User Settings",
  labelSettings: "Label Settings",
  loading: "Loading settings…",
  loadFailed: "Could not load your settings.",

  verified: "Your email address is verified.",
  notVerified: "Your email address is not verified. Verified emails receive 50 free credits.",
  resend: "Resend verification email",
  resending: "Sending…",
  resendSent: "If the email exists, a verification link was sent.",
  resendFailed: "Could not resend verification email.",

  apiKeyTitle: "Developer API key",
  apiKeyNone: "You have no API key yet.",
  generate: "Generate API key",
  regenerate: "Regenerate API key",
  regenerateConfirm: "Regenerating revokes your current key at once: anything using it stops working.",
  regenerateYes: "Yes, regenerate",
  generating: "Generating…",
  keyShownOnce: "Copy this key now. It will not be shown again.",
  keyFailed: "Could not generate an API key.",
  usingApi: "Using the API",

  importTitle: "Import labels by email",
  importIntro:
    "Send or forward label files (PDF, PNG, JPEG or WEBP, up to 10 per mail, 16 MB each) to your private address below: each label is imported like an upload, 1 credit per new label.",
  importReplyTo: (email: string) => `We reply to ${email} with what was imported, or why not.`,
  importAddressLabel: "Your import address",
  importCopy: "Copy import address",
  importLoading: "Loading your import address…",
  importLoadFailed: "Could not load your import address.",
  importRegenerate: "Regenerate address",
  importRegenerateConfirm: "The current address stops working at once: mail sent to it is refused. Keep it private.",
  importRegenerateYes: "Yes, regenerate",
  importRegenerating: "Regenerating…",
  importRegenerated: "New address ready. The old one no longer works.",
  importRegenerateFailed: "Could not regenerate the address.",

  balanceTitle: "Credits",
  balance: "Credits available",
  redirecting: "Redirecting…",
  invalidCheckout: "Invalid checkout response",
  checkoutFailed: "Checkout failed. Please try again.",
  manageSubscription: "Manage subscription",
  portalFailed: "Could not open the subscription portal.",

  privacyTitle: "Privacy and emails",
  marketingLabel: "Send me product news and offers by email",
  prefsUpdated: "Your email preferences were updated.",
  prefsFailed: "Could not update your preferences.",
  privacyLink: "Read our Privacy Policy",

  companyName: "Company name",
  companyTagline: "Tagline",
  banner: "Banner image",
  bannerHint: "PNG, JPEG or WEBP, up to 5 MB. Printed at the top of your labels.",
  currentBanner: "Current banner",
  noBanner: "No banner image yet.",
  removeBanner: "Remove banner",
  removing: "Removing…",
  save: "Save label settings",
  saving: "Saving…",
  saved: "Label settings saved.",
  fileNotAccepted: "File not accepted",
  bannerLoadFailed: "Failed to load current banner.",
  saveFailed: "Failed to save settings.",
  removeFailed: "Failed to remove banner.",
  bannerRemoved: "Banner removed.",
} as const;

/** Purchase options. */
export const PURCHASE_OPTIONS = [
  { sku: "one_off_pack", name: "One-off Pack", credits: 200, detail: "200 credits, single purchase" },
  { sku: "basic_plan", name: "Monthly Subscription", credits: 130, detail: "130 credits every month" },
] as const;
export type Sku = (typeof PURCHASE_OPTIONS)[number]["sku"];

/** Banner rules, checked here and again on the server. */
export const BANNER_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const BANNER_MAX_BYTES = 5 * 1024 * 1024;
