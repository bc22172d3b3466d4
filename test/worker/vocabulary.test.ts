/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { classifyLine } from "../../worker/label-reading/line-kinds";
import { personName, shopName } from "../../bench/label-generator/world";
import { freshSeed, Rng } from "../../bench/label-generator/random";

// Drawn cases: a fresh seed each run, printed (replay with SEED=…); never asserts what a seed drew.
const SEED = process.env.SEED || freshSeed();
console.log(`vocabulary (drawn cases): SEED=${SEED}`);
import { CARRIER_NAMES, CARRIER_NETWORKS, PRINTED_HEADINGS, ROUTING_WORDS, SERVICE_PHRASES, TITLES } from "../../worker/label-reading/vocabulary";

// Label reading's words are spelled once, in vocabulary.ts (docs/label-reading.md). A second spelling of one of its
// lists elsewhere in label-reading or label-import (a pattern or a string naming two carriers, routing words, headings, services or
// titles) fails here: one word alone may recur with another meaning ('van' of 'van der Berg', 'signed for by' on a
// tracking page), a list may not.
const sources = import.meta.glob(["../../worker/label-reading/**/*.ts", "../../worker/label-import/**/*.ts"], { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;
const files = Object.entries(sources)
  .map(([path, text]) => ({ path: path.replace("../../", ""), text }))
  .filter((f) => !f.path.endsWith("/vocabulary.ts"));

/**
 * The string, template and regular-expression literals of a TypeScript source (comments left out). Literals with
 * nothing but commas, brackets or '+' between them (an array of strings, a string in pieces) come as one.
 */
function literals(src: string): string[] {
  const out: { text: string; end: number }[] = [];
  let last = ""; // the last character of code before `i`, to tell a regular expression from a division
  let word = ""; // the last word of code, for 'return /re/'
  for (let i = 0; i < src.length; ) {
    const c = src[i];
    if (c === "/" && src[i + 1] === "/") {
      i = src.indexOf("\n", i) < 0 ? src.length : src.indexOf("\n", i);
    } else if (c === "/" && src[i + 1] === "*") {
      i = src.indexOf("*/", i + 2) < 0 ? src.length : src.indexOf("*/", i + 2) + 2;
    } else if (c === '"' || c === "'" || c === "`" || (c === "/" && (!/[\w$)\]]/.test(last) || /^(?:return|typeof|case)$/.test(word)))) {
      let j = i + 1;
      let inClass = false;
      for (; j < src.length; j++) {
        if (src[j] === "\\") j++;
        else if (c === "/" && src[j] === "[") inClass = true;
        else if (c === "/" && src[j] === "]") inClass = false;
        else if (src[j] === c && !inClass) break;
      }
      const text = src.slice(i + 1, j);
      const prev = out[out.length - 1];
      if (prev && /^[\s,[\]()+]*$/.test(src.slice(prev.end, i))) [prev.text, prev.end] = [`${prev.text} | ${text}`, j + 1];
      else out.push({ text, end: j + 1 });
      [i, last, word] = [j + 1, "x", ""];
    } else {
      if (!/\s/.test(c)) [last, word] = [c, /[\w$]/.test(c) ? (/[\w$]/.test(src[i - 1] ?? "") ? word + c : c) : ""];
      i++;
    }
  }
  return out.map((l) => l.text);
}

/** A literal's words: its letters and digits, lower case, a pattern's escapes ('\s', '\b') taken for spaces. */
const wordsOf = (literal: string) =>
  literal
    .replace(/\\[a-zA-Z]/g, " ")
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean);

/** Whether `words` hold `phrase` (its words in a row, or run together: 'royal mail', 'royalmail'). */
function holds(words: string[], phrase: string): boolean {
  const want = wordsOf(phrase);
  if (words.includes(want.join(""))) return true;
  return words.some((_, i) => want.every((w, k) => words[i + k] === w));
}

/** A pattern's source as its words ('special\s+delivery' -> 'special delivery'), for the lists kept as patterns. */
const phraseOf = (source: string) => wordsOf(source).join(" ");

const LISTS: Record<string, string[]> = {
  "carrier names": [...CARRIER_NAMES, ...CARRIER_NETWORKS],
  "routing words": ROUTING_WORDS,
  // Headings of two words or more: 'From' and 'Date' alone are also an e-mail's headers (documents.ts).
  headings: PRINTED_HEADINGS.filter((h) => wordsOf(h).length > 1),
  // Services of two words or more, spelled as a label prints them.
  services: SERVICE_PHRASES.map(phraseOf).filter((p) => /^[a-z\d]+ [a-z]+$/.test(p)),
  titles: TITLES,
};

/** Where a literal of `src` names two or more of one list: '<list>: <the literal>'. */
function secondSpellings(src: string): string[] {
  return literals(src).flatMap((lit) => {
    const words = wordsOf(lit);
    return Object.entries(LISTS)
      .filter(([, list]) => list.filter((entry) => holds(words, entry)).length >= 2)
      .map(([name]) => `${name}: ${lit.slice(0, 80)}`);
  });
}

describe("label reading's vocabulary", () => {
  it("reads the literals of a source, not its comments", () => {
    const src = 'const a = "evri"; // hermes\n/* dpd */ const b = x / 2 / y; const c = /royal\\s*mail|[/]yodel/i; const d = `ups`;';
    expect(literals(src)).toEqual(["evri", "royal\\s*mail|[/]yodel", "ups"]);
    expect(literals('const a = ["x", "y"]; f("z")')).toEqual(["x | y", "z"]);
  });

  it("catches a list spelled again, and not a word that recurs alone", () => {
    expect(secondSpellings("const LOGO = /^(?:evri|hermes)$/i;")).toEqual(["carrier names: ^(?:evri|hermes)$"]);
    expect(secondSpellings('const R = new RegExp(String.raw`\\b(?:VAN|DROP)\\s*\\d`, "i");')).toHaveLength(1);
    expect(secondSpellings('const H = ["Deliver to:", "Return address:"];')).toHaveLength(1);
    expect(secondSpellings('const H = [\n  "Deliver to:",\n  "Return address:",\n];')).toHaveLength(1);
    expect(secondSpellings('const W = "hub drop " +\n "evri";')).toHaveLength(1);
    expect(secondSpellings("const S = /special\\s+delivery|next\\s*day/i;")).toHaveLength(1);
    expect(secondSpellings("const P = /^(?:de|van|von)$/i; const T = /signed\\s+for\\s+by/i;")).toEqual([]);
  });

  it("finds label-reading's and label-import's sources", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it("is spelled once: no list of it again elsewhere in label-reading or label-import", () => {
    expect(files.flatMap((f) => secondSpellings(f.text).map((s) => `${f.path}: ${s}`))).toEqual([]);
  });

  it("reads each printed heading as the role it names; field labels name none", () => {
    const role = (h: string) => classifyLine(h).heading?.role ?? null;
    expect(Object.fromEntries(PRINTED_HEADINGS.map((h) => [h, role(h)]))).toEqual({
      "Deliver to:": "recipient",
      "Ship to:": "recipient",
      "Delivery address:": "recipient",
      "Ship from:": "sender",
      "Sent from:": "sender",
      "Sent by:": "sender",
      "From:": "sender",
      "Sender:": "sender",
      "Collect from:": "sender",
      "Collection address:": "sender",
      "Sold by:": "sender",
      "Return address:": "return",
      "Return to:": "return",
      "Weight:": null,
      "Date:": null,
      "Posted:": null,
      "Service:": null,
    });
    for (const h of PRINTED_HEADINGS) expect(classifyLine(h.toUpperCase().replace(":", "")).headingAlone).toBe(true);
  });
});

describe("what a line is (classifyLine)", () => {
  it("gives a heading its role and the text after it", () => {
    expect(classifyLine("Deliver to: Jane Smith").heading).toEqual({ role: "recipient", rest: "Jane Smith" });
    expect(classifyLine("If undelivered, please return to:").heading).toEqual({ role: "return", rest: "" });
    expect(classifyLine("Jane Smith")).toEqual({ heading: null, headingAlone: false, contact: false, debris: false, around: null });
  });

  it("takes Hermes' courier networks for the carrier's, never a name ('COU-PDRO' given as a sender: fresh seed 2477354623, file 306)", () => {
    for (const t of ["COU-PNET", "COU-PDRO", "COU-PNXT", "cou-pdro", "PDRO", "COU-PDRO HUB Evri"]) expect(classifyLine(t).around, t).toBe("carrier");
  });

  it("tells the things printed around addresses apart", () => {
    const around = (t: string) => classifyLine(t).around;
    expect(["VAN 98", "EV R i", "Tracked 24", "Weight: 1.2kg", "Shipped with Shopify", "H01AB23456789012", "HUB 4 STANDARD"].map(around)).toEqual([
      "routing",
      "carrier logo",
      "service",
      "weight",
      "tagline",
      "tracking code",
      "routing",
    ]);
    expect(classifyLine("Tel: 07700 900123").contact).toBe(true);
  });

  it("knows a heading printed without its space (glyphs placed with no space between words) as that heading", () => {
    const role = (h: string) => classifyLine(h).heading;
    const glued = ["Returnaddress:", "DeliverTo", "SHIPTO:", "Shipfrom:", "Sentfrom", "Deliveryaddress:", "Collectionaddress", "Soldby:", "Billto:", "Ifundeliveredpleasereturnto:"];
    expect(glued.map((h) => role(h)?.role)).toEqual(["return", "recipient", "recipient", "sender", "sender", "recipient", "sender", "sender", "other", "return"]);
    expect(glued.map((h) => role(h)?.rest)).toEqual(glued.map(() => ""));
    expect(classifyLine("DELIVERTO Jane Smith").heading).toEqual({ role: "recipient", rest: "Jane Smith" });
    // Every printed heading with its spaces taken out is still a heading alone: never a name.
    for (const h of PRINTED_HEADINGS) expect(classifyLine(h.replace(/\s+/g, "")).headingAlone).toBe(true);
    // Names and places that start like a heading stay text an address may hold.
    for (const t of ["Shipton Road", "Tomlinson", "Frome", "Returnable Bottles Ltd", "Sendtoft Farm", "Billington", "Deliverton"]) expect(role(t)).toBeNull();
  });

  it("answers every kind a line is: 'To:' is a heading and no address text, a lower-case 'from' a heading and debris", () => {
    expect(classifyLine("To:")).toMatchObject({ heading: { role: "recipient", rest: "" }, headingAlone: false, around: "field label" });
    expect(classifyLine("from")).toMatchObject({ heading: { role: "sender", rest: "" }, headingAlone: true, debris: true });
  });

  it(`knows '1st Class' with its 1 read as I or l as a service, and no drawn name as one (drawn, SEED=${SEED})`, () => {
    // Fresh seed 394441964, file 310 (a 600 DPI scan): 'Ist Class Parcel' over the recipient's block was given as the name.
    const rng = new Rng(`${SEED}/first-class`);
    for (let i = 0; i < 30; i++) {
      const service = `${rng.pick(["I", "l", "1"])}st ${rng.pick(["Class", "class", "CLASS"])}${rng.pick(["", " Parcel", " Large Letter", " Signed For"])}`;
      expect(classifyLine(rng.chance(0.5) ? service.toUpperCase().replace(/^L/, "l") : service).around, service).toBe("service");
      for (const name of [personName(rng), shopName(rng)]) expect(classifyLine(name).around, name).not.toBe("service");
    }
  });
});
