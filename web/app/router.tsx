import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { useRoutes, type RouteObject } from "react-router";
import HomePage from "../features/home/HomePage";
import type { Prefetch, ScreenHandle } from "./first-render";
import { Layout } from "./Layout";
import { RequireAuth } from "./RequireAuth";
import { usePageTitle, type Title } from "./titles";

type ScreenModule = { default: ComponentType };
/** A screen whose code loads when it is first shown, or ahead of that with `load` (the first render does). */
type Screen = LazyExoticComponent<ComponentType> & { load: () => Promise<ScreenModule> };

// Every screen but the home page loads its code when visited (keeps the first load small). A screen loaded ahead
// renders at once, without the loading line in its place: React.lazy takes any thenable, and this one answers
// synchronously once the code is in.
function page(load: () => Promise<ScreenModule>): Screen {
  let loaded: ScreenModule | undefined;
  const loadOnce = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, that React.lazy reads as resolved at once
  const now = (m: ScreenModule) => ({ then: (resolve: (m: ScreenModule) => void) => resolve(m) }) as unknown as Promise<ScreenModule>;
  return Object.assign(
    lazy(() => (loaded ? now(loaded) : loadOnce())),
    { load: loadOnce },
  );
}

// What /labels and /analytics show first, fetched ahead of the first render; loaded with the screens' own code.
const labelsData: Prefetch = (client, at) => import("../features/labels/prefetch").then((m) => m.prefetchLabels(client, at));
const analyticsData: Prefetch = (client) => import("../features/analytics/prefetch").then((m) => m.prefetchAnalytics(client));

const LoginPage = page(() => import("../features/auth/LoginPage"));
const ForgotPasswordPage = page(() => import("../features/auth/ForgotPasswordPage"));
const ResetPasswordPage = page(() => import("../features/auth/ResetPasswordPage"));
const VerifyEmailPage = page(() => import("../features/auth/VerifyEmailPage"));
const TermsPage = page(() => import("../features/legal/TermsPage"));
const LabelsPage = page(() => import("../features/labels/LabelsPage"));
const LabelDetailPage = page(() => import("../features/labels/LabelDetailPage"));
const RecentlyDeletedPage = page(() => import("../features/labels/RecentlyDeletedPage"));
const LabelPrintPage = page(() => import("../features/labels/LabelPrintPage"));
const ClaimPackPage = page(() => import("../features/labels/ClaimPackPage"));
const UploadPage = page(() => import("../features/upload/UploadPage"));
const SettingsPage = page(() => import("../features/settings/SettingsPage"));
const MarketplaceReturnPage = page(() => import("../features/settings/MarketplaceReturnPage"));
const OrdersPage = page(() => import("../features/orders/OrdersPage"));
const CheckoutSuccessPage = page(() => import("../features/checkout/CheckoutSuccessPage"));
const CreditsPage = page(() => import("../features/credits/CreditsPage"));
const CheckoutCancelledPage = page(() => import("../features/checkout/CheckoutCancelledPage"));
const AnalyticsPage = page(() => import("../features/analytics/AnalyticsPage"));
const CheatsPage = page(() => import("../features/admin/CheatsPage"));
const WebmailPage = page(() => import("../features/webmail/WebmailPage"));
const ContactPage = page(() => import("../features/home/ContactPage"));
const NotFoundPage = page(() => import("../features/home/NotFoundPage"));

/** A route to a screen anyone can open; `handle` adds to its title and code (./first-render.ts). */
const open = (path: string, Component: Screen, title: Title, handle?: Partial<ScreenHandle>): RouteObject => ({
  path,
  element: <Component />,
  handle: { title, load: Component.load, ...handle },
});

/** A route to a signed-in screen: a signed-out visitor is sent to /login (RequireAuth), as the first render knows. */
const signedIn = (path: string, Component: Screen, title: Title, prefetch?: Prefetch): RouteObject => ({
  path,
  element: (
    <RequireAuth>
      <Component />
    </RequireAuth>
  ),
  handle: { title, load: Component.load, prefetch, signedOut: "/login" } satisfies ScreenHandle,
});

/**
 * What a label's title calls it: its tracking code, which the screen names once the label is in (useTitleName), or
 * the address's own when that is one; never the internal id of an address like /label/lbl_… ('' until loaded).
 */
const code = ({ params, name }: { params: { code?: string }; name?: string }) => name ?? (params.code?.startsWith("lbl_") ? "" : (params.code ?? ""));

/** The routes with their page titles (web/app/titles.ts) and what their first render waits for. */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage />, handle: { title: "Parcel intelligence for Evri and Royal Mail senders" } satisfies ScreenHandle },
      // A visitor signed in already goes to their labels (LoginPage).
      open("/login", LoginPage, ({ hash }) => (hash === "#signup" ? "Sign up" : "Login"), { signedIn: "/labels" }),
      open("/forgot-password", ForgotPasswordPage, "Forgot password"),
      open("/reset-password", ResetPasswordPage, "Reset password"),
      open("/verify-email", VerifyEmailPage, "Verify email"),
      open("/terms", TermsPage, ({ hash }) => (hash === "#privacy" ? "Privacy policy" : "Terms")),
      open("/terms/privacy", TermsPage, ({ hash }) => (hash === "#terms" ? "Terms" : "Privacy policy")),
      signedIn("/labels", LabelsPage, "Labels", labelsData),
      signedIn("/labels/deleted", RecentlyDeletedPage, "Recently deleted"),
      signedIn("/label/:code", LabelDetailPage, (w) => `Label ${code(w)}`.trim()),
      signedIn("/label/:code/print", LabelPrintPage, (w) => `${code(w)} 4x6 label`.trim()),
      signedIn("/label/:code/claim", ClaimPackPage, (w) => `Claim pack ${code(w)}`.trim()),
      open("/upload", UploadPage, "New label"),
      signedIn("/settings", SettingsPage, "Settings"),
      // eBay, Etsy and Shopify send the browser back here from their consent pages (worker/marketplaces/config.ts).
      signedIn("/settings/marketplaces/:marketplace", MarketplaceReturnPage, "Connecting a shop"),
      signedIn("/orders", OrdersPage, "Orders"),
      signedIn("/credits", CreditsPage, "Credits"),
      // Asks the server whether the payment went through: a visitor signed out signs in first and comes back here.
      signedIn("/checkout/success", CheckoutSuccessPage, "Payment"),
      open("/checkout/cancelled", CheckoutCancelledPage, "Payment cancelled"),
      signedIn("/analytics", AnalyticsPage, "Analytics", analyticsData),
      signedIn("/cheats", CheatsPage, "Cheats"),
      signedIn("/webmail", WebmailPage, "Webmail"),
      open("/contact", ContactPage, "Contact"),
      open("*", NotFoundPage, "Page not found"),
    ],
  },
];

/**
 * The screen of `routes` for the current location, and its title in the tab. The app uses React Router's
 * declarative mode (a BrowserRouter around this): its data router (loaders, actions, fetchers) would add 58 KB
 * (17 KB gzipped) to the entry script that every first visit waits for, and no screen uses it.
 */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  usePageTitle(routes);
  return useRoutes(routes);
}
