import type { LabelRow } from "../db/schema";
import { labelNoticeFacts, labelsUrl, noticeDigest } from "../labels/notice";
import { simpleHtmlMail } from "../lib/mailer";
import { ukDay } from "../lib/uk-format";
import type { AlertKind } from "./alerts";
import type { LabelDeadlines } from "../../shared/claims";

const STOP = "Has it arrived, or have you claimed? Mark it on the label page and we will stop these reminders.";

/**
 * The deadline alerts' texts, in the lost notice's manner: which parcel, why now, what to do, a
 * link to the label, and how to stop them (mark it on the label page).
 */
export function deadlineAlertMail(env: Pick<Env, "APP_URL">, label: LabelRow, kind: AlertKind, d: LabelDeadlines, now: number) {
  const { known, courier, to, url } = labelNoticeFacts(env, label);
  const parcel = `${courier} ${label.trackingCode}${to ? ` to ${to}` : ""}`;
  const closes = ukDay(d.claimClosesOn, now);

  let subject: string;
  let lines: string[];
  let short: string;
  if (kind === "claim_closing") {
    subject = `Parcel ${label.trackingCode}: claims close on ${closes}`;
    short = `claims close on ${closes}: claim now if it has not arrived`;
    lines = [
      `${courier} accepts claims for this parcel only until ${closes}: ${parcel}.`,
      "Why now: it has not been delivered, and a claim made after that day is refused.",
      `What to do: check with the recipient; if it has not arrived, make your claim with ${courier} before ${closes}.`,
    ];
  } else if (d.enquiryBy !== null) {
    const until = ukDay(d.enquiryBy, now);
    subject = `Parcel ${label.trackingCode}: raise it with ${courier} by ${until}`;
    short = `no scan for a week: raise it with ${courier} by ${until}`;
    lines = [
      `${courier} has not scanned this parcel for a week: ${parcel}.`,
      `Why now: ${courier} investigates a missing parcel only until ${until}; after that only a claim is left (claims close on ${closes}).`,
      `What to do: ${known?.lostAdvice ?? `check with the recipient first; if it has not arrived, contact ${courier} with the tracking number.`}`,
    ];
  } else {
    subject = `Parcel ${label.trackingCode}: you can claim from ${courier} now`;
    short = `late: you can claim from ${courier} now (claims close on ${closes})`;
    lines = [
      `This parcel is late and can now be claimed as lost: ${parcel}.`,
      `Why now: ${courier} accepts a claim for loss from ${ukDay(d.claimableFrom, now)}; claims close on ${closes}.`,
      `What to do: check with the recipient first; if it has not arrived, make your claim with ${courier}.`,
    ];
  }
  return {
    subject,
    text: `${lines.join("\n\n")}\n\nOpen the label: ${url}\n\n${STOP}\n\nParcelhive`,
    html: simpleHtmlMail({ heading: subject, paragraphs: [...lines, STOP], action: { label: "Open the label", url } }),
    /** The alert as one line of a mail about several parcels. */
    line: `${parcel}: ${short}`,
  };
}

/** The alerts of one cron pass for one owner, in one mail: each parcel and what it needs, and where to act. */
export function deadlineDigestMail(env: Pick<Env, "APP_URL">, lines: string[]) {
  return noticeDigest({
    subject: `${lines.length} parcels need you before their carrier deadlines`,
    intro: `${lines.length} of your parcels have carrier deadlines coming up:`,
    lines,
    outro: ["What to do: check with each recipient first; if a parcel has not arrived, contact its carrier or claim before the day given.", STOP],
    action: { label: "See what needs action", url: labelsUrl(env) },
  });
}
