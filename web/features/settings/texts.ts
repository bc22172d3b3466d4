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
  creditHistory: "See where your credits went",
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
  buyerMailsTitle: "Buyer tracking e-mails",
  buyerMailsIntro:
    "Labels with a buyer's e-mail send short e-mails in your company name, with your colour and a link to the parcel's tracking page. Replies come to your address. Each goes once per parcel, buyers can unsubscribe in one click, and a daily limit keeps a large import from flooding inboxes.",
  buyerMailsLegend: "E-mail the buyer",
  buyerMailsSaved: "Buyer e-mails updated.",
  buyerMailsFailed: "Could not update the buyer e-mails.",
  brandColor: "Brand colour",
  brandColorHint: "The colour of your buyers' tracking page and e-mails. Links are darkened where needed so they stay readable.",
  brandColorDefault: "Use Parcelhive's colour",
  banner: "Banner image",
  bannerHint: "PNG, JPEG or WEBP, up to 5 MB. Printed at the top of your labels.",
  bannerType: "Use a PNG, JPEG or WEBP image",
  bannerTooLarge: "Use an image of 5 MB or smaller",
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

/** What the purchase options say about their price. */
export const PRICE_TEXT = {
  loading: "Loading price…",
  atCheckout: "Price shown at checkout",
  notOnSale: "Not on sale on this server",
  notConfigured: "Payments are not set up on this server.",
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

/** The webhook endpoints card. */
export const WEBHOOK_TEXT = {
  title: "Webhooks",
  intro: "We POST a signed JSON event to your URL when something happens to a label. Check each one with its signing secret.",
  loading: "Loading webhooks…",
  loadFailed: "Could not load your webhook endpoints.",
  retry: "Try again",
  none: "No webhook endpoints yet.",
  urlLabel: "Endpoint URL",
  urlHint: "https:// on the standard port. Private and local addresses are refused.",
  eventsLegend: "Events to send",
  add: "Add endpoint",
  adding: "Adding…",
  addFailed: "Could not add the endpoint.",
  atLimit: (n: number) => `You have the most endpoints allowed (${n}). Delete one to add another.`,
  secretShownOnce: "Copy this signing secret now. It will not be shown again.",
  secretLabel: "Signing secret",
  enabled: "Enabled",
  toggleFailed: "Could not change the endpoint.",
  sendTest: "Send test event",
  sendingTest: "Sending…",
  testQueued: "Test event queued. It appears in the delivery log within a few seconds.",
  testFailed: "Could not queue a test event.",
  showLog: "Delivery log",
  hideLog: "Hide delivery log",
  logLoading: "Loading deliveries…",
  logFailed: "Could not load the delivery log.",
  logEmpty: "No deliveries yet.",
  delete: "Delete",
  deleteConfirm: "Delete this endpoint and its delivery log? Events stop at once.",
  deleteYes: "Yes, delete",
  deleteFailed: "Could not delete the endpoint.",
  cancel: "Cancel",
  docs: "How to verify signatures: see Webhooks in the",
  docsLink: "API reference",
  eventNames: {
    "label.created": "Label created",
    "label.updated": "Label updated",
    "tracking.updated": "Tracking updated",
    "parcel.delivered": "Parcel delivered",
    "parcel.potentially_lost": "Parcel potentially lost",
    "label.deleted": "Label deleted",
    "label.restored": "Label restored",
  },

} as const;

/** Settings → Your data: the copy of everything, and how long recipients' details are kept. */
export const YOUR_DATA_TEXT = {
  title: "Your data",
  exportTitle: "Download my data",
  exportIntro:
    "One ZIP file with everything Parcelhive keeps for you: every label and field (as JSON and as a spreadsheet), tracking events, notes and tags, the files you uploaded, your credit ledger, settings and webhooks. Passwords, keys and secrets are never included.",
  exportAsk: "Download my data",
  exportAsking: "Asking…",
  exportAgain: "Make a new copy",
  exportPreparing: "Preparing your data…",
  exportPreparingHint: "You can leave this page: we e-mail you a link when it is ready.",
  exportProgress: (labels: string, files: string) => `Labels ${labels} · Files ${files}`,
  exportReady: (size: string, until: string) => `Your copy is ready (${size}). The link works until ${until} and was also sent to you by e-mail.`,
  exportDownload: "Download ZIP",
  exportDelete: "Delete this copy",
  exportDeleteConfirm: "Delete this copy now? Its link stops working at once.",
  exportDeleteYes: "Yes, delete",
  exportDeleted: "The copy was deleted.",
  exportFailed: "Could not ask for a copy of your data.",
  exportDeleteFailed: "Could not delete the copy.",
  exportLoading: "Loading…",
  exportLoadFailed: "Could not load your copy of your data.",
  exportBuildFailed: "The copy could not be finished. Please ask for a new one.",
  exportLinkPrivate: "Anyone with the link can download the file: keep it private.",

  retentionTitle: "How long we keep your recipients' details",
  retentionIntro:
    "Buyers' e-mails and phone numbers on your labels are removed 90 days after delivery. Recipients' addresses are kept as long as you choose below; then the name and street go, leaving the postcode district, and the label's original file is deleted. Nothing is removed while a carrier claim could still be made.",
  retentionLabel: "Keep recipients' addresses",
  retentionChoice: (days: number | null) =>
    days === null
      ? "Until I delete the label"
      : days === 30 || days === 90
        ? `${days} days after delivery`
        : days === 180
          ? "6 months after delivery"
          : days === 365
            ? "1 year after delivery"
            : `${Math.round(days / 365)} years after delivery`,
  retentionSaved: "Saved. The daily clean-up applies it from tonight.",
  retentionFailed: "Could not save your choice.",
  retentionLoading: "Loading…",
  retentionLoadFailed: "Could not load your choice.",
  retentionPrivacyLink: "What we keep, and for how long",
} as const;

export const MARKETPLACE_TEXT = {
  title: "Marketplaces",
  intro: "Connect the shops you sell from: their orders come in, and a label you import marks its order dispatched with the tracking code.",
  loading: "Loading marketplaces…",
  loadFailed: "Could not load your marketplaces.",
  retry: "Try again",
  notConfigured: "Not set up on this server.",
  none: "Not connected.",
  connect: (name: string) => `Connect ${name}`,
  connectAnother: (name: string) => `Connect another ${name} shop`,
  connecting: "Opening…",
  connectFailed: "Could not start connecting.",
  shopLabel: "Shopify store",
  shopHint: "Its name, as in your-store.myshopify.com.",
  connected: "Connected",
  broken: "Needs reconnecting",
  reconnect: "Reconnect",
  disconnect: "Disconnect",
  disconnectConfirm: "Disconnect this shop? Its orders stop coming in and tracking is no longer sent to it.",
  disconnectYes: "Disconnect",
  disconnectFailed: "Could not disconnect the shop.",
  toOrders: "See your orders awaiting dispatch",
  // The screen the marketplace sends the browser back to.
  returnTitle: (name: string) => `Connecting ${name}`,
  returnWorking: (name: string) => `Connecting your ${name} account…`,
  returnDone: (name: string, shop: string) => `${name} shop ${shop} is connected.`,
  returnFailed: (name: string) => `${name} was not connected.`,
  returnUnknown: "This is not a marketplace Parcelhive connects.",
  backToSettings: "Back to Settings",
};
