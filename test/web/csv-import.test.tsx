import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import LabelsPage from "../../web/features/labels/LabelsPage";
import { CsvTab } from "../../web/features/upload/CsvTab";
import type { CsvImportPreview } from "../../web/features/upload/csvImportApi";
import UploadPage from "../../web/features/upload/UploadPage";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.restoreAllMocks());

const PREVIEW: CsvImportPreview = {
  rows: [
    { line: 2, trackingCode: "H01AB00000000011", courier: "evri", status: "new", errors: [] },
    { line: 3, trackingCode: "SG12345678GB", courier: "royalmail", status: "update", errors: [] },
    { line: 4, trackingCode: "BAD", courier: "evri", status: "error", errors: ["Invalid tracking code for Evri: 16 characters."] },
    { line: 5, trackingCode: "15501234567890", courier: "dpd", status: "error", errors: ["DPD is not supported. Parcelhive reads and tracks Evri and Royal Mail labels."] },
  ],
  total: 4,
  new: 1,
  update: 1,
  error: 2,
  credits: 1,
  balance: 5,
};

const csvFile = (text = "tracking_code,courier\n", name = "labels.csv") => new File([text], name, { type: "text/csv" });

const courier = (id: string, displayName: string) => ({ id, label: id, displayName });

function renderTab(credits: number | null = 5) {
  const onImported = vi.fn();
  const client = newQueryClient();
  // The couriers call's answer, as the page has it already (the table names each courier from it).
  client.setQueryData(["couriers"], [courier("evri", "Evri"), courier("royalmail", "Royal Mail")]);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CsvTab credits={credits} onImported={onImported} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onImported;
}

const choose = (file: File) => fireEvent.change(screen.getByTestId("csv-input"), { target: { files: [file] } });

describe("the CSV tab", () => {
  it("previews a file: an accessible table of every row with its result and errors, and what the import costs", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(200, PREVIEW));
    renderTab();
    choose(csvFile());
    expect(screen.getByText("Reading labels.csv…")).toBeTruthy();
    const table = await screen.findByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Line", "Tracking code", "Courier", "Result"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[3].textContent)).toEqual([
      "New (1 credit)",
      "Update (free)",
      "ErrorInvalid tracking code for Evri: 16 characters.",
      "ErrorDPD is not supported. Parcelhive reads and tracks Evri and Royal Mail labels.",
    ]);
    // Couriers by name; a courier we do not know as the file wrote it.
    expect(rows.map((r) => within(r).getAllByRole("cell")[2].textContent)).toEqual(["Evri", "Royal Mail", "Evri", "dpd"]);
    expect(screen.getByText(/4 rows: 1 new, 1 update, 2 with errors\. Nothing is charged until you import\./)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Import 2 labels (costs 1 credit)" }).hasAttribute("disabled")).toBe(false);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(String(url)).toBe("/api/v1/labels/import/preview");
    expect(((init as RequestInit).body as FormData).get("file")).toBeInstanceOf(File);
  });

  it("imports the good rows, shows the summary and asks the page to read the balance again", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(200, PREVIEW))
      .mockResolvedValueOnce(json(200, { ...PREVIEW, imported: 2, balance: 4 }));
    const onImported = renderTab();
    choose(csvFile());
    fireEvent.click(await screen.findByRole("button", { name: "Import 2 labels (costs 1 credit)" }));
    const status = await screen.findByText(/Imported 2 labels: 1 new, 1 updated; 1 credit used\. 2 rows with errors skipped\./);
    expect(status.closest("[role=status]")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Labels" }).getAttribute("href")).toBe("/labels");
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[1][0])).toBe("/api/v1/labels/import");
  });

  it("keeps the preview and shows the server's error when the import is refused", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(200, PREVIEW))
      .mockResolvedValueOnce(json(402, { error: "You need 1 credits to import these labels" }));
    renderTab();
    choose(csvFile());
    fireEvent.click(await screen.findByRole("button", { name: /^Import 2 labels/ }));
    expect((await screen.findByRole("alert")).textContent).toBe("You need 1 credits to import these labels");
    expect(screen.getByRole("table")).toBeTruthy();
  });

  it("disables the import when the credits do not cover the new codes, or no row is good", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(200, { ...PREVIEW, credits: 3, new: 3 }));
    renderTab(2);
    choose(csvFile());
    const button = await screen.findByRole("button", { name: /^Import 4 labels \(costs 3 credits\)/ });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("title")).toBe("You need 3 credits to import these labels");
    expect(screen.getByText("You need 3 credits for the new labels and have 2.")).toBeTruthy();
  });

  it("shows the server's message for a file it refuses, and refuses a file over 1 MB without sending it", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { error: "At most 1,000 rows per file (this one has 1,001)." }));
    renderTab();
    choose(csvFile());
    expect((await screen.findByRole("alert")).textContent).toBe("At most 1,000 rows per file (this one has 1,001).");
    choose(csvFile("x".repeat(1024 * 1024 + 1)));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The CSV file must be 1 MB or smaller."));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("is the third tab of /upload, chosen by #csv and reached with the arrow keys", async () => {
    tokens.set("acc", "ref");
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
      if (url.pathname === "/api/v1/couriers") return json(200, []);
      return json(404, { error: "Not found" });
    });
    render(
      <QueryClientProvider client={newQueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={["/upload#csv"]}>
            <UploadPage />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    const csvTab = await screen.findByRole("tab", { name: "CSV" });
    expect(csvTab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("button", { name: "Download template" })).toBeTruthy();
    fireEvent.keyDown(csvTab, { key: "ArrowRight" });
    await waitFor(() => expect(screen.getByRole("tab", { name: "Upload" }).getAttribute("aria-selected")).toBe("true"));
    fireEvent.keyDown(screen.getByRole("tab", { name: "Upload" }), { key: "ArrowLeft" });
    await waitFor(() => expect(screen.getByRole("tab", { name: "CSV" }).getAttribute("aria-selected")).toBe("true"));
  });
});

describe("Export CSV on /labels", () => {
  it("downloads the export with the list's current filters", async () => {
    tokens.set("acc", "ref");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
      if (url.pathname === "/api/v1/couriers") return json(200, []);
      if (url.pathname === "/api/v1/labels/export.csv")
        return new Response("\uFEFFtracking_code\r\n", { headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="parcelhive-labels-2026-11-25.csv"' } });
      return json(200, { results: [], total: 0 });
    });
    const createUrl = vi.fn(() => "blob:x");
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    render(
      <QueryClientProvider client={newQueryClient()}>
        <AuthProvider>
          <MemoryRouter initialEntries={["/labels?courier=evri&tags=ebay"]}>
            <Routes>
              <Route path="/labels" element={<LabelsPage />} />
            </Routes>
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(clicked).toEqual(["parcelhive-labels-2026-11-25.csv"]));
    const exportCall = fetchSpy.mock.calls.map(([u]) => new URL(String(u), "http://localhost")).find((u) => u.pathname.endsWith("export.csv"))!;
    expect(Object.fromEntries(exportCall.searchParams)).toEqual({ courier: "evri", tags: "ebay" });
  });
});
