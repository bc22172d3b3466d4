import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter } from "react-router";
import HomePage from "../features/home/HomePage";
import { Layout } from "./Layout";
import { RequireAuth } from "./RequireAuth";

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

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/verify-email", element: <VerifyEmailPage /> },
      { path: "/terms", element: <TermsPage /> },
      { path: "/terms/privacy", element: <TermsPage /> },
      { path: "/labels", element: authed(LabelsPage) },
      { path: "/label/:code", element: authed(LabelDetailPage) },
      { path: "/label/:code/print", element: authed(LabelPrintPage) },
      { path: "/label/:code/claim", element: authed(ClaimPackPage) },
      { path: "/upload", element: <UploadPage /> },
      { path: "/settings", element: authed(SettingsPage) },
      { path: "/checkout/success", element: <CheckoutSuccessPage /> },
      { path: "/checkout/cancelled", element: <CheckoutCancelledPage /> },
      { path: "/analytics", element: authed(AnalyticsPage) },
      { path: "/cheats", element: authed(CheatsPage) },
      { path: "/webmail", element: authed(WebmailPage) },
      { path: "/contact", element: <ContactPage /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
