import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORTS, baseURL, launchBrowser, screenshot } from "./browser";

/** Every screen a signed-out visitor can reach, at desktop and phone width, with its key texts. */

interface Screen {
  name: string;
  path: string;
  /** Runs after load; checks the screen and may change it (e.g. choose a tab). */
  check: (page: Page) => Promise<void>;
}

const visible = async (page: Page, text: string) => {
  await page.getByText(text, { exact: true }).first().waitFor();
};

const SCREENS: Screen[] = [
  { name: "home", path: "/", check: (p) => visible(p, "A forward-thinking, easy to use parcel intelligence suite.") },
  {
    name: "login",
    path: "/login",
    check: async (p) => {
      await p.getByRole("heading", { name: "Welcome back" }).waitFor();
      await visible(p, "Sign in to continue.");
      expect(await p.getByRole("button", { name: "Sign In" }).isVisible()).toBe(true);
    },
  },
  {
    name: "login-signup",
    path: "/login",
    check: async (p) => {
      await p.getByRole("tab", { name: "Sign up" }).click();
      await p.getByRole("heading", { name: "Create your account" }).waitFor();
      await visible(p, "Start using the product in minutes.");
      expect(await p.getByRole("checkbox").isChecked()).toBe(false);
      // Empty submit: the form's own validation messages.
      await p.getByRole("button", { name: "Create Account" }).click();
      await visible(p, "Email is required.");
    },
  },
  {
    name: "forgot-password",
    path: "/forgot-password",
    check: async (p) => {
      await p.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      expect(await p.getByRole("button", { name: "Send reset link" }).isVisible()).toBe(true);
      expect(await p.getByRole("link", { name: "Back to login" }).getAttribute("href")).toBe("/login");
    },
  },
  {
    name: "reset-password",
    path: "/reset-password?token=not-a-real-token-0123456789",
    check: async (p) => {
      await visible(p, "This reset link is invalid.");
      expect(await p.getByRole("link", { name: "Request a new reset link" }).isVisible()).toBe(true);
    },
  },
  {
    name: "verify-email",
    path: "/verify-email",
    check: async (p) => {
      await p.getByRole("heading", { name: "No token found" }).waitFor();
      expect(await p.getByRole("button", { name: "Send Link" }).isVisible()).toBe(true);
    },
  },
  {
    name: "verify-email-failed",
    path: "/verify-email?token=not-a-real-token-0123456789",
    check: async (p) => {
      await p.getByRole("heading", { name: "Verification failed" }).waitFor();
      expect(await p.getByRole("alert").textContent()).toBe("This verification link is invalid. (HTTP 400)");
    },
  },
  {
    name: "terms",
    path: "/terms",
    check: async (p) => {
      await visible(p, "Last updated: 18 September 2025");
      await p.locator(".legal-section").first().waitFor();
      expect(await p.locator(".legal-section").count()).toBe(14);
      expect(await p.getByRole("button", { name: "Print" }).isVisible()).toBe(true);
    },
  },
  {
    name: "terms-privacy",
    path: "/terms#privacy",
    check: async (p) => {
      await p.getByRole("heading", { name: "Privacy Policy", exact: true }).waitFor();
      expect(await p.getByRole("tab", { name: "Privacy Policy" }).getAttribute("aria-selected")).toBe("true");
      expect(await p.locator(".legal-section").count()).toBe(10);
      await p.getByRole("tab", { name: "Terms" }).click();
      expect(new URL(p.url()).hash).toBe("#terms");
      await p.getByRole("tab", { name: "Privacy Policy" }).click();
      expect(new URL(p.url()).hash).toBe("#privacy");
    },
  },
  { name: "not-found", path: "/no-such-page", check: (p) => p.getByRole("heading", { name: "Page not found" }).waitFor() },
];

describe("public screens", () => {
  let browser: Browser;
  /** A page for each size, each screen opened in it in turn: a page opened costs more than a screen loaded in one. */
  const pages = new Map<string, Page>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const screenDef of SCREENS) {
      it(`${screenDef.name} (${size})`, async () => {
        const page = pages.get(size) ?? (await browser.newPage({ viewport }));
        pages.set(size, page);
        const errors: string[] = [];
        const onError = (e: Error) => errors.push(String(e));
        page.on("pageerror", onError);
        try {
          await page.goto(baseURL() + screenDef.path);
          await screenDef.check(page);
          // Nothing may overflow sideways on a phone.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(page, `public-${screenDef.name}-${size}`);
          expect(errors).toEqual([]);
        } finally {
          page.off("pageerror", onError);
          // The next screen is opened afresh, not by a change of the hash alone (/terms, then /terms#privacy).
          await page.goto("about:blank");
        }
      });
    }
  }
});
