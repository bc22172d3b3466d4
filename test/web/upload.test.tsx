import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PurchasePrices } from "../../worker/billing/model";
import { tokens } from "../../web/api/tokens";
import UploadPage from "../../web/features/upload/UploadPage";
import { uploadLabelFile } from "../../web/features/upload/uploadFile";
import { renderRoutes } from "./render-routes";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

const NOT_CONFIGURED: PurchasePrices = {
  configured: false,
  options: [
    { sku: "one_off_pack", credits: 200, available: false, price: null },
    { sku: "basic_plan", credits: 130, available: false, price: null },
  ],
};

const PRICED: PurchasePrices = {
  configured: true,
  options: [
    { sku: "one_off_pack", credits: 200, available: true, price: { amount: 1500, currency: "gbp", interval: null, text: "£15.00", perCredit: "7.5p a credit" } },
    { sku: "basic_plan", credits: 130, available: true, price: { amount: 1000, currency: "gbp", interval: "month", text: "£10.00 a month", perCredit: "7.69p a credit" } },
  ],
};

const COURIERS = [
  { id: "evri", label: "evri", displayName: "Evri" },
  { id: "royalmail", label: "royalmail", displayName: "Royal Mail" },
];

function serve(user: { credits: number; email_verified: boolean }, prices: PurchasePrices) {
  tokens.set("acc", "ref");
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "new@example.com", is_admin: false, ...user });
    if (url.pathname === "/api/v1/couriers") return json(200, COURIERS);
    if (url.pathname === "/api/v1/billing/prices") return json(200, prices);
    if (url.pathname === "/api/v1/resend-verification" && init?.method === "POST") return json(200, { message: "Verification email sent." });
    return json(404, { error: "Not found" });
  });
}

const renderPage = () => renderRoutes([{ path: "/upload", element: <UploadPage /> }], "/upload");

describe("the upload page's credits banner", () => {
  it("tells a new account with no credits that verifying its email gives 50 free credits, and lets it resend the link", async () => {
    const fetchSpy = serve({ credits: 0, email_verified: false }, NOT_CONFIGURED);
    renderPage();
    const banner = await screen.findByRole("region", { name: "Get 50 free credits" });
    expect(banner.textContent).toContain("Verify your email address and we add 50 free credits to your account, enough for 50 labels. Follow the link we sent to new@example.com.");
    expect(banner.textContent).not.toContain("You have no credits left");
    fireEvent.click(within(banner).getByRole("button", { name: "Resend verification email" }));
    expect(await within(banner).findByText("Verification email sent.")).toBeTruthy();
    const resend = fetchSpy.mock.calls.find(([u]) => String(u).endsWith("/api/v1/resend-verification"));
    expect(JSON.parse(String((resend![1] as RequestInit).body))).toEqual({ email: "new@example.com" });
    // No payments on this server: said in words, in place of options that could not be bought.
    expect(await within(banner).findByText("Payments are not set up on this server.")).toBeTruthy();
    expect(within(banner).queryByRole("button", { name: "Buy now" })).toBeNull();
    expect(within(banner).queryByText("Or buy credits:")).toBeNull();
    expect(screen.getByText("Add credits to enable uploads.")).toBeTruthy();
  });

  it("shows each option's price in pounds where payments are set up", async () => {
    serve({ credits: 0, email_verified: true }, PRICED);
    renderPage();
    const banner = await screen.findByRole("region", { name: "No credits left" });
    expect(banner.textContent).toContain("You have no credits left. Buy credits to create labels.");
    await within(banner).findByText("£15.00");
    const option = (name: string) => within(banner).getByRole("heading", { name }).parentElement!;
    expect(option("One-off Pack").textContent).toContain("£15.00 · 7.5p a credit");
    expect(option("Monthly Subscription").textContent).toContain("£10.00 a month · 7.69p a credit");
    expect(within(banner).getByRole("button", { name: "Buy now" }).hasAttribute("disabled")).toBe(false);
    expect(within(banner).queryByText("Payments are not set up on this server.")).toBeNull();
    expect(within(banner).queryByText("Or buy credits:")).toBeNull(); // verified: nothing free to wait for
    expect(within(banner).queryByRole("button", { name: "Resend verification email" })).toBeNull();
  });

  it("disables a chosen option while it redirects, and on a failed checkout shows why and enables it again", async () => {
    const fetchSpy = serve({ credits: 0, email_verified: true }, PRICED);
    renderPage();
    const banner = await screen.findByRole("region", { name: "No credits left" });
    await within(banner).findByText("£15.00");
    let fail: (r: Response) => void = () => {};
    fetchSpy.mockImplementationOnce(() => new Promise((resolve) => (fail = resolve)));
    fireEvent.click(within(banner).getByRole("button", { name: "Buy now" }));
    const busy = await within(banner).findByRole("button", { name: "Redirecting…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(within(banner).getByRole("button", { name: "Subscribe" }).hasAttribute("disabled")).toBe(true);
    fail(json(502, { error: "Checkout failed. Please try again." }));
    expect((await within(banner).findByRole("alert")).textContent).toBe("Checkout failed. Please try again.");
    expect(within(banner).getByRole("button", { name: "Buy now" }).hasAttribute("disabled")).toBe(false);
  });

  it("shows the balance, and the free credits still waiting for an unverified address", async () => {
    serve({ credits: 5, email_verified: false }, PRICED);
    renderPage();
    const banner = (await screen.findByText("Credits available: 5")).closest(".credits-banner")!;
    expect(banner.getAttribute("role")).toBe("status");
    expect(banner.textContent).toContain("Verify your email address to get 50 free credits.");
    expect(within(banner as HTMLElement).getByRole("button", { name: "Resend verification email" })).toBeTruthy();
  });

  it("keeps the spec's image rule and says under it that photos are read where possible", async () => {
    serve({ credits: 5, email_verified: true }, PRICED);
    renderPage();
    const rule = await screen.findByText("Minimum 300 DPI. No photos or scans.");
    expect(rule.nextElementSibling?.textContent).toBe("Photos and scans are read where possible: flat, in good light, the whole label in view.");
    await waitFor(() => expect(screen.getByText("Credits available: 5")).toBeTruthy());
    expect(screen.queryByText(/50 free credits/)).toBeNull();
  });
});

/** An XMLHttpRequest the test drives: bytes sent, then the server's answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = "";
  responseHeaders: Record<string, string> = {};
  sentHeaders: Record<string, string> = {};
  withCredentials = false;
  open() {}
  setRequestHeader(name: string, value: string) {
    this.sentHeaders[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  abort() {}
  send() {
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const uploaded = (id: string, trackingCode: string, courier: string, created: boolean) => ({ id, trackingCode, courier, created, ocrStatus: "done" });

describe("the upload tab", () => {
  it("says 'Reading label…' once every byte is sent, then links each label and says which were new and which already yours", async () => {
    serve({ credits: 5, email_verified: true }, PRICED);
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    renderPage();
    await screen.findByText("Credits available: 5");
    const file = new File([new Uint8Array(3 * 1024 * 1024)], "labels.pdf", { type: "application/pdf" });
    fireEvent.change(screen.getByTestId("file-input"), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;

    act(() => xhr.progress(1.5 * 1024 * 1024, 3 * 1024 * 1024));
    expect(screen.getByText("50%")).toBeTruthy();
    expect(screen.getByText("1.5 MB of 3 MB")).toBeTruthy();
    act(() => xhr.progress(3 * 1024 * 1024, 3 * 1024 * 1024));
    // All sent, the server reading: no longer a percentage stuck at the cap.
    expect(screen.getByText("Reading label…")).toBeTruthy();
    expect(screen.queryByText("95%")).toBeNull();
    expect(screen.getByLabelText("Reading labels.pdf").hasAttribute("value")).toBe(false);

    act(() => xhr.answer(200, [uploaded("lbl_a", "H04AQA0004726589", "evri", true), uploaded("lbl_b", "VB442550835GB", "royalmail", false)]));
    const summary = await screen.findByText("2 labels processed: 1 new, 1 credit used; 1 already in your labels, not charged");
    expect(summary).toBeTruthy();
    const item = screen.getByText("labels.pdf").closest("li")!;
    expect(within(item).getByRole("link", { name: "H04AQA0004726589" }).getAttribute("href")).toBe("/label/lbl_a");
    expect(within(item).getByRole("link", { name: "VB442550835GB" }).getAttribute("href")).toBe("/label/lbl_b");
    const rows = within(item).getAllByRole("listitem").map((li) => li.textContent);
    expect(rows).toEqual(["H04AQA0004726589 Evri New · 1 credit", "VB442550835GB Royal Mail Already in your labels · not charged"]);
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });

  it("refuses files by their size in MB, not bytes", async () => {
    serve({ credits: 5, email_verified: true }, PRICED);
    renderPage();
    await screen.findByText("Credits available: 5");
    const big = new File([new Uint8Array(1)], "big.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 + 300 * 1024 });
    fireEvent.change(screen.getByTestId("file-input"), { target: { files: [big, new File([], "empty.pdf", { type: "application/pdf" })] } });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("big.pdf: File is larger than 16 MB (this one is 20.3 MB)");
    expect(alert.textContent).toContain("empty.pdf: File is empty");
    expect(alert.textContent).not.toMatch(/bytes/);
  });
});

describe("the upload and the D1 bookmark", () => {
  const older = "00000085-0000024c-00004c6d-8e61117bf38d7adb71b934ebbf891683";
  const newer = "00000085-0000024d-00000001-00000000000000000000000000000000";

  it("sends the stored bookmark and keeps the newer one its answer brings, so the list read next shows the new labels", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    localStorage.setItem("d1_bookmarks", `DB=${older}`);
    const done = uploadLabelFile(new File([new Uint8Array(10)], "label.pdf", { type: "application/pdf" }), () => {}, new AbortController().signal);
    const xhr = FakeXhr.last!;
    expect(xhr.sentHeaders["x-d1-bookmark"]).toBe(`DB=${older}`);
    xhr.responseHeaders["x-d1-bookmark"] = `DB=${newer}`;
    xhr.answer(200, [uploaded("lbl_a", "H04AQA0004726589", "evri", true)]);
    expect((await done).status).toBe(200);
    expect(localStorage.getItem("d1_bookmarks")).toBe(`DB=${newer}`);
    vi.unstubAllGlobals();
    FakeXhr.last = null;
  });
});
