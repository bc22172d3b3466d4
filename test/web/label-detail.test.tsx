import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newQueryClient } from "../../web/api/queries";
import { tokens } from "../../web/api/tokens";
import { AuthProvider } from "../../web/app/auth";
import LabelDetailPage from "../../web/features/labels/LabelDetailPage";
import type { ApiLabel } from "../../web/features/labels/types";
import { apiLabel } from "./api-label";

// What a new user met on the label page (a phone, 390 px): reasons said only in a tooltip, a date said twice.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage(label: ApiLabel) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/v1/user") return json(200, { id: 1, email: "a@b.c", credits: 3, is_admin: false });
    if (url.pathname === "/api/v1/couriers") return json(200, []);
    if (url.pathname === "/api/v1/label/lbl_1") return json(200, label);
    return json(404, { error: "Not found" });
  });
  tokens.set("acc", "ref");
  render(
    <QueryClientProvider client={newQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={["/label/lbl_1"]}>
          <Routes>
            <Route path="/label/:code" element={<LabelDetailPage />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe("the label page's 'Download original'", () => {
  it("says beside it why it is off when the label has no file (a phone shows no title), tied to it for a screen reader", async () => {
    renderPage(apiLabel({ file: null }));
    const button = await screen.findByRole("button", { name: "Download original" });
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("title")).toBe("No original file available");
    const reason = screen.getByText("No original file available.");
    expect(button.getAttribute("aria-describedby")).toBe(reason.id);
  });

  it("says nothing of it when the file is there", async () => {
    renderPage(apiLabel({ file: { name: "label.pdf", mime: "application/pdf", hasBytes: true } }));
    const button = await screen.findByRole("button", { name: "Download original" });
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText("No original file available.")).toBeNull();
  });
});
