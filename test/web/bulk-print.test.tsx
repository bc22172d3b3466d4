import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import LabelsPage from "../../web/features/labels/LabelsPage";
import type { ApiLabel } from "../../web/features/labels/types";
import { API_COURIERS, apiLabel } from "./api-label";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

/** Saving a file: the object URL and the link's click (which would navigate the test's window away). */
function mockSave() {
  vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:x");
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
  return vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
}

function label(n: number): ApiLabel {
  return apiLabel({ id: `lbl_${n}`, trackingCode: `H01AB0000000001${n}` });
}

/** The API: a page of three labels out of `total`, and POST /labels/print answering `print`. */
function mockApi(total: number, print: () => Response) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
    if (url.pathname === "/api/v1/couriers") return json(200, API_COURIERS);
    if (url.pathname === "/api/v1/labels/print" && init?.method === "POST") return print();
    return json(200, { results: [label(1), label(2), label(3)], total });
  });
}

const printBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter((c) => String(c[0]).endsWith("/api/v1/labels/print")).map((c) => JSON.parse(String(c[1]?.body)));

function renderList(path = "/labels") {
  tokens.set("acc", "ref");
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/labels" element={<LabelsPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const bar = () => screen.queryByRole("region", { name: "Print selected labels" });

describe("printing selected labels in bulk", () => {
  it("hides the bar until a label is selected, then counts the selection", async () => {
    mockApi(3, () => new Response("%PDF", { headers: { "Content-Type": "application/pdf" } }));
    renderList();
    const first = await screen.findByRole("checkbox", { name: "Select label H01AB00000000011" });
    expect(bar()).toBeNull();
    fireEvent.click(first);
    expect(bar()?.textContent).toContain("1 label selected");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select label H01AB00000000012" }));
    expect(bar()?.textContent).toContain("2 labels selected");
    fireEvent.click(first);
    expect(bar()?.textContent).toContain("1 label selected");
    fireEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(bar()).toBeNull();
  });

  it("selects the page, downloads the PDF in the chosen layout, and says it is working meanwhile", async () => {
    let answer: (r: Response) => void = () => {};
    const spy = mockApi(3, () => new Response("%PDF", { headers: { "Content-Type": "application/pdf" } }));
    const saved = mockSave();
    renderList();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select all on this page" }));
    expect(bar()?.textContent).toContain("3 labels selected");
    fireEvent.change(screen.getByLabelText("PDF layout"), { target: { value: "a4-4" } });

    spy.mockImplementation(async (input) => {
      if (String(input).endsWith("/api/v1/labels/print")) return new Promise<Response>((resolve) => (answer = resolve));
      return json(200, { results: [label(1), label(2), label(3)], total: 3 });
    });
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    expect(await screen.findByRole("button", { name: "Preparing PDF…" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download ZPL" }).hasAttribute("disabled")).toBe(true);
    answer(new Response("%PDF", { headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="labels-a4-4-2026-03-01.pdf"' } }));
    await screen.findByRole("button", { name: "Download PDF" });
    expect(saved).toHaveBeenCalled();
    expect(printBodies(spy)).toEqual([{ ids: ["lbl_1", "lbl_2", "lbl_3"], layout: "a4-4", format: "pdf" }]);
  });

  it("selects every label matching the filters and sends the filters, not ids", async () => {
    const spy = mockApi(40, () => new Response("^XA^XZ", { headers: { "Content-Type": "text/plain" } }));
    const saved = mockSave();
    renderList("/labels?courier=evri&tags=shop");
    fireEvent.click(await screen.findByRole("button", { name: "Select all 40 matching the filters" }));
    expect(bar()?.textContent).toContain("All 40 matching labels selected");
    expect((screen.getByRole("checkbox", { name: "Select label H01AB00000000013" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Download ZPL" }));
    await waitFor(() => expect(printBodies(spy)).toEqual([{ filters: { courier: "evri", tags: "shop" }, layout: "4x6", format: "zpl" }]));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
  });

  it("shows the server's refusal and keeps the selection", async () => {
    mockApi(3, () => json(400, { error: "These labels cannot be printed: they have no original PDF, PNG or JPEG file to merge: SG12345678GB" }));
    renderList();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select label H01AB00000000011" }));
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    expect((await screen.findByRole("alert")).textContent).toBe("These labels cannot be printed: they have no original PDF, PNG or JPEG file to merge: SG12345678GB");
    expect(bar()?.textContent).toContain("1 label selected");
  });

  it("says how many labels the file holds and lists those left out, by reason, each a link to its label", async () => {
    mockApi(3, () =>
      new Response("%PDF", {
        headers: {
          "Content-Type": "application/pdf",
          "X-Labels-Printed": "1",
          "X-Labels-Left-Out": "2",
          "X-Labels-Left-Out-Reasons": JSON.stringify({ no_recipient_address: ["H01AB00000000012"], no_original_file: ["SG577041359GB"] }),
        },
      }),
    );
    const saved = mockSave();
    renderList();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select all on this page" }));
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const status = await screen.findByText("1 label in the file; 2 left out:");
    const list = status.parentElement!.querySelector("ul")!;
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "No recipient name and address (add them on the label page): H01AB00000000012",
      "No original PDF, PNG, JPEG or WEBP file to print: SG577041359GB",
    ]);
    expect(within(bar()!).getByRole("link", { name: "H01AB00000000012" }).getAttribute("href")).toBe("/label/H01AB00000000012");
  });

  it("lists every label and why when none could be printed", async () => {
    mockApi(3, () =>
      json(400, {
        error: "Nothing to print. H01AB00000000011: no recipient name and address (add them on the label page).",
        leftOut: { no_recipient_address: ["H01AB00000000011"] },
      }),
    );
    const saved = mockSave();
    renderList();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select label H01AB00000000011" }));
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    expect((await screen.findByText("Nothing to print.")).parentElement!.textContent).toBe("Nothing to print. The label was left out:");
    expect(within(bar()!).getByRole("link", { name: "H01AB00000000011" })).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
    expect(bar()?.textContent).toContain("1 label selected");
  });

  it("starts again with nothing selected when the filters change", async () => {
    mockApi(40, () => json(200, {}));
    renderList("/labels?courier=evri&tags=shop");
    fireEvent.click(await screen.findByRole("button", { name: "Select all 40 matching the filters" }));
    expect(bar()).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove filter Tags: shop" }));
    await waitFor(() => expect(bar()).toBeNull());
    expect(((await screen.findByRole("checkbox", { name: "Select label H01AB00000000011" })) as HTMLInputElement).checked).toBe(false);
  });

  it("will not ask for more than 500 labels at once", async () => {
    mockApi(501, () => json(200, {}));
    renderList();
    fireEvent.click(await screen.findByRole("button", { name: "Select all 501 matching the filters" }));
    expect(bar()?.textContent).toContain("Print at most 500 labels at once");
    expect(screen.getByRole("button", { name: "Download PDF" }).hasAttribute("disabled")).toBe(true);
  });
});
