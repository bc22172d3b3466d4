import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { useRoutes, type RouteObject } from "react-router";
import HomePage from "../features/home/HomePage";
import { Layout } from "./Layout";
import { RequireAuth } from "./RequireAuth";
import { title, usePageTitle } from "./titles";

// Every screen but the home page loads its code when visited (keeps the first load small).
const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);

const LoginPage = page(() => import("../features/auth/LoginPage"));
const ForgotPasswordPage = page(() => import("../features/auth/ForgotPasswordPage"));
const ResetPasswordPage = page(() => import("../features/auth/ResetPasswordPage"));
const VerifyEmailPage = page(() => import("../features/auth/VerifyEmailPage"));
const TermsPage = page(() => import("../features/legal/TermsPage"));
const LabelsPage = page(() => import("../features/labels/LabelsPage"));
const LabelDetailPage = page(() => import("../features/labels/LabelDetailPage"));
const LabelPrintPage = page(() => import("../features/labels/LabelPrintPage"));
const ClaimPackPage = page(() => import("../features/labels/ClaimPackPage"));
const UploadPage = page(() => import("../features/upload/UploadPage"));
const SettingsPage = page(() => import("../features/settings/SettingsPage"));
const CheckoutSuccessPage = page(() => import("../features/checkout/CheckoutSuccessPage"));
const CheckoutCancelledPage = page(() => import("../features/checkout/CheckoutCancelledPage"));
const AnalyticsPage = page(() => import("../features/analytics/AnalyticsPage"));
const CheatsPage = page(() => import("../features/admin/CheatsPage"));
const WebmailPage = page(() => import("../features/webmail/WebmailPage"));
const ContactPage = page(() => import("../features/home/ContactPage"));
const NotFoundPage = page(() => import("../features/home/NotFoundPage"));

const authed = (Component: ComponentType) => (
  <RequireAuth>
    <Component />
  </RequireAuth>
);

const code = ({ params }: { params: { code?: string } }) => params.code ?? "";

/** The routes with their page titles (web/app/titles.ts). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage />, handle: title("Parcel intelligence for Evri and Royal Mail senders") },
      { path: "/login", element: <LoginPage />, handle: title(({ hash }) => (hash === "#signup" ? "Sign up" : "Login")) },
      { path: "/forgot-password", element: <ForgotPasswordPage />, handle: title("Forgot password") },
      { path: "/reset-password", element: <ResetPasswordPage />, handle: title("Reset password") },
      { path: "/verify-email", element: <VerifyEmailPage />, handle: title("Verify email") },
      { path: "/terms", element: <TermsPage />, handle: title(({ hash }) => (hash === "#privacy" ? "Privacy policy" : "Terms")) },
      { path: "/terms/privacy", element: <TermsPage />, handle: title(({ hash }) => (hash === "#terms" ? "Terms" : "Privacy policy")) },
      { path: "/labels", element: authed(LabelsPage), handle: title("Labels") },
      { path: "/label/:code", element: authed(LabelDetailPage), handle: title((w) => `Label ${code(w)}`) },
      { path: "/label/:code/print", element: authed(LabelPrintPage), handle: title((w) => `${code(w)} 4x6 label`) },
      { path: "/label/:code/claim", element: authed(ClaimPackPage), handle: title((w) => `Claim pack ${code(w)}`) },
      { path: "/upload", element: <UploadPage />, handle: title("New label") },
      { path: "/settings", element: authed(SettingsPage), handle: title("Settings") },
      { path: "/checkout/success", element: <CheckoutSuccessPage />, handle: title("Payment successful") },
      { path: "/checkout/cancelled", element: <CheckoutCancelledPage />, handle: title("Payment cancelled") },
      { path: "/analytics", element: authed(AnalyticsPage), handle: title("Analytics") },
      { path: "/cheats", element: authed(CheatsPage), handle: title("Cheats") },
      { path: "/webmail", element: authed(WebmailPage), handle: title("Webmail") },
      { path: "/contact", element: <ContactPage />, handle: title("Contact") },
      { path: "*", element: <NotFoundPage />, handle: title("Page not found") },
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
