/**
 * What a label says, before it is laid out: the parties, the service and weight in one of the
 * forms they are printed in, and the ground truth a perfect reader would answer. Truth is set here,
 * from the values drawn, never read back from a file.
 */
import type { Truth } from "./manifest.ts";
import type { Rng } from "./random.ts";
import { companyName, districts, emailFor, personName, phoneNumber, postcodeIn, shopName, streetLines, type District } from "./world.ts";

export interface Party {
  /** The name as the truth has it: the first line of the block. */
  name: string;
  /** A second line under the name: a company, a 'c/o' or 'Attn' contact. */
  second: string | null;
  lines: string[];
  town: string;
  county: string;
  /** The postcode in its normal form; `printedPostcode` is how this label prints it. */
  postcode: string;
  printedPostcode: string;
  phone: string | null;
  email: string | null;
}

function printedPostcodeOf(rng: Rng, pc: string): string {
  return rng.weighted([
    [pc, 82],
    [pc.replace(" ", ""), 12],
    [pc.replace(" ", "  "), 3],
    [pc.toLowerCase(), 1],
  ]);
}

/** A recipient: a person (with a company line sometimes), or a company with a contact. */
export function recipientParty(rng: Rng): Party {
  const d: District = rng.pick(districts);
  const postcode = postcodeIn(rng, d);
  const kind = rng.weighted([["person", 78], ["personCompany", 7], ["companyAttn", 6], ["company", 4], ["personCo", 5]] as const);
  let name = personName(rng);
  let second: string | null = null;
  if (kind === "personCompany") second = companyName(rng);
  if (kind === "personCo") second = `c/o ${personName(rng)}`;
  if (kind === "companyAttn" || kind === "company") {
    const contact = personName(rng);
    name = companyName(rng);
    if (kind === "companyAttn") second = `${rng.pick(["Attn:", "Attn", "FAO", "FAO:", "c/o"])} ${contact}`;
  }
  return {
    name,
    second,
    lines: streetLines(rng),
    town: d.town,
    county: d.county,
    postcode,
    printedPostcode: printedPostcodeOf(rng, postcode),
    phone: rng.chance(0.35) ? phoneNumber(rng) : null,
    email: rng.chance(0.12) ? emailFor(rng, name) : null,
  };
}

/** A sender: a shop most of the time, a private person otherwise. */
export function senderParty(rng: Rng, shop = rng.chance(0.75)): Party {
  const p = recipientParty(rng);
  return { ...p, name: shop ? shopName(rng) : personName(rng), second: null, phone: rng.chance(0.15) ? p.phone ?? phoneNumber(rng) : null, email: null };
}

/**
 * How the name line breaks (the name is still all of it): not at all; a long name wrapped before its last word, as a
 * narrow column prints it; its title on a line of its own ('MR' / 'JOHN SMITH'); its title and initials or first
 * name over the surname ('Mrs J K' / 'Smith'), as fixed-width fields of old despatch systems print them.
 */
export type NameBreak = "none" | "wrap" | "title" | "surname";

export interface AddressStyle {
  upper: boolean;
  nameBreak: NameBreak;
  /** Printed bottom up: postcode first, name last, as some legacy systems print a block (contact lines stay under it). */
  reversed: boolean;
  /** Town and postcode on one line ('Woking GU22 7AP'). */
  townPostcode: boolean;
  county: boolean;
  country: string | null;
  phone: "none" | "bare" | "labelled";
  email: boolean;
}

export function addressStyle(rng: Rng, o: { upper?: number } = {}): AddressStyle {
  return {
    upper: rng.chance(o.upper ?? 0.3),
    nameBreak: rng.weighted([["none", 94], ["wrap", 3], ["title", 1.5], ["surname", 1.5]] as const),
    reversed: rng.chance(0.015),
    townPostcode: rng.chance(0.15),
    county: rng.chance(0.35),
    country: rng.weighted([[null, 80], ["United Kingdom", 8], ["UNITED KINGDOM", 6], ["GB", 3], ["UK", 3]] as const),
    phone: rng.weighted([["none", 2], ["bare", 1], ["labelled", 2]] as const),
    email: rng.chance(0.5),
  };
}

/** The lines of an address block as printed, top to bottom; the name is line 0. */
export function addressLines(rng: Rng, p: Party, s: AddressStyle): string[] {
  const name = nameLines(p.name, s.nameBreak);
  const out = [name[0]];
  if (p.second) out.push(p.second);
  out.push(...p.lines);
  const county = s.county && p.county ? p.county : null;
  if (s.townPostcode) {
    if (county) out.push(p.town, `${county} ${p.printedPostcode}`);
    else out.push(`${p.town} ${p.printedPostcode}`);
  } else {
    out.push(p.town);
    if (county) out.push(county);
    out.push(p.printedPostcode);
  }
  if (s.country) out.push(s.country);
  // Printed bottom up field by field: the name is one field, its lines stay in order.
  const fields = s.reversed ? out.reverse() : out;
  const lines = fields.flatMap((l) => (l === name[0] ? name : [l]));
  const cased = s.upper ? lines.map((l) => l.toUpperCase()) : lines;
  if (p.phone && s.phone !== "none") cased.push(s.phone === "bare" ? p.phone : `${rng.pick(["Tel:", "Tel", "T:", "Phone:", "Mob:", "Tel."])} ${p.phone}`);
  if (p.email && s.email) cased.push(rng.chance(0.5) ? p.email : `${rng.pick(["Email:", "E:", "e-mail:"])} ${p.email}`);
  return cased;
}

const TITLE = /^(?:Mr|Mrs|Ms|Miss|Dr|Mx|Prof|Rev)\.?$/i;

/** The name's lines as `how` breaks it; a name that cannot break so stays on one line. */
function nameLines(name: string, how: NameBreak): string[] {
  const words = name.split(" ");
  const titled = TITLE.test(words[0]);
  if (how === "wrap" && words.length >= 3) return [words.slice(0, -1).join(" "), words[words.length - 1]];
  if (how === "title" && titled && words.length >= 3) return [words[0], words.slice(1).join(" ")];
  // Not a couple ('Mr & Mrs Hall'): their surname alone is no one's name.
  if (how === "surname" && words.length >= 2 && !words.includes("&") && !words.includes("and")) return [words.slice(0, -1).join(" "), words[words.length - 1]];
  return [name];
}

/** A sender on one line: 'From: Tidewater Tea Co', or with its address run on ('<name>, <street>, <town> <postcode>'). */
export function senderOneLine(rng: Rng, p: Party, withAddress: boolean): string {
  if (!withAddress) return p.name;
  const parts = [p.name, ...p.lines.slice(0, rng.int(1, p.lines.length)), rng.chance(0.5) ? `${p.town} ${p.printedPostcode}` : p.town];
  if (rng.chance(0.5) && !parts[parts.length - 1].includes(p.printedPostcode)) parts.push(p.printedPostcode);
  return parts.join(", ");
}

export type EvriService = "NEXT DAY" | "48 HOUR" | "STANDARD";
export type RoyalMailService = "Tracked 24" | "Tracked 48" | "1st Class" | "2nd Class" | "Special Delivery Guaranteed by 1pm" | "Special Delivery Guaranteed by 9am";

export function evriService(rng: Rng): { truth: EvriService; printed: string } {
  const truth = rng.weighted([["NEXT DAY", 35], ["48 HOUR", 25], ["STANDARD", 40]] as const);
  const forms: Record<EvriService, string[]> = {
    "NEXT DAY": ["NEXT DAY", "Next Day", "Next Day Delivery", "NEXT-DAY", "NEXT DAY DELIVERY", "Next day"],
    "48 HOUR": ["48 HOUR", "48 Hour", "48hr", "48HR", "48 Hours", "48 Hour Delivery", "48 hr"],
    STANDARD: ["STANDARD", "Standard", "Standard Delivery", "Standard (2-3 days)", "2-3 Day", "STANDARD DELIVERY"],
  };
  return { truth, printed: rng.pick(forms[truth]) };
}

export function royalMailService(rng: Rng): { truth: RoyalMailService; printed: string } {
  const truth = rng.weighted([["Tracked 24", 35], ["Tracked 48", 35], ["1st Class", 13], ["2nd Class", 7], ["Special Delivery Guaranteed by 1pm", 7], ["Special Delivery Guaranteed by 9am", 3]] as const);
  const tracked = (n: string) => [`Tracked ${n}`, `Tracked ${n} Signature`, `Tracked ${n} No Signature`, `Royal Mail Tracked ${n}`, `TRACKED ${n}`, `Tracked ${n}®`];
  const forms: Record<RoyalMailService, string[]> = {
    "Tracked 24": tracked("24"),
    "Tracked 48": tracked("48"),
    "1st Class": ["1st Class", "1ST CLASS", "Royal Mail 1st Class", "1st Class Parcel"],
    "2nd Class": ["2nd Class", "2ND CLASS", "Royal Mail 2nd Class", "2nd Class Parcel"],
    // Royal Mail sells the by-1pm product under the bare name too; the by-9am one always names its time.
    "Special Delivery Guaranteed by 1pm": ["Special Delivery Guaranteed by 1pm", "Special Delivery Guaranteed", "SPECIAL DELIVERY GUARANTEED BY 1PM", "Special Delivery 1pm®", "Special Delivery Guaranteed® by 1pm"],
    "Special Delivery Guaranteed by 9am": ["Special Delivery Guaranteed by 9am", "SPECIAL DELIVERY GUARANTEED BY 9AM", "Special Delivery 9am®", "Special Delivery Guaranteed® by 9am", "Special Delivery Guaranteed by 9.00am"],
  };
  return { truth, printed: rng.pick(forms[truth]) };
}

/**
 * A parcel weight and one of the ways labels print it, up to the courier's limit: Evri takes parcels
 * up to 15 kg, Royal Mail's parcel services up to 20 kg (a reader may rightly doubt 18 kg on an Evri label).
 */
export function weight(rng: Rng, courier: "evri" | "royalmail"): { grams: number; printed: string } {
  const grams = rng.chance(0.6) ? rng.int(2, 40) * 50 : rng.int(20, courier === "evri" ? 150 : 200) * 100;
  const kg = grams / 1000;
  const kgShort = String(kg);
  const printed = rng.pick([
    `Weight: ${kgShort}kg`,
    `Weight: ${kgShort} kg`,
    `${kgShort}kg`,
    `${kgShort} KG`,
    `Wt: ${kg.toFixed(2)}kg`,
    `Parcel weight: ${kgShort} kg`,
    `${grams}g`,
    `${grams} g`,
    `Weight ${grams}g`,
    `Weight (kg): ${kg.toFixed(2)}`,
    `${kg.toFixed(2)}kg`,
    `Weight: ${kg.toFixed(3)} kg`,
    `Weight: ${grams.toLocaleString("en-GB")} g`,
    `WEIGHT ${kg.toFixed(2)}KG`,
    `Weight: ${grams}g`,
  ]);
  return { grams, printed };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A shipping date in the past year and one printed form of it. */
export function shipDate(rng: Rng): { date: Date; printed: string } {
  const date = new Date(Date.UTC(2026, 0, 1) - rng.int(0, 330) * 86_400_000 + 330 * 86_400_000);
  const dd = String(date.getUTCDate()).padStart(2, "0");
  const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
  const yyyy = date.getUTCFullYear();
  return {
    date,
    printed: rng.pick([`${dd}/${mm}/${yyyy}`, `${dd}/${mm}/${String(yyyy).slice(2)}`, `${Number(dd)} ${MONTHS[date.getUTCMonth()]} ${yyyy}`, `${dd}-${mm}-${yyyy}`, `${yyyy}-${mm}-${dd}`]),
  };
}


export type { Truth };
