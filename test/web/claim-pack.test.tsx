import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import ClaimPackPage from "../../web/features/labels/ClaimPackPage";
import type { ClaimPack } from "../../web/features/labels/claimPackApi";
import { DetailsEditor } from "../../web/features/labels/DetailsEditor";
import type { ApiLabel } from "../../web/features/labels/types";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
});

const PACK: ClaimPack = {
  labelId: "lbl_1",
  trackingCode: "H01AB00000000011",
  carrier: "Evri",
  service: "Next Day",
  facts: [
    { label: "Tracking number", value: "H01AB00000000011" },
    { label: "Declared value", value: "£249.50" },
    { label: "Expected delivery", value: "Not known" },
  ],
  sender: { name: "Hollow Oak Ceramics", address: ["Unit 4 Mill Lane"], postcode: "LS11 5TD", countryCode: "GB" },
  recipient: { name: "Jane Smith", address: ["14 Acacia Avenue", "Manchester"], postcode: "M1 1AE", countryCode: "GB" },
  returnAddress: null,
  declaredValuePence: 24950,
  events: [
    { at: "2026-11-16T17:42:20Z", when: "16 Nov 2026, 17:42", description: "We've got it", location: "Warrington", code: "COL" },
    { at: "2026-11-17T13:02:11Z", when: "17 Nov 2026, 13:02", description: "Delivered to your safe place", location: null, code: "DEL" },
  ],
  evidence: [{ flag: "Left in a safe place", at: "2026-11-17T13:02:11Z", when: "17 Nov 2026, 13:02", event: "Delivered to your safe place" }],
  notes: "Customer says nothing arrived",
  original: { name: "evri.pdf", mime: "application/pdf", inPdf: "pages" },
  generatedAt: "2026-11-25T12:00:00.000Z",
};

const renderPage = () =>
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={["/label/lbl_1/claim"]}>
        <Routes>
          <Route path="/label/:code/claim" element={<ClaimPackPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("claim pack page", () => {
  it("shows the facts, addresses, evidence, notes and history of the pack", async () => {
    tokens.set("acc", "ref");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, PACK));
    renderPage();
    expect(screen.getByText("Loading claim pack…")).toBeTruthy();
    expect(await screen.findByText("£249.50")).toBeTruthy();
    expect(new URL(String(fetchSpy.mock.calls[0][0]), "http://x").pathname).toBe("/api/v1/label/lbl_1/claim-pack");
    expect(screen.getByRole("heading", { name: "Evri, Next Day" })).toBeTruthy();
    expect(screen.getByText("Jane Smith")).toBeTruthy();
    expect(screen.getByText("LS11 5TD")).toBeTruthy();
    expect(screen.getByText("Left in a safe place")).toBeTruthy();
    expect(screen.getByText("Customer says nothing arrived")).toBeTruthy();
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toContain("Warrington");
    expect(screen.getByText("evri.pdf is added at the end of the PDF.")).toBeTruthy();
  });

  it("prints the page and downloads the PDF from the server", async () => {
    tokens.set("acc", "ref");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://x");
      if (url.pathname.endsWith(".pdf")) {
        return new Response(new Blob(["%PDF-1.7"]), { status: 200, headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="claim-pack-H01AB00000000011.pdf"' } });
      }
      return json(200, PACK);
    });
    const print = vi.fn();
    window.print = print;
    const create = vi.fn(() => "blob:x");
    URL.createObjectURL = create;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(names).toEqual(["claim-pack-H01AB00000000011.pdf"]);
    expect(fetchSpy.mock.calls.map((c) => new URL(String(c[0]), "http://x").pathname)).toContain("/api/v1/label/lbl_1/claim-pack.pdf");
  });

  it("says 'Label not found.' for a 404 and shows other errors in an alert", async () => {
    tokens.set("acc", "ref");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(404, { error: "Label not found" }));
    renderPage();
    expect(await screen.findByText("Label not found.")).toBeTruthy();
  });

  it("shows a server error in an alert", async () => {
    tokens.set("acc", "ref");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(500, { error: "Something broke" }));
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("Something broke");
  });

  it("says so when there are no events, evidence, addresses or original", async () => {
    tokens.set("acc", "ref");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, { ...PACK, events: [], evidence: [], sender: null, recipient: null, original: null, notes: "" }));
    renderPage();
    expect(await screen.findByText("No tracking events were received for this parcel.")).toBeTruthy();
    expect(screen.getByText(/None in the tracking history/)).toBeTruthy();
    expect(screen.getAllByText("Not known").length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText("No original label file is stored for this parcel.")).toBeTruthy();
  });
});

describe("declared value in 'Edit details'", () => {
  const label = {
    id: "lbl_1",
    trackingCode: "H01AB00000000011",
    courier: "evri",
    data: [{ courier: "evri", trackingCode: "H01AB00000000011", countryCode: "GB", declaredValuePence: 1999 }],
  } as unknown as ApiLabel;

  it("shows the stored value in pounds and refuses an amount that is not pounds and pence", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    render(<DetailsEditor label={label} onSaved={() => {}} onCancel={() => {}} />);
    const input = screen.getByLabelText("Declared value (£)") as HTMLInputElement;
    expect(input.value).toBe("19.99");
    fireEvent.change(input, { target: { value: "12.345" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/from 0 to 100,000, with at most two decimals/);
    fireEvent.change(input, { target: { value: "100000.01" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("sends only the changed declared value, in pounds", async () => {
    tokens.set("acc", "ref");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, label));
    const onSaved = vi.fn();
    render(<DetailsEditor label={label} onSaved={onSaved} onCancel={() => {}} />);
    fireEvent.change(screen.getByLabelText("Declared value (£)"), { target: { value: "£250.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save details" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [, init] = fetchSpy.mock.calls[0];
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ declaredValue: 250.5 });
  });
});
