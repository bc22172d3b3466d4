import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import { LabelCard } from "../../web/features/labels/LabelCard";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { OutcomeControl } from "../../web/features/labels/OutcomeControl";
import type { NeedsAction } from "../../web/features/labels/needsActionApi";
import type { ApiLabel } from "../../web/features/labels/types";
import { apiLabel } from "./api-label";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  tokens.clear();
});

const NEEDS: NeedsAction = {
  results: [
    {
      id: "lbl_a",
      trackingCode: "H01AB00000000011",
      courier: "evri",
      courierName: "Evri",
      recipient: "Ada Lovelace, SW1A 1AA",
      sentence: "Evri will only investigate until 4 Dec: raise it now",
      urgent: true,
      potentiallyLost: false,
      lostReason: null,
      actBy: "2026-12-04",
    },
    {
      id: "lbl_b",
      trackingCode: "SG577041359GB",
      courier: "royalmail",
      courierName: "Royal Mail",
      recipient: null,
      sentence: "Waiting for Royal Mail's first scan; claims close on 11 Feb",
      urgent: false,
      potentiallyLost: true,
      lostReason: "The carrier has not scanned this parcel in the 3 working days since its label was created.",
      actBy: "2027-02-11",
    },
  ],
  total: 2,
};

function mockApi(needs: () => Response) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
    if (url.pathname === "/api/v1/couriers") return json(200, []);
    if (url.pathname === "/api/v1/labels/needs-action") return needs();
    return json(200, { results: [apiLabel()], total: 1 });
  });
}

const renderList = () =>
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={["/labels"]}>
          <Routes>
            <Route path="/labels" element={<LabelsPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );

describe("'Needs action' on the labels list", () => {
  it("lists each parcel with its count, what to do and a link to it, the most urgent first", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-30T12:00:00Z"));
    tokens.set("acc", "ref");
    mockApi(() => json(200, NEEDS));
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Needs action 2" }));
    const section = screen.getByRole("region", { name: /Needs action/ });
    expect(within(section).getByRole("heading").textContent).toBe("Needs action 2");
    const items = within(section).getAllByRole("listitem");
    expect(items.map((li) => within(li).getByRole("link").textContent)).toEqual(["H01AB00000000011", "SG577041359GB"]);
    expect(within(items[0]).getByRole("link").getAttribute("href")).toBe("/label/lbl_a");
    expect(items[0].textContent).toContain("Evri will only investigate until 4 Dec: raise it now");
    expect(items[0].textContent).toContain("to Ada Lovelace, SW1A 1AA");
    expect(items[0].textContent).toContain("Act by 4 Dec");
    // A flagged parcel whose deadline does not ask to act yet says why it is listed.
    expect(items[1].textContent).toContain("has not scanned this parcel in the 3 working days");
  });

  it("is hidden when nothing needs action, and says so when it could not load", async () => {
    tokens.set("acc", "ref");
    mockApi(() => json(200, { results: [], total: 0 }));
    const { unmount } = renderList();
    expect(await screen.findByRole("article")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Needs action/ })).toBeNull();
    unmount();

    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/v1/labels/needs-action") return json(500, { error: "Database unavailable" });
      if (url.pathname === "/api/v1/couriers") return json(200, []);
      if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
      return json(200, { results: [apiLabel()], total: 1 });
    });
    renderList();
    expect(await screen.findByText("Database unavailable")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Needs action/ })).toBeNull();
  });
});

function label(over: Partial<ApiLabel> = {}): ApiLabel {
  return apiLabel({
    id: "lbl_a",
    createdAt: "2026-11-23T09:00:00.000Z",
    updatedAt: "2026-11-24T08:00:00.000Z",
    tracking: { status: "in_transit", checkedAt: null, error: null },
    ...over,
  });
}

/** The control on a label that takes each answer, as the label page does. */
function StatefulControl() {
  const [l, setL] = useState(label());
  return <OutcomeControl label={l} onChange={setL} />;
}

describe("marking a parcel", () => {
  const renderControl = (l: ApiLabel, onChange = vi.fn()) =>
    render(
      <QueryClientProvider client={newQueryClient()}>
        <OutcomeControl label={l} onChange={onChange} />
      </QueryClientProvider>,
    );

  it("sends the mark and takes the label the server answers", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, label({ outcome: "delivered" })));
    const onChange = vi.fn();
    renderControl(label(), onChange);
    expect(screen.getByRole("button", { name: "Mark delivered" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Mark delivered" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ outcome: "delivered" })));
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toBe("/api/v1/label/lbl_a/outcome");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ outcome: "delivered" });
  });

  it("offers no 'Mark delivered' once the carrier reports the parcel delivered, and says why", () => {
    renderControl(label({ status: "delivered", tracking: { status: "delivered", checkedAt: null, error: null } }));
    expect(screen.queryByRole("button", { name: "Mark delivered" })).toBeNull();
    expect(screen.getByRole("button", { name: "Mark claimed" })).toBeTruthy();
    expect(screen.getByText(/The carrier reports this parcel delivered/)).toBeTruthy();
  });

  it("shows the mark, and undoes it", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, label()));
    renderControl(label({ outcome: "claimed" }));
    expect(screen.getByRole("status").textContent).toContain("You marked this parcel claimed");
    expect(screen.getByRole("button", { name: "Mark claimed" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Undo mark" }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(JSON.parse(String(fetchSpy.mock.calls[0][1]?.body))).toEqual({ outcome: null });
  });

  it("keeps the focus on the mark pressed while it saves, and puts it on the marks once 'Undo mark' has gone", async () => {
    // A disabled button drops the focus in a browser: the buttons refuse a second press with aria-disabled instead.
    const waiting: Array<(r: Response) => void> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation((input) =>
      String(input).endsWith("/outcome") ? new Promise<Response>((resolve) => waiting.push(resolve)) : new Promise<Response>(() => {}),
    );
    /** Answers the n-th mark sent (from 1), once it has been. */
    const answer = async (n: number, r: Response) => {
      await waitFor(() => expect(waiting.length).toBe(n));
      waiting[n - 1](r);
    };
    render(
      <QueryClientProvider client={newQueryClient()}>
        <StatefulControl />
      </QueryClientProvider>,
    );
    const found = screen.getByRole("button", { name: "Mark found" });
    found.focus();
    fireEvent.click(found);
    await screen.findByText("Saving…");
    for (const b of screen.getAllByRole("button")) expect(b.hasAttribute("disabled")).toBe(false);
    expect(found.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(found);
    await answer(1, json(200, label({ outcome: "found" })));
    await waitFor(() => expect(screen.queryByText("Saving…")).toBeNull());
    expect(found.getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(found);
    const undo = screen.getByRole("button", { name: "Undo mark" });
    undo.focus();
    fireEvent.click(undo);
    await answer(2, json(200, label()));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Undo mark" })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Mark delivered" }));
  });

  it("says why a mark failed", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(404, { error: "Label not found" }));
    renderControl(label());
    fireEvent.click(screen.getByRole("button", { name: "Mark found" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Label not found");
  });

  it("puts a small badge on the label card", () => {
    const client = newQueryClient();
    client.setQueryData(["couriers"], []);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LabelCard label={label({ outcome: "found" })} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText("Found").classList).toContain("outcome-badge");
  });
});
