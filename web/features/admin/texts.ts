// The admin users screen's texts.
export const TEXTS = {
  title: "Admin Cheats & Management",
  subtitle: "Users, credit grants and the marketing email list.",
  loading: "Loading admin data…",
  loadFailed: "Failed to load admin data",
  denied: "Access denied",
  deniedHint: "This area is for administrators only.",
  goHome: "Go Home",
  marketingTitle: "Marketing email list",
  marketingEmpty: "No users have opted in to marketing email yet.",
  delimiter: "Delimiter",
  copy: "Copy",
  copied: "Copied!",
  usersTitle: "Users",
  search: "Search by email",
  noUsers: "No users found.",
  marketingBadge: "MKT ✓",
  marketingBadgeLabel: "Consented to marketing email",
  grantButton: "Grant",
  granting: "Granting…",
  badAmount: "Enter a positive integer amount",
  grantFailed: "Failed to grant credits",
  granted: (n: number, email: string) => `Granted ${n} credits to ${email}`,
  closeButton: "Close account",
  closeTitle: (email: string) => `Close ${email}'s account?`,
  closeBody:
    "Their subscription is cancelled with Stripe first; then nobody can sign in as them, their API key, webhooks and buyer pages stop at once, and all their data is deleted for good. They get a confirmation by e-mail.",
  closeMail: "Also delete their messages in Webmail",
  closeConfirm: "Close account",
  closing: "Closing…",
  closeFailed: "Could not close the account. Nothing was changed.",
  closed: (email: string) => `Closed ${email}'s account.`,
} as const;

export const DELIMITERS = [
  { id: "comma", label: "Comma", value: ", " },
  { id: "semicolon", label: "Semicolon", value: "; " },
  { id: "newline", label: "New line", value: "\n" },
] as const;
export type DelimiterId = (typeof DELIMITERS)[number]["id"];
