/**
 * The screens index.html paints before the app's code has arrived (the app shell, issue 26): the page frame and
 * what the app itself shows first at that address, so the first paint needs nothing but the HTML. Each is drawn
 * at build time from the app's own components (web/shell/Shell.tsx) for a signed-out and a signed-in visitor,
 * and picked in the browser by the boot script (web/shell/boot.ts) from the address and the stored token.
 */
export type ShellScreen = "home" | "login" | "labels" | "analytics" | "page";

/** Every screen and sign-in state the HTML carries, as `<screen>-<in|out>`. */
export const SHELL_VARIANTS = ["home-out", "home-in", "login-out", "labels-in", "analytics-in", "page-out", "page-in"] as const;
export type ShellVariant = (typeof SHELL_VARIANTS)[number];

/**
 * What the app shows first at `pathname`: /labels and /analytics send a signed-out visitor to the login form,
 * and /login sends a signed-in one to their labels (web/app/RequireAuth.tsx, LoginPage). Any other address gets
 * the frame and the loading line every screen shows while its code loads; so does /login#signup, whose sign-up tab
 * the shell does not draw (its login tab would show first, then turn into the other).
 */
export function shellVariant(pathname: string, signedIn: boolean, hash = ""): ShellVariant {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const auth = signedIn ? "in" : "out";
  if (path === "/") return `home-${auth}`;
  if (path === "/labels" || path === "/analytics" || path === "/login") {
    if (!signedIn) return path === "/login" && hash === "#signup" ? "page-out" : "login-out";
    return path === "/analytics" ? "analytics-in" : "labels-in";
  }
  return `page-${auth}`;
}

/** The screen of a variant: 'labels-in' is the labels screen. */
export const screenOf = (variant: ShellVariant) => variant.slice(0, variant.lastIndexOf("-")) as ShellScreen;

/**
 * The code each screen runs first, besides the entry script: its lazy route module and what fetches its first data
 * (web/app/router.tsx). The build links them for preloading as soon as the HTML is read (scripts/app-shell.ts), so
 * they download beside the entry script instead of after it; it fails when one is no longer a chunk of its own.
 */
export const SCREEN_MODULES: Partial<Record<ShellScreen, string[]>> = {
  login: ["web/features/auth/LoginPage.tsx"],
  labels: ["web/features/labels/LabelsPage.tsx", "web/features/labels/prefetch.ts"],
  analytics: ["web/features/analytics/AnalyticsPage.tsx", "web/features/analytics/prefetch.ts"],
};

/**
 * The screens on which the boot script may draw /labels' first cards (web/shell/first-cards.ts' drawsFirstCards: under
 * SEARCH_WIDE, web/features/labels/listQuery.ts): /labels' document preloads their script there only (the Link header
 * scripts/app-shell.ts adds to _headers). test/web/shell.test.tsx holds the two together.
 */
export const FIRST_CARDS_MEDIA = "not all and (min-width: 600px)";

/**
 * The shell screens /labels' server-drawn document carries (scripts/app-shell.ts labelsDocument): the list's loading
 * screen, for a screen the boot script draws no cards on (wider than a phone, the compact view), and the login form
 * for a browser whose stored sign-in is gone. The others cannot be shown at /labels.
 */
export const LABELS_DOCUMENT_VARIANTS = ["labels-in", "login-out"] as const satisfies readonly ShellVariant[];


/** Where the build writes what the Worker draws /labels' document from (a public asset: nothing personal in it). */
export const LABELS_DOCUMENT_FILE = "labels-document.json";

