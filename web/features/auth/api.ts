import { useQuery } from "@tanstack/react-query";
import type { TokenPair } from "../../../worker/api-docs/answers";
import { ApiError, api } from "../../api/client";

// The sign-in screens' calls, all through the one API client.

export const login = (email: string, password: string) =>
  api<TokenPair>("/api/v1/login", { method: "POST", body: { email, password } });

export const signup = (email: string, password: string, marketingConsent: boolean) =>
  api<{ message?: string }>("/api/v1/signup", { method: "POST", body: { email, password, marketing_consent: marketingConsent } });

export const verifyEmail = (token: string) =>
  api<{ message?: string }>("/api/v1/verify-email", { method: "POST", body: { token } });

export const resendVerification = (email: string) =>
  api<{ message?: string }>("/api/v1/resend-verification", { method: "POST", body: { email } });

export const requestPasswordReset = (email: string) =>
  api<{ message?: string }>("/api/v1/password-reset/request", { method: "POST", body: { email } });

export type ResetLinkState = "ok" | "expired" | "used" | "invalid";

export async function validateResetToken(token: string): Promise<ResetLinkState> {
  const res = await api<{ valid?: boolean; reason?: string }>("/api/v1/password-reset/validate", { query: { token } });
  if (res?.valid) return "ok";
  return res?.reason === "expired" || res?.reason === "used" ? res.reason : "invalid";
}

/** Whether a reset link still works, asked once per token (a later visit asks again). */
export const useResetLinkState = (token: string) =>
  useQuery({ queryKey: ["password-reset", token], queryFn: () => validateResetToken(token), enabled: token !== "", gcTime: 0 });

export const confirmPasswordReset = (token: string, newPassword: string) =>
  api<{ message?: string }>("/api/v1/password-reset/confirm", { method: "POST", body: { token, new_password: newPassword } });


export const statusOf = (err: unknown) => (err instanceof ApiError ? err.status : undefined);

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (email: string) => EMAIL_SHAPE.test(email.trim());
