import { formatNumber } from "../../components/numbers";
import { ukOffsetMs } from "../../../shared/uk-calendar";
import { details, printPlan, senderAddress, type PrintPlan } from "../../../shared/print-content";
import type { Address, ApiCourier, ApiLabel, TrackingEvent } from "./types";
import { courierKey } from "../../../shared/courier-key";

// What a printed label says and the formats it shares with these screens live with the print content, which the
// browser's print view and the worker's merged PDF both use.
export { details, formatDimensions, formatWeight, printLines, senderAddress, serviceType } from "../../../shared/print-content";

// Formats and rules of the label screens, in one place; the other screens take their dates from here too.

/**
 * Dates as every screen shows them: en-GB, in UK time (Europe/London) whatever zone the browser is in, the year
 * left out within the current UK year and written outside it ('24 Dec', '24 Dec 2025'). Issue 24 supersedes the
 * SPEC's US formats ('MMM D, YYYY h:mm A' for events and flags, 'MMMM D, YYYY h:mm A' last updated, 'MMM D, YYYY'
 * extra dates). A card's 'Last updated' is written as the events beside it (issue 33: '28 November, 22:18' over
 * '28 Nov, 17:28' read as two products): one style for every instant. The worker writes mails and the claim pack the
 * same way (worker/lib/uk-format.ts).
 */
const DATE_STYLES = {
  /** Events, flags and 'Last updated': '25 Nov, 19:58'. */
  event: { sameYear: "D MMM, HH:mm", otherYear: "D MMM YYYY, HH:mm" },
  /** Extra dates and deadlines: '25 Nov'. */
  day: { sameYear: "D MMM", otherYear: "D MMM YYYY" },
  /** Logs to the second (webhook deliveries): '25 Nov, 19:58:03'. */
  log: { sameYear: "D MMM, HH:mm:ss", otherYear: "D MMM YYYY, HH:mm:ss" },
} as const;
export type DateStyle = keyof typeof DATE_STYLES;
export const EVENT_DATE: DateStyle = "event";
export const EXTRA_DATE: DateStyle = "day";
export const LOG_TIME: DateStyle = "log";

const UK_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * The wall clock in the UK (Europe/London) at instant `ms`: the BST rule's arithmetic (the worker's), no Intl time-zone
 * formatter. Creating the first one costs a fresh page 18-83 ms of ICU set-up (issue 26), and the app shell's boot
 * script draws the labels list's first cards, dates included, with this code before the app's arrives.
 */
function ukFields(ms: number): Fields {
  const d = new Date(ms + ukOffsetMs(ms));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** An instant (ISO), or a UK calendar day (YYYY-MM-DD, taken as that day in the UK, never shifted), in UK time. */
function inUkTime(value: string | number): Fields | null {
  const day = typeof value === "string" ? UK_DAY.exec(value) : null;
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const check = new Date(Date.UTC(year, month - 1, date));
    const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
    return real ? { year, month, day: date, hour: 0, minute: 0, second: 0 } : null;
  }
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ukFields(ms);
}

const pad = (n: number) => String(n).padStart(2, "0");
const TOKENS: Record<string, (f: Fields) => string> = {
  YYYY: (f) => String(f.year),
  MMM: (f) => MONTHS[f.month - 1],
  D: (f) => String(f.day),
  HH: (f) => pad(f.hour),
  mm: (f) => pad(f.minute),
  ss: (f) => pad(f.second),
};

/** A date in one of the screens' styles; '' for a value that is not a date. `now` decides what the current year is. */
export function formatDate(value: string | null | undefined, style: DateStyle, now: number = Date.now()): string {
  const f = value ? inUkTime(value) : null;
  if (!f) return "";
  const formats = DATE_STYLES[style];
  const pattern = f.year === ukFields(now).year ? formats.sameYear : formats.otherYear;
  return pattern.replace(/YYYY|MMM|HH|mm|ss|D/g, (token) => TOKENS[token](f));
}

/** A file's size for people: '640 KB', '18.2 MB' (never a count of bytes above a kilobyte). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** Whole pence as pounds: '£1,234.50'; '' when not set. */
export function formatPence(pence: number | null | undefined): string {
  if (typeof pence !== "number" || !Number.isFinite(pence)) return "";
  return `£${formatNumber(pence / 100, 2)}`;
}


/** A label's courier as the couriers call describes it (names compared ignoring case, spaces, underscores and hyphens). */
export function courierOf(couriers: ApiCourier[] | undefined, name: string): ApiCourier | undefined {
  const key = courierKey(name);
  return couriers?.find((c) => c.id === key || courierKey(c.label) === key);
}

/** Events of every tracking result, newest first. */
export function trackingEvents(label: ApiLabel): TrackingEvent[] {
  const results = details(label).tracking?.results ?? [];
  return results
    .flatMap((r) => r.trackingEvents ?? [])
    .slice()
    .sort((a, b) => (Date.parse(b.dateTime) || 0) - (Date.parse(a.dateTime) || 0));
}

/** What a label without tracking events says, on the list card or the detail ('No updates available.' for a courier not known). */
export function noEventsText(courier: ApiCourier | undefined, where: "card" | "detail"): string {
  return courier?.noEvents[where] ?? "No updates available.";
}

export const addressText = (a: Address) => [a.name, ...a.address, a.postcode].filter(Boolean).join("\n");

/** Google Maps search for the address and postcode. */
export function mapsUrl(a: Address): string {
  const query = [...a.address, a.postcode].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** Weight bands for the courier link-out; missing weight gives 1–2kg. */
export function weightBand(grams: number | null | undefined): string {
  if (grams === null || grams === undefined || !Number.isFinite(grams)) return "1–2kg";
  if (grams < 1000) return "under 1kg";
  if (grams <= 2000) return "1–2kg";
  if (grams <= 5000) return "2–5kg";
  if (grams <= 10000) return "5–10kg";
  return "10–15kg";
}

/** A courier's send-a-parcel page (`page`), pre-filled with from, to and weightBand. */
export function sendParcelUrl(page: string, label: ApiLabel): string {
  const d = details(label);
  const params = new URLSearchParams({
    from: senderAddress(label)?.postcode ?? "",
    to: d.address?.postcode ?? "",
    weightBand: weightBand(d.weightInGrams),
  });
  return `${page}?${params}`;
}

const MIME_EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
};

/** The filename from Content-Disposition; a name without an extension gets one from the mime type. */
export function downloadName(disposition: string | null, fallback: string, mime: string): string {
  let name = fallback;
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  if (star) {
    try {
      name = decodeURIComponent(star[1]);
    } catch {
      name = plain?.[1] ?? fallback;
    }
  } else if (plain) name = plain[1];
  if (!/\.[A-Za-z0-9]{1,5}$/.test(name)) {
    const ext = MIME_EXTENSIONS[mime.split(";")[0].trim().toLowerCase()];
    if (ext) name = `${name}.${ext}`;
  }
  return name;
}

const NOTE_CHARS = 80;

/** The start of a note as a card shows it (the whole note in its title). */
export const noteSnippet = (note: string) => ([...note].length > NOTE_CHARS ? `${[...note].slice(0, NOTE_CHARS - 1).join("").trimEnd()}…` : note);

/** The small mark on a label card for what the user marked happened to the parcel. */
export const OUTCOME_BADGES: Record<NonNullable<ApiLabel["outcome"]>, string> = { delivered: "Delivered (marked)", found: "Found", claimed: "Claimed" };

/**
 * What 'Copy buyer tracking link' says it does (its title; the label card and the app shell's first cards): a label
 * without a page gets a public one when it is pressed.
 */
export const copyPageLinkTitle = (label: Pick<ApiLabel, "trackingPageUrl">) =>
  label.trackingPageUrl
    ? "Copy the link to the buyer's tracking page"
    : "Makes a public tracking page for your buyer (no address, e-mail or phone on it) and copies its link";

/** The potentially-lost warning's headline (list card and detail banner). */
export const LOST_HEADLINE = "This parcel may be delayed or lost.";

/**
 * How a label prints (`courier` as the couriers call describes it, undefined before it answers) and what the label
 * page says about it before printing, in words (no tooltip: touch screens have no hover): why it cannot print, that
 * the print asks for a missing recipient, that the From box prints empty, or that the original file prints.
 */
export function printPlanOf(label: ApiLabel, courier: ApiCourier | undefined): { plan: PrintPlan; note: string | null } {
  // The couriers call not answered (or failed): the label is drawn, as before that call existed.
  const plan = printPlan(label, courier ? courier.printing.supported : true);
  if (plan.how === "none") {
    const cannot = courier?.printing.supported === false ? courier.printing.disabledTitle : "This label cannot be printed";
    return { plan, note: `${cannot}: this label has no original file to print.` };
  }
  if (plan.how === "original") return { plan, note: `Prints the original ${courier?.displayName ?? ""} label file.`.replace("  ", " ") };
  if (!plan.recipient) return { plan, note: "No recipient name and address yet: Print asks for them first." };
  if (!plan.sender) return { plan, note: "No sender: the From box prints empty (add one in Edit details)." };
  return { plan, note: null };
}

/** A disabled Print's title: the courier's reason where it is the courier that cannot print (SPEC: 'Printing not supported for Royal Mail yet'). */
export const printTitle = (plan: PrintPlan, courier: ApiCourier | undefined) =>
  plan.how === "none" && courier?.printing.supported === false ? courier.printing.disabledTitle : undefined;
