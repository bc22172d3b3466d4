/**
 * What the admin calls answer. The worker builds
 * these shapes and the web app imports them (types only), so both sides agree, as with label-model.ts.
 */

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

export type MailDirection = "in" | "out";

export interface MailListItem {
  key: string;
  direction: MailDirection;
  from: string;
  to: string[];
  subject: string;
  date: string | null;
  last_modified: string;
  snippet: string;
  size: number;
}

export interface MailListPage {
  results: MailListItem[];
  next_cursor: string | null;
  is_truncated: boolean;
  /** ADMIN_MAILBOX, so Reply all can leave our own address out. */
  mailbox: string;
}

export interface MailDetail extends MailListItem {
  cc: string[];
  reply_to: string | null;
  message_id: string | null;
  parse_status: string;
  raw_eml_url: string;
  html_sanitized: string | null;
  text: string | null;
  attachments: { filename: string; content_type: string; size: number; url: string }[];
}
