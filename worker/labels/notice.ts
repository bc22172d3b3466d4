import { courierById } from "../couriers/registry";
import type { LabelRow } from "../db/schema";
import type { LabelDetails } from "../../shared/label";
import { simpleHtmlMail } from "../lib/mailer";

/**
 * What every notice mail about a label says of it: the courier as people name it, the recipient
 * ('Jane Doe, M1 1AE', empty when unknown) and the link to the label's page.
 */
export function labelNoticeFacts(env: Pick<Env, "APP_URL">, label: Pick<LabelRow, "id" | "courier" | "detailsJson">) {
  const known = courierById(label.courier);
  let details: Partial<LabelDetails> = {};
  try {
    details = JSON.parse(label.detailsJson) as Partial<LabelDetails>;
  } catch {
    /* details are optional here */
  }
  return {
    known,
    courier: known?.displayName ?? label.courier,
    to: details.address ? [details.address.name, details.address.postcode].filter(Boolean).join(", ") : "",
    url: `${env.APP_URL.replace(/\/+$/, "")}/label/${encodeURIComponent(label.id)}`,
  };
}

/** At most this many labels are listed one by one in a mail about several; the rest are counted. */
export const DIGEST_LINES = 25;

/**
 * One mail about several labels (an import of old labels flags many at once): what happened, one line per label
 * (at most DIGEST_LINES, then how many more), what to do, and one link to see them all.
 */
export function noticeDigest(opts: { subject: string; intro: string; lines: string[]; outro: string[]; action: { label: string; url: string } }) {
  const shown = opts.lines.slice(0, DIGEST_LINES);
  const more = opts.lines.length - shown.length;
  const list = [...shown.map((l) => `- ${l}`), ...(more > 0 ? [`…and ${more} more.`] : [])];
  return {
    subject: opts.subject,
    text: `${opts.intro}\n\n${list.join("\n")}\n\n${opts.outro.join("\n\n")}\n\n${opts.action.label}: ${opts.action.url}\n\nParcelhive`,
    html: simpleHtmlMail({ heading: opts.subject, paragraphs: [opts.intro, ...list, ...opts.outro], action: opts.action }),
  };
}

/** The labels list on the site, with its filters ('lost=1'). */
export const labelsUrl = (env: Pick<Env, "APP_URL">, query = "") => `${env.APP_URL.replace(/\/+$/, "")}/labels${query ? `?${query}` : ""}`;
