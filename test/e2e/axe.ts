import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

/** axe-core's serious and critical violations on the page as it is (its context needs bypassCSP to inject axe). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Puts axe into every document of `context` as it starts (needs bypassCSP): a file that checks many screens sends axe's
 * 0.5 MB over the connection once, not at each check (0.7-0.9 s a check at load 12).
 */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axeSource });
}

export async function seriousViolations(page: Page): Promise<string[]> {
  // One round trip when axe is there already (withAxe): the wait for animations and the run happen in the page.
  let violations = await page.evaluate(runAxe);
  if (!violations) {
    await page.evaluate(axeSource);
    violations = await page.evaluate(runAxe);
  }
  return (violations ?? [])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

/** In the page: axe's violations, or null without axe. */
async function runAxe(): Promise<Violation[] | null> {
  // @ts-expect-error axe is injected (withAxe, or seriousViolations)
  const axe = window.axe as { run(context: Document, options: object): Promise<{ violations: Violation[] }> } | undefined;
  if (!axe) return null;
  // axe measures colours as they are drawn at that moment: a button's colour still in its transition (just pressed,
  // or the mouse just left it) reads as another contrast. Wait until none runs (a spinner's endless one aside).
  const running = () => document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
  for (let now = running(); now.length; now = running()) await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
  return (await axe.run(document, { resultTypes: ["violations"] })).violations;
}
