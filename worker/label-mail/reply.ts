import { courierById } from "../couriers/registry";
import { simpleHtmlMail, type OutgoingMail } from "../lib/mailer";

/**
 * The reply to a mail sent to an import address: what each attachment gave (tracking codes and courier,
 * and whether a credit was spent) or why it was not imported. It goes to the account's own email,
 * never to the mail's From, which anyone can forge.
 */

export interface ImportedCode {
  trackingCode: string;
  courier: string;
  /** New for the user (1 credit); false: an existing label updated for free. */
  isNew: boolean;
}

export type AttachmentOutcome =
  | { name: string; imported: ImportedCode[] }
  | { name: string; reason: string };

/** Marks the product's own import replies. */
export const REPLY_MARKER = "X-Parcelhive-Reply";

export const REPLY_TEXT = {
  notAFileType: "Not a PDF, PNG, JPEG or WEBP file.",
  tooMany: (max: number) => `Only the first ${max} label files of a mail are read: send this one in another mail.`,
  notSaved: "It could not be saved just now, and nothing was charged: please send it again.",
  noFiles: (max: number) =>
    `No label files were found in this mail. Attach each label as a PDF, PNG, JPEG or WEBP file (at most ${max} per mail, 16 MB each).`,
} as const;

const courierName = (id: string) => courierById(id)?.displayName ?? id;

function describeCode(code: ImportedCode): string {
  return `${code.trackingCode} (${courierName(code.courier)}): ${code.isNew ? "new label, 1 credit" : "already in your labels, updated for free"}`;
}

export function importReply(opts: {
  to: string;
  subject: string;
  outcomes: AttachmentOutcome[];
  creditsLeft: number | null;
  appUrl: string;
  maxAttachments: number;
}): OutgoingMail {
  const imported = opts.outcomes.flatMap((o) => ("imported" in o ? [o] : []));
  const refused = opts.outcomes.flatMap((o) => ("reason" in o ? [o] : []));
  const codes = imported.flatMap((o) => o.imported);
  const charged = codes.filter((c) => c.isNew).length;

  const about = opts.subject.trim() ? `Your mail "${opts.subject.trim().slice(0, 200)}" to your label import address` : "Your mail to your label import address";
  const paragraphs: string[] = [];
  if (!opts.outcomes.length) {
    paragraphs.push(`${about} had nothing to import.`, REPLY_TEXT.noFiles(opts.maxAttachments));
  } else {
    paragraphs.push(`${about} was read: ${codes.length} ${codes.length === 1 ? "label" : "labels"} imported, ${charged} ${charged === 1 ? "credit" : "credits"} used.`);
    for (const o of imported) for (const code of o.imported) paragraphs.push(`Imported from ${o.name}: ${describeCode(code)}`);
    for (const o of refused) paragraphs.push(`Not imported: ${o.name}: ${o.reason}`);
  }
  if (opts.creditsLeft !== null) paragraphs.push(`Credits left: ${opts.creditsLeft}.`);

  const labelsUrl = `${opts.appUrl.replace(/\/+$/, "")}/labels`;
  const subject = !opts.outcomes.length
    ? "Labels by email: nothing imported"
    : `Labels by email: ${codes.length} imported${refused.length ? `, ${refused.length} not imported` : ""}`;
  return {
    to: opts.to,
    subject,
    text: `${paragraphs.join("\n\n")}\n\nYour labels: ${labelsUrl}\n`,
    html: simpleHtmlMail({ heading: subject, paragraphs, action: { label: "View your labels", url: labelsUrl } }),
    // A copy that comes back to an import address (a mailbox forwarding everything to it) is recognised by
    // this header and not answered again, so no mail loop. (The sending service accepts X- headers.)
    headers: { [REPLY_MARKER]: "label-import" },
  };
}
