import { api } from "../../api/client";

/** SPEC §3 'Admin user', as GET /api/v1/admin/users answers it. */
export interface AdminUser {
  id: number;
  email: string;
  email_verified: boolean;
  credits: number;
  marketing_consent: boolean;
}

export interface AdminUsersPage {
  results: AdminUser[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

export const USERS_PER_PAGE = 50;

export const fetchUsers = (opts: { q: string; page: number }, signal?: AbortSignal) =>
  api<AdminUsersPage>("/api/v1/admin/users", { query: { q: opts.q, page: opts.page, per_page: USERS_PER_PAGE }, signal });

export const fetchMarketingList = (signal?: AbortSignal) =>
  api<{ emails: string[]; count: number }>("/api/v1/admin/marketing-list", { signal });

export const grantCredits = (userId: number, amount: number) =>
  api<{ granted: number; user: AdminUser }>("/api/v1/admin/grant-credits", {
    method: "POST",
    body: { user_id: userId, amount },
  });
