import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../api/client";

import type { AdminUser, AdminUsersPage } from "../../../worker/admin/model";

export type { AdminUser, AdminUsersPage };

export const USERS_PER_PAGE = 50;

export const fetchUsers = (opts: { q: string; page: number }, signal?: AbortSignal) =>
  api<AdminUsersPage>("/api/v1/admin/users", { query: { q: opts.q, page: opts.page, per_page: USERS_PER_PAGE }, signal });

export const fetchMarketingList = (signal?: AbortSignal) =>
  api<{ emails: string[]; count: number }>("/api/v1/admin/marketing-list", { signal });

export const usersQueryKey = (q: string, page: number) => ["admin", "users", { q, page }] as const;

/** A page of users; the previous page stays shown while the next one (or a new search) loads. */
export const useAdminUsers = (q: string, page: number, enabled: boolean) =>
  useQuery({ queryKey: usersQueryKey(q, page), queryFn: ({ signal }) => fetchUsers({ q, page }, signal), enabled, placeholderData: keepPreviousData });

export const useMarketingList = (enabled: boolean) =>
  useQuery({ queryKey: ["admin", "marketing-list"], queryFn: ({ signal }) => fetchMarketingList(signal), enabled });

export const grantCredits = (userId: number, amount: number) =>
  api<{ granted: number; user: AdminUser }>("/api/v1/admin/grant-credits", {
    method: "POST",
    body: { user_id: userId, amount },
  });
