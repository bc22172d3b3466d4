import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api, apiFetch, saveBlob } from "../../api/client";

import type { MailDetail, MailListItem, MailListPage } from "../../../worker/admin/model";
import type { ReplyMailBody, SendMailBody } from "../../../worker/mail/model";

export type { MailDetail, MailListItem, MailListPage };

export const MAIL_PAGE_SIZE = 50;

export const fetchMail = (opts: { cursor?: string | null; q?: string }, signal?: AbortSignal) =>
  api<MailListPage>("/api/v1/admin/mail", { query: { max: MAIL_PAGE_SIZE, cursor: opts.cursor, q: opts.q }, signal });

export const fetchMessage = (key: string, signal?: AbortSignal) =>
  api<MailDetail>("/api/v1/admin/mail/view", { query: { key }, signal });

/** The mailbox, 50 at a time (Load more follows the cursor); the last search's list stays shown while a new one loads. */
export const useMailList = (q: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ["admin", "mail", "list", q],
    queryFn: ({ pageParam, signal }) => fetchMail({ cursor: pageParam, q }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled,
    placeholderData: keepPreviousData,
  });

/** One message, read when it is selected. */
export const useMailMessage = (key: string | null) =>
  useQuery({ queryKey: ["admin", "mail", "message", key], queryFn: ({ signal }) => fetchMessage(key!, signal), enabled: key !== null });

export const sendMail = (payload: SendMailBody) => api("/api/v1/admin/mail/send", { method: "POST", body: { ...payload } });
export const sendReply = (payload: ReplyMailBody) => api("/api/v1/admin/mail/reply", { method: "POST", body: { ...payload } });

/** Downloads an authenticated file (raw EML, attachment) through the API client, then saves it. */
export async function downloadFile(url: string, filename: string) {
  const res = await apiFetch(url);
  saveBlob(await res.blob(), filename);
}

/** 'a@x, , b@y ' -> ['a@x', 'b@y']. */
export const splitAddresses = (s: string) =>
  s
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);

export const bareAddress = (formatted: string) => (formatted.match(/<([^<>]+)>\s*$/)?.[1] ?? formatted).trim();

