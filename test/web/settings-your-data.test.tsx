import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { DataExportCard } from "../../web/features/settings/DataExportCard";
import { RetentionCard } from "../../web/features/settings/RetentionCard";
import type { ApiDataExport } from "../../worker/privacy/export-model";

// Settings → Your data: every state of the 'Download my data' card, and the retention choice.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const building: ApiDataExport = {
  id: "exp_00000000000000000001",
  status: "building",
  createdAt: "2026-11-29T10:00:00.000Z",
  readyAt: null,
  expiresAt: null,
  size: null,
  progress: { step: "labels.csv", labels: 40_000, labelsTotal: 100_000, files: 0, filesTotal: 1_200 },
  downloadUrl: null,
  error: null,
};
const ready: ApiDataExport = {
  ...building,
  status: "ready",
  readyAt: "2026-11-29T10:05:00.000Z",
  expiresAt: "2026-12-06T10:05:00.000Z",
  size: 18_400_000,
  progress: { ...building.progress, step: "ready", labels: 100_000, files: 1_200 },
  downloadUrl: "http://localhost/api/v1/user/export/download?token=1.exp_00000000000000000001.1.sig",
};

let calls: { method: string; path: string; body?: string }[] = [];
function serve(handler: (method: string, path: string, body?: string) => Response | Promise<Response>) {
  calls = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? init.body : undefined;
    calls.push({ method, path: url.pathname, body });
    return handler(method, url.pathname, body);
  });
}

const renderIt = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

beforeEach(() => tokens.set("acc", "ref"));
afterEach(() => {
  vi.restoreAllMocks();
  tokens.clear();
});

describe("the Download my data card", () => {
  it("asks for a copy, shows its progress while it is built, then its link, size and end date", async () => {
    let state: ApiDataExport | null = null;
    serve((method) => {
      if (method === "POST") state = building;
      return json(method === "POST" ? 202 : 200, { export: state });
    });
    renderIt(<DataExportCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Download my data" }));
    await screen.findByText("Preparing your data…");
    expect(screen.getByText("Labels 40,000 of 100,000 · Files 0 of 1,200")).toBeTruthy();
    expect((screen.getByRole("progressbar") as HTMLProgressElement).value).toBeCloseTo(40_000 / 101_200);
    expect(screen.getByText("You can leave this page: we e-mail you a link when it is ready.")).toBeTruthy();

    state = ready;
    // The card polls while the copy is being built.
    const link = (await screen.findByRole("link", { name: "Download ZIP" }, { timeout: 6000 })) as HTMLAnchorElement;
    expect(link.href).toBe(ready.downloadUrl);
    expect(screen.getByText(/^Your copy is ready \(17\.5 MB\)\. The link works until 6 Dec, 10:05 and was also sent to you by e-mail\.$/)).toBeTruthy();
  }, 10_000);

  it("deletes the copy after asking, and says so", async () => {
    let state: ApiDataExport | null = ready;
    serve((method) => {
      if (method === "DELETE") {
        state = null;
        return new Response(null, { status: 204 });
      }
      return json(200, { export: state });
    });
    renderIt(<DataExportCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Delete this copy" }));
    expect(screen.getByRole("alertdialog").textContent).toContain("Its link stops working at once");
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete" }));
    await screen.findByText("The copy was deleted.");
    expect(screen.getByRole("button", { name: "Download my data" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });

  it("shows a failed build and the server's refusal of a new copy", async () => {
    serve((method) =>
      method === "POST"
        ? json(429, { error: "You asked for a copy of your data a few minutes ago. You can ask for a new one 15 minutes after the last." })
        : json(200, { export: { ...building, status: "failed", error: "The copy could not be finished. Please ask for a new one." } }),
    );
    renderIt(<DataExportCard />);
    await screen.findByText("The copy could not be finished. Please ask for a new one.");
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("The copy could not be finished. Please ask for a new one.");
    fireEvent.click(screen.getByRole("button", { name: "Make a new copy" }));
    await waitFor(() => expect(screen.getByText(/15 minutes after the last/)).toBeTruthy());
  });

  it("says when it cannot load, and tries again", async () => {
    let fail = true;
    serve(() => (fail ? json(500, { error: "Something went wrong. Please try again." }) : json(200, { export: null })));
    renderIt(<DataExportCard />);
    await screen.findByText("Something went wrong. Please try again.");
    expect(screen.getAllByRole("alert").some((a) => a.textContent?.includes("Something went wrong. Please try again."))).toBe(true);
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await screen.findByRole("button", { name: "Download my data" });
  });
});

describe("the retention card", () => {
  it("shows the choice and saves another", async () => {
    serve((method, _path, body) =>
      json(200, { buyerContactDays: 90, addressRetentionDays: method === "PUT" ? JSON.parse(body!).addressRetentionDays : null, choices: [null, 30, 90, 180, 365, 730] }),
    );
    renderIt(<RetentionCard />);
    const select = (await screen.findByLabelText("Keep recipients' addresses")) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      "Until I delete the label",
      "30 days after delivery",
      "90 days after delivery",
      "6 months after delivery",
      "1 year after delivery",
      "2 years after delivery",
    ]);
    expect(select.value).toBe("");
    fireEvent.change(select, { target: { value: "365" } });
    await screen.findByText("Saved. The daily clean-up applies it from tonight.");
    expect(calls.find((c) => c.method === "PUT")?.body).toBe(JSON.stringify({ addressRetentionDays: 365 }));
    expect(select.value).toBe("365");
  });
});
