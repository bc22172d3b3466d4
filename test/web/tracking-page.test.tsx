import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { CopyPageLinkButton, SendToBuyerButton, TrackingPageCard, pageViewsText } from "../../web/features/labels/TrackingPageLink";
import type { ApiLabel } from "../../web/features/labels/types";
import { apiLabel } from "./api-label";

// 'Copy buyer tracking link' on a label card and the tracking page card on the label page (issue 25).

const URL_SHARED = "https://parcelhive.example/t/AbCdEfGhIjKlMnOpQrStUvWx";

function label(over: Partial<ApiLabel> = {}): ApiLabel {
  return apiLabel({ trackingCode: "H04AQA0004726589", createdAt: "2026-11-20T10:00:00.000Z", updatedAt: "2026-11-20T10:00:00.000Z", ...over });
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The calls made, answered in turn by `answers`; the mails sent to the buyer are `mails` (read apart). */
function serve(...answers: Response[]) {
  return serveWithMails([], ...answers);
}

function serveWithMails(mails: { kind: string; status: string; at: string }[], ...answers: Response[]) {
  const calls: { url: string; method: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? "GET";
    if (method === "GET" && url.endsWith("/buyer-mails")) return json(200, { mails });
    calls.push({ url, method });
    return answers.shift() ?? json(500, { error: "no more answers" });
  });
  return calls;
}

let copied: string[];
beforeEach(() => {
  tokens.set("acc", "ref");
  copied = [];
  // The clipboard as a browser's: a text written at once, or an item whose text is still coming (read as it resolves).
  vi.spyOn(navigator.clipboard, "writeText").mockImplementation(async (t: string) => {
    copied.push(t);
  });
  vi.spyOn(navigator.clipboard, "write").mockImplementation(async (items: ClipboardItem[]) => {
    for (const item of items) copied.push(await (await item.getType("text/plain")).text());
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

const renderIn = (ui: React.ReactNode) => render(<QueryClientProvider client={newQueryClient()}>{ui}</QueryClientProvider>);

describe("Copy buyer tracking link on a label card", () => {
  it("says it makes a public page, makes it on first use, copies its address and says it was made", async () => {
    const calls = serve(json(201, label({ trackingPageUrl: URL_SHARED })));
    renderIn(<CopyPageLinkButton label={label()} />);
    const button = screen.getByRole("button", { name: "Copy buyer tracking link" });
    expect(button.getAttribute("title")).toBe("Makes a public tracking page for your buyer (no address, e-mail or phone on it) and copies its link");
    fireEvent.click(button);
    expect(await screen.findByText("Page made, link copied")).toBeTruthy();
    expect(calls).toEqual([{ url: "/api/v1/label/lbl_1/tracking-page", method: "POST" }]);
    expect(copied).toEqual([URL_SHARED]);
  });

  it("copies a shared page's address without asking the server", async () => {
    const calls = serve();
    renderIn(<CopyPageLinkButton label={label({ trackingPageUrl: URL_SHARED })} />);
    expect(screen.getByRole("button", { name: "Copy buyer tracking link" }).getAttribute("title")).toBe("Copy the link to the buyer's tracking page");
    fireEvent.click(screen.getByRole("button", { name: "Copy buyer tracking link" }));
    expect(await screen.findByText("Link copied")).toBeTruthy();
    expect(calls).toEqual([]);
    expect(copied).toEqual([URL_SHARED]);
  });

  it("says why when the link could not be made", async () => {
    serve(json(404, { error: "Label not found" }));
    renderIn(<CopyPageLinkButton label={label()} />);
    fireEvent.click(screen.getByRole("button", { name: "Copy buyer tracking link" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Label not found");
    expect(copied).toEqual([]);
  });
});

describe("the buyer tracking page card", () => {
  it("offers to create a link when there is none", async () => {
    const calls = serve(json(201, label({ trackingPageUrl: URL_SHARED })));
    const onChange = vi.fn();
    renderIn(<TrackingPageCard label={label()} onChange={onChange} />);
    fireEvent.click(screen.getByRole("button", { name: "Create link" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ trackingPageUrl: URL_SHARED })));
    expect(calls[0]).toEqual({ url: "/api/v1/label/lbl_1/tracking-page", method: "POST" });
  });

  it("shows the address and how often it was opened, and switches it off after asking", async () => {
    const calls = serve(json(200, label({ trackingPageViews: 3 })));
    const onChange = vi.fn();
    renderIn(<TrackingPageCard label={label({ trackingPageUrl: URL_SHARED, trackingPageViews: 3, trackingPageViewedAt: "2026-11-25T19:58:00.000Z" })} onChange={onChange} />);
    expect(screen.getByLabelText<HTMLInputElement>("Link for your buyer").value).toBe(URL_SHARED);
    expect(screen.getByText(/^Opened 3 times, last 25 Nov(?: 2026)?, 19:58$/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open page" }).getAttribute("href")).toBe(URL_SHARED);
    fireEvent.click(screen.getByRole("button", { name: "Switch off link" }));
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Switch off" }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls[0]).toEqual({ url: "/api/v1/label/lbl_1/tracking-page", method: "DELETE" });
  });

  it("words the view count", () => {
    expect(pageViewsText(label())).toBe("Not opened yet");
    expect(pageViewsText(label({ trackingPageViews: 1 }))).toBe("Opened once");
  });

  it("keeps the month's capital after a link was switched off ('last 28 Nov', never 'last 28 nov')", () => {
    serve();
    renderIn(<TrackingPageCard label={label({ trackingPageViews: 2, trackingPageViewedAt: "2026-11-28T17:28:00.000Z" })} onChange={vi.fn()} />);
    expect(screen.getByText(/The last link was/).textContent).toMatch(/ The last link was opened 2 times, last 28 Nov(?: 2026)?, 17:28\.$/);
  });
});

describe("Send to buyer", () => {
  it("is offered only for a label with a buyer's e-mail", () => {
    serve();
    renderIn(<SendToBuyerButton label={label()} />);
    expect(screen.queryByRole("button", { name: "Send to buyer" })).toBeNull();
  });

  it("sends the link and says where it went", async () => {
    const calls = serve(json(200, { mails: [{ kind: "link", status: "sent", at: "2026-11-25T10:00:00.000Z" }] }));
    renderIn(<SendToBuyerButton label={label({ buyerEmail: "j•••@example.com" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Send to buyer" }));
    expect(await screen.findByText("Link sent to j•••@example.com")).toBeTruthy();
    expect(calls).toEqual([{ url: "/api/v1/label/lbl_1/send-to-buyer", method: "POST" }]);
  });

  it("says why nothing went", async () => {
    serve(json(409, { error: "This buyer unsubscribed from your e-mails, so nothing was sent." }));
    renderIn(<SendToBuyerButton label={label({ buyerEmail: "jane@example.com" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Send to buyer" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This buyer unsubscribed from your e-mails, so nothing was sent.");
  });

  it("lists on the label's page what went to the buyer, and what the cap held back", async () => {
    serveWithMails([
      { kind: "shipped", status: "sent", at: "2026-11-24T08:05:00.000Z" },
      { kind: "delivered", status: "capped", at: "2026-11-25T14:00:00.000Z" },
    ]);
    renderIn(<TrackingPageCard label={label({ buyerEmail: "jane@example.com" })} onChange={() => {}} />);
    expect(await screen.findByText("E-mails to jane@example.com")).toBeTruthy();
    const items = (await screen.findAllByRole("listitem")).map((li) => li.textContent);
    expect(items).toEqual([expect.stringMatching(/^Shipped 24 Nov(?: 2026)?, 08:05$/), "Delivered not sent: today's limit was reached"]);
  });

  it("tells how to start when the label has no buyer's e-mail", async () => {
    serve();
    renderIn(<TrackingPageCard label={label()} onChange={() => {}} />);
    expect(await screen.findByText("Add the buyer's e-mail in Edit details to send them the link and tracking e-mails.")).toBeTruthy();
  });
});
