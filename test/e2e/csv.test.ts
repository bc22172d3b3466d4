import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, downloadedBytes, launchBrowser, screenshot } from "./browser";
import { grantCredits, newUser, signInBrowser, type Session } from "./session";

// CSV in the browser: a file with good and bad rows is previewed (nothing charged), the good rows are imported
// and charged exactly their new codes, and the labels list's export downloads what its filters show.

let serial = Math.floor(Math.random() * 1e6);
/** A legacy 16-digit Hermes code (valid for Evri). */
const evriCode = () => String(Date.now() % 1e9).padStart(9, "0") + String(++serial).padStart(7, "0");
/** A Royal Mail S10 code with its UPU check digit (weights 8 6 4 2 3 5 9 7). */
function royalMailCode(): string {
  const s8 = String((++serial * 7919) % 1e8).padStart(8, "0");
  const c = 11 - ([8, 6, 4, 2, 3, 5, 9, 7].reduce((acc, w, i) => acc + w * Number(s8[i]), 0) % 11);
  return `AB${s8}${c === 10 ? 0 : c === 11 ? 5 : c}GB`;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    return (await window.axe.run(document, { resultTypes: ["violations"] })).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const api = (session: Session, path: string, init: RequestInit = {}) =>
  fetch(baseURL() + path, { ...init, headers: { Authorization: `Bearer ${session.access_token}`, "Content-Type": "application/json", ...init.headers } });
const credits = async (session: Session) => ((await (await api(session, "/api/v1/user")).json()) as { credits: number }).credits;

describe("CSV import and export", () => {
  let browser: Browser;
  let session: Session;
  const existing = evriCode();
  const newEvri = evriCode();
  const newRoyalMail = royalMailCode();

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await newUser("csv");
    await grantCredits(session.email, 4);
    const res = await api(session, "/api/v1/label/manual", {
      method: "POST",
      body: JSON.stringify({ courier: "evri", trackingCode: existing, fields: { recipientPostcode: "SW1A 1AA" }, notes: "before" }),
    });
    expect(res.status).toBe(201);
  });
  afterAll(async () => browser?.close());

  it("previews good and bad rows, imports the good ones for exactly their new codes, then exports the filtered list", async () => {
    const csv = [
      "tracking_code;courier;recipient_postcode;weight_in_grams;dimensions_cm;from_address;tags;notes",
      `${newEvri};evri;SW1A 1AA;750;30x20x10;;ebay;"fragile; ""glass"""`,
      `${existing};Evri;LS1 4AP;;;;;updated by CSV`,
      `${newRoyalMail};Royal Mail;OX18 3UQ;;;"Jo Bloggs\n1 High St\nOX18 3UQ";;`,
      "H04AQA0004726580;evri;SW1A 1AA;;;;;",
      `${evriCode()};evri;;;;;;`,
    ].join("\r\n");
    expect(await credits(session)).toBe(3);

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true, bypassCSP: true });
    await signInBrowser(context, session);
    const page = await context.newPage();
    await page.goto(baseURL() + "/upload#csv");
    await page.getByRole("tab", { name: "CSV", selected: true }).waitFor();
    await page.getByTestId("csv-input").setInputFiles({ name: "labels.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}`) });

    const table = page.getByRole("table");
    await table.waitFor();
    const results = await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent)));
    expect(results.map((r) => [r[0], r[1], r[3]?.replace(/(Error).*/, "$1")])).toEqual([
      ["2", newEvri, "New (1 credit)"],
      ["3", existing, "Update (free)"],
      ["4", newRoyalMail, "New (1 credit)"],
      ["7", "H04AQA0004726580", "Error"],
      ["8", expect.any(String), "Error"],
    ]);
    await page.getByText("Missing required field: Recipient postcode").waitFor();
    await page.getByText("5 rows: 2 new, 1 update, 2 with errors. Nothing is charged until you import.").waitFor();
    expect(await credits(session)).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "csv-preview-desktop");
    await page.setViewportSize(VIEWPORTS.phone);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "csv-preview-phone");
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.getByRole("button", { name: "Import 3 labels (costs 2 credits)" }).click();
    await page.getByText("Imported 3 labels: 2 new, 1 updated; 2 credits used. 2 rows with errors skipped.").waitFor();
    await page.getByText("Credits available: 1").waitFor();
    expect(await credits(session)).toBe(1);
    await screenshot(page, "csv-imported");

    const all = (await (await api(session, "/api/v1/labels?per_page=50")).json()) as { results: { trackingCode: string; notes: string; courier: string }[] };
    expect(all.results.map((l) => l.trackingCode).sort()).toEqual([existing, newEvri, newRoyalMail].sort());
    expect(all.results.find((l) => l.trackingCode === existing)?.notes).toBe("updated by CSV");
    expect(all.results.find((l) => l.trackingCode === newEvri)?.notes).toBe('fragile; "glass"');

    // The export from the list, its courier filter applied: the Evri labels only.
    await page.goto(baseURL() + "/labels?courier=evri");
    await page.getByText("2 labels", { exact: false }).waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parcelhive-labels-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await downloadedBytes(download)).toString("utf8");
    expect(text.startsWith("\uFEFFtracking_code,courier,")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines.length).toBe(3);
    expect(lines.slice(1).map((l) => l.split(",")[0]).sort()).toEqual([existing, newEvri].sort());
    expect(text).not.toContain(newRoyalMail);
    await screenshot(page, "csv-export-labels");
    await context.close();
  });
});
