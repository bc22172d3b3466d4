import { simpleHtmlMail } from "../lib/mailer";
import { brandColorOf, readableOnWhite } from "../tracking-page/brand-color";
import type { BuyerView } from "../tracking-page/view";
import type { BuyerMailKind } from "../../shared/buyer-mail";

/**
 * A mail to a seller's buyer: short, in the seller's name and colour, what happened in one sentence (the tracking
 * page's own), a button to the page, and how to stop them. A delay is told plainly and without alarm.
 */

const WHAT: Record<BuyerMailKind, (seller: string) => { subject: string; heading: string }> = {
  shipped: (s) => ({ subject: `Your parcel from ${s} is on its way`, heading: "Your parcel is on its way" }),
  out_for_delivery: (s) => ({ subject: `Your parcel from ${s} is out for delivery`, heading: "Your parcel is out for delivery" }),
  delivered: (s) => ({ subject: `Your parcel from ${s} has been delivered`, heading: "Your parcel has been delivered" }),
  delayed: (s) => ({ subject: `Your parcel from ${s} is taking a little longer`, heading: "Your parcel is taking a little longer" }),
  link: (s) => ({ subject: `Track your parcel from ${s}`, heading: "Track your parcel" }),
};

export interface BuyerMailFacts {
  view: BuyerView;
  /** The seller as the buyer knows them: the company name, else 'the sender'. */
  seller: string;
  pageUrl: string;
  unsubscribeUrl: string;
}

export function buyerMail(kind: BuyerMailKind, f: BuyerMailFacts) {
  const { subject, heading } = WHAT[kind](f.seller);
  const hello = f.view.recipient.firstName ? `Hi ${f.view.recipient.firstName},` : "Hello,";
  const news =
    kind === "delayed"
      ? `Your parcel from ${f.seller} is taking longer than expected to reach you. ${f.seller} has been told and is keeping an eye on it; there is nothing you need to do.`
      : kind === "link"
        ? `${f.seller} has sent you a parcel with ${f.view.carrier.name}. ${f.view.headline}: ${f.view.sentence}`
        : f.view.sentence;
  const paragraphs = [hello, news];
  const because = `You get this e-mail because ${f.seller} sent you a parcel. Reply to it to reach ${f.seller}.`;
  const color = brandColorOf(f.view.seller.color);
  return {
    subject,
    text: `${paragraphs.join("\n\n")}\n\nTrack your parcel: ${f.pageUrl}\n\n--\n${because}\nStop these e-mails: ${f.unsubscribeUrl}\n`,
    html: simpleHtmlMail({
      heading,
      paragraphs,
      action: { label: "Track your parcel", url: f.pageUrl },
      brand: { name: f.seller, color, textColor: readableOnWhite(color) },
      footer: [{ text: because }, { text: "Don't want these e-mails?", link: { label: "Unsubscribe", url: f.unsubscribeUrl } }],
    }),
    // RFC 8058: mail clients offer one-click unsubscribe and POST 'List-Unsubscribe=One-Click' to the address.
    headers: { "List-Unsubscribe": `<${f.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
