/**
 * The labels a bulk print left out, and why, as POST /labels/print tells them: in three headers beside the file,
 * or in its 400 when no label could be printed. Pure code importing nothing: the web app's bulk print bar reads the
 * same names and texts (tsconfig.web.json).
 */

/** Why a label is left out of a print, in the words the bulk print bar and the API's refusal use. */
export const LEFT_OUT_REASONS = {
  no_recipient_address: "no recipient name and address (add them on the label page)",
  no_original_file: "no original PDF, PNG, JPEG or WEBP file to print",
  unreadable_original_file: "its original file cannot be read",
  barcode_too_large: "too much data for its barcodes on a 4x6 label",
} as const;
export type LeftOutReason = keyof typeof LEFT_OUT_REASONS;

/** A label a print left out, and why. */
export interface LeftOut {
  id: string;
  trackingCode: string;
  reason: LeftOutReason;
}

/** The tracking codes left out, by reason: `{ "no_original_file": ["SG577041359GB"] }`. */
export type LeftOutByReason = Partial<Record<LeftOutReason, string[]>>;

/** How many labels the file holds. */
export const PRINTED_HEADER = "X-Labels-Printed";
/** How many labels were left out (0 when none). */
export const LEFT_OUT_HEADER = "X-Labels-Left-Out";
/** Their tracking codes by reason, as JSON (LeftOutByReason); only when some were left out. */
export const LEFT_OUT_REASONS_HEADER = "X-Labels-Left-Out-Reasons";
/** The reasons header stays under this size (HTTP clients refuse large headers: Node's at 16 KB in all). */
const MAX_REASONS_HEADER = 8000;

export function leftOutByReason(leftOut: LeftOut[]): LeftOutByReason {
  const out: LeftOutByReason = {};
  for (const { trackingCode, reason } of leftOut) out[reason] = [...(out[reason] ?? []), trackingCode];
  return out;
}

/**
 * The reasons header: every code left out, unless that would not fit in 8 KB (hundreds of long codes), when the
 * last codes of the longest lists are not named (the count header still gives them all).
 */
export function leftOutHeader(leftOut: LeftOut[]): string {
  const grouped = leftOutByReason(leftOut);
  let text = JSON.stringify(grouped);
  while (text.length > MAX_REASONS_HEADER) {
    const longest = Object.values(grouped).reduce((a, b) => (b.length > a.length ? b : a));
    longest.splice(Math.floor(longest.length * 0.9));
    text = JSON.stringify(grouped);
  }
  return text;
}

/** A list of tracking codes for a message: the first ten, then how many more. */
export function codeList(codes: string[]): string {
  return codes.length > 10 ? `${codes.slice(0, 10).join(", ")} and ${codes.length - 10} more` : codes.join(", ");
}

/** One sentence per reason: 'SG577041359GB: no original PDF, PNG, JPEG or WEBP file to print.' */
export function leftOutSentences(grouped: LeftOutByReason): string[] {
  return (Object.entries(grouped) as Array<[LeftOutReason, string[]]>).map(([reason, codes]) => `${codeList(codes)}: ${LEFT_OUT_REASONS[reason]}.`);
}

/** The 400 when not one label of the request can be printed. */
export function nothingToPrint(leftOut: LeftOut[]): string {
  return `Nothing to print. ${leftOutSentences(leftOutByReason(leftOut)).join(" ")}`;
}
