import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { WebhooksCard } from "../../web/features/settings/WebhooksCard";

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const EVENTS = ["label.created", "tracking.updated", "parcel.delivered", "parcel.potentially_lost"];
const endpoint = (over: Record<string, unknown> = {}) => ({
  id: "whe_1",
  url: "https://hooks.example.com/parcelhive",
  events: ["label.created"],
  enabled: true,
  secretHint: "whsec_abcd…",
  createdAt: "2026-11-25T10:00:00.000Z",
  ...over,
});

type Route = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

/** Answers the card's calls; every request is kept. */
function serve(route: Route) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    calls.push({ method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const res = await route(url, init);
    if (!res) throw new Error(`unexpected call ${init?.method ?? "GET"} ${url}`);
    return res;
  });
  return calls;
}

function renderCard() {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <WebhooksCard />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the webhooks card in Settings", () => {
  it("shows loading, then the empty state and the form with every event ticked", async () => {
    serve(() => json(200, { results: [], eventTypes: EVENTS, limit: 5 }));
    renderCard();
    expect(screen.getByText("Loading webhooks…")).toBeTruthy();
    expect(await screen.findByText("No webhook endpoints yet.")).toBeTruthy();
    const boxes = within(screen.getByRole("group", { name: "Events to send" })).getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true, true]);
  });

  it("shows a load error with a retry", async () => {
    let fail = true;
    serve(() => (fail ? json(500, { error: "Something went wrong. Please try again." }) : json(200, { results: [], eventTypes: EVENTS, limit: 5 })));
    renderCard();
    expect((await screen.findByRole("alert")).textContent).toContain("Something went wrong");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No webhook endpoints yet.")).toBeTruthy();
  });

  it("registers an endpoint for the chosen events and shows its secret once", async () => {
    let list = [] as ReturnType<typeof endpoint>[];
    const calls = serve((_url, init) => {
      if (init?.method === "POST") {
        list = [endpoint({ events: ["label.created", "parcel.delivered"] })];
        return json(201, { endpoint: list[0], secret: "whsec_abcdefghijklmnopqrstuvwxyz012345" });
      }
      return json(200, { results: list, eventTypes: EVENTS, limit: 5 });
    });
    renderCard();
    await screen.findByText("No webhook endpoints yet.");
    fireEvent.change(screen.getByLabelText("Endpoint URL"), { target: { value: " https://hooks.example.com/parcelhive " } });
    fireEvent.click(screen.getByRole("checkbox", { name: /Tracking updated/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /Parcel potentially lost/ }));
    fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
    expect(((await screen.findByLabelText("Signing secret")) as HTMLInputElement).value).toBe("whsec_abcdefghijklmnopqrstuvwxyz012345");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ url: "https://hooks.example.com/parcelhive", events: ["label.created", "parcel.delivered"] });
    expect(await screen.findByText("https://hooks.example.com/parcelhive")).toBeTruthy();
  });

  it("shows the server's refusal of a private address next to the form", async () => {
    serve((_url, init) =>
      init?.method === "POST"
        ? json(400, { error: "url: Webhooks cannot be sent to a private or local address." })
        : json(200, { results: [], eventTypes: EVENTS, limit: 5 }),
    );
    renderCard();
    await screen.findByText("No webhook endpoints yet.");
    fireEvent.change(screen.getByLabelText("Endpoint URL"), { target: { value: "https://10.0.0.1/" } });
    fireEvent.click(screen.getByRole("button", { name: "Add endpoint" }));
    // The sentence alone, without the API's field name ('url: '), under the field it marks.
    await waitFor(() => expect(screen.getByText(/private or local address/).textContent).toBe("Webhooks cannot be sent to a private or local address."));
    expect(screen.getByLabelText("Endpoint URL").getAttribute("aria-invalid")).toBe("true");
  });

  it("switches an endpoint off, sends a test event and shows the delivery log", async () => {
    let enabled = true;
    const calls = serve((url, init) => {
      if (url.endsWith("/deliveries")) {
        return json(200, {
          results: [
            { id: 2, eventId: "evt_2", eventType: "ping", attempt: 1, statusCode: 500, error: "HTTP 500", ok: false, durationMs: 12, createdAt: "2026-11-25T10:01:00.000Z" },
          ],
        });
      }
      if (url.endsWith("/test")) return json(200, { queued: true, eventId: "evt_2" });
      if (init?.method === "PATCH") {
        enabled = false;
        return json(200, endpoint({ enabled }));
      }
      return json(200, { results: [endpoint({ enabled })], eventTypes: EVENTS, limit: 5 });
    });
    renderCard();
    const item = await screen.findByRole("listitem", { name: /Webhook endpoint/ });
    fireEvent.click(within(item).getByRole("checkbox", { name: "Enabled" }));
    await waitFor(() => expect(within(item).getByText("Off")).toBeTruthy());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ enabled: false });

    fireEvent.click(within(item).getByRole("button", { name: "Send test event" }));
    expect(await within(item).findByText(/Test event queued/)).toBeTruthy();
    expect(await within(item).findByText("HTTP 500", { exact: false })).toBeTruthy();
    expect(within(item).getByText("Failed")).toBeTruthy();
    expect(within(item).getByRole("button", { name: "Hide delivery log" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("asks before deleting, then deletes", async () => {
    let list = [endpoint()];
    const calls = serve((_url, init) => {
      if (init?.method === "DELETE") {
        list = [];
        return new Response(null, { status: 204 });
      }
      return json(200, { results: list, eventTypes: EVENTS, limit: 5 });
    });
    renderCard();
    const item = await screen.findByRole("listitem", { name: /Webhook endpoint/ });
    fireEvent.click(within(item).getByRole("button", { name: "Delete" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(item).getByRole("button", { name: "Yes, delete" }));
    expect(await screen.findByText("No webhook endpoints yet.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/v1/webhooks/whe_1"]);
  });

  it("hides the form at the limit", async () => {
    serve(() => json(200, { results: [1, 2, 3, 4, 5].map((i) => endpoint({ id: `whe_${i}`, url: `https://hooks.example.com/${i}` })), eventTypes: EVENTS, limit: 5 }));
    renderCard();
    expect(await screen.findByText(/most endpoints allowed \(5\)/)).toBeTruthy();
    expect(screen.queryByLabelText("Endpoint URL")).toBeNull();
  });
});
