import { useQuery } from "@tanstack/react-query";
import { fetchBanner } from "../../api/banner";
import { api } from "../../api/client";
import type { PurchasePrices } from "../../../worker/billing/model";
import type { Sku } from "./texts";

// The settings screen's calls. All go through the one API client.

export const resendVerification = (email: string) =>
  api<{ message?: string }>("/api/v1/resend-verification", { method: "POST", body: { email } });

export const generateDeveloperKey = () =>
  api<{ developer_api_key?: string }>("/api/v1/generate-developer-key", { method: "POST", body: {} });

export const createCheckoutSession = (sku: Sku) =>
  api<{ checkout_url?: string }>("/api/v1/create-checkout-session", { method: "POST", body: { sku, quantity: 1 } });

/** What each purchase option costs (the server reads Stripe's prices and caches them), or that payments are off. */
export const usePurchasePrices = () =>
  useQuery({
    queryKey: ["billing", "prices"],
    queryFn: ({ signal }) => api<PurchasePrices>("/api/v1/billing/prices", { signal }),
    staleTime: 5 * 60_000,
  });

export const openBillingPortal = () => api<{ url?: string }>("/api/v1/billing-portal", { method: "POST", body: {} });

export type ProfileUpdate =
  | { company_name: string; company_tagline: string; brand_color: string; banner_image?: File }
  | { remove_banner: true }
  | { marketing_consent: boolean }
  | { buyer_mail_moments: string[] };

/** PUT /user/profile: multipart when a new banner goes with it, JSON otherwise. */
export function updateProfile(update: ProfileUpdate) {
  if ("banner_image" in update && update.banner_image) {
    const form = new FormData();
    form.append("company_name", update.company_name);
    form.append("company_tagline", update.company_tagline);
    form.append("brand_color", update.brand_color);
    form.append("banner_image", update.banner_image);
    return api("/api/v1/user/profile", { method: "PUT", body: form });
  }
  return api("/api/v1/user/profile", { method: "PUT", body: update });
}

/** The owner's banner as a blob, or null when there is none. */
export const loadBanner = (signal?: AbortSignal) => fetchBanner("/api/v1/user/banner", signal);

export const BANNER_QUERY_KEY = ["user", "banner"] as const;

/** The user's current banner image (null when there is none). */
export const useBanner = () => useQuery({ queryKey: BANNER_QUERY_KEY, queryFn: ({ signal }) => loadBanner(signal) });
